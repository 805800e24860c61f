"""A superlative turned to the other end of its scale against the best passage; not
where the passage also ranks the thing at the claim's end, the claim negates, the
things differ, or a near passage ranks it as the claim does."""

from __future__ import annotations

import pytest

from grounding_sidecar.detection.judging.superlatives import opposite_superlative

ETNA = "Mount Etna, on the east coast of Sicily, is the tallest active volcano in Europe."
TOWNS = "Lübeck was the largest town of the league and Riga the smallest town."


def _best_only() -> list[str]:
    return []


@pytest.mark.parametrize(
    ("claim", "passage", "found"),
    [
        ("Etna is the smallest active volcano in Europe.", ETNA, ("smallest", "tallest")),
        ("It was the last increase.", "It was the first increase in years.", ("last", "first")),
        ("Tea is the least popular drink.", "Tea is the most popular drink.", ("least", "most")),
    ],
)
def test_the_other_end_of_the_scale_names_both(
    claim: str, passage: str, found: tuple[str, str]
) -> None:
    assert opposite_superlative(claim, passage, _best_only) == found


@pytest.mark.parametrize(
    ("claim", "passage"),
    [
        ("Etna is the highest active volcano in Europe.", ETNA),  # the same end
        ("Etna is not the smallest active volcano in Europe.", ETNA),  # negated
        ("Riga was the smallest town of the league.", TOWNS),  # the passage ranks both
        ("Etna is the oldest active volcano in Europe.", ETNA),  # another scale
        ("Etna is the smallest island.", ETNA),  # another thing
    ],
)
def test_no_superlative_turned(claim: str, passage: str) -> None:
    assert opposite_superlative(claim, passage, _best_only) is None


def test_a_near_passage_ranking_the_thing_as_the_claim_does_excuses_it() -> None:
    claim = "Etna is the smallest active volcano in Europe."
    near = "Stromboli, not Etna, is the smallest active volcano in Europe."
    assert opposite_superlative(claim, ETNA, lambda: [ETNA, near]) is None


def test_a_superlative_the_passage_uses_of_an_elided_noun_is_not_turned() -> None:
    passage = "Lübeck was the largest town of the league and Riga the smallest."
    assert (
        opposite_superlative("Riga was the smallest town of the league.", passage, _best_only)
        is None
    )


DANUBE = "The Danube is Europe's second-longest river, after the Volga."


def test_a_superlative_raised_to_the_top_is_named() -> None:
    claim = "The Danube is the longest river in Europe."
    assert opposite_superlative(claim, DANUBE, _best_only) == ("longest", "second-longest")
    # Negated, or ranked at the top by a passage about as similar: nothing.
    assert opposite_superlative("The Danube is not the longest river.", DANUBE, _best_only) is None
    near = "Some atlases call the Danube the longest river of Europe."
    assert opposite_superlative(claim, DANUBE, lambda: [DANUBE, near]) is None
