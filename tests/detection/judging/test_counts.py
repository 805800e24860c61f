"""A count changed: a claim's count of a thing its best passage counts otherwise, one of
the two unread by the details; not where the counts agree, the claim negates, both are
numbers, or a near passage states the claim's count."""

from __future__ import annotations

import pytest

from grounding_sidecar.detection.judging.counts import changed_count

FED = "The lake covers about 8,300 square kilometres and is fed by more than 25 rivers."
DRAINED = "Only one river, the Desaguadero, drains it."
RATE = "It was the fifth increase in a row."


def _best_only() -> list[str]:
    return []


@pytest.mark.parametrize(
    ("claim", "passage", "found"),
    [
        ("The lake is fed by a single river.", FED, ("a single", "more than 25")),
        (
            "Several rivers, including the Desaguadero, drain the lake.",
            DRAINED,
            ("Several", "Only one"),
        ),
        ("It was the first increase in a year.", RATE, ("the first", "the fifth")),
        (
            "Both parents must sign the form.",
            "Three parents must sign the form.",
            ("Both", "Three"),
        ),
    ],
)
def test_a_count_the_passage_does_not_allow_names_both(
    claim: str, passage: str, found: tuple[str, str]
) -> None:
    assert changed_count(claim, passage, _best_only) == found


@pytest.mark.parametrize(
    ("claim", "passage"),
    [
        ("More than 25 rivers flow into the lake.", FED),  # restated
        ("Many rivers feed the lake.", FED),  # "many" allows 26 and more
        ("The Desaguadero is the only river that drains it; a single river.", DRAINED),
        ("The lake is not fed by a single river.", FED),  # negated
        ("The lake is fed by 3 rivers.", FED),  # two numbers: the details' to compare
        ("A single road leads there.", FED),  # another thing
    ],
)
def test_no_count_changed(claim: str, passage: str) -> None:
    assert changed_count(claim, passage, _best_only) is None


def test_a_near_passage_that_states_the_claims_count_excuses_it() -> None:
    claim = "A single river drains the lake."
    assert changed_count(claim, FED, _best_only) == ("A single", "more than 25")
    assert changed_count(claim, FED, lambda: [FED, DRAINED]) is None


def test_a_count_word_the_passage_uses_of_an_elided_noun_is_no_change() -> None:
    passage = "Sales were higher in the first quarter than in the second."
    claim = "The first quarter's sales were higher than the second quarter's."
    assert changed_count(claim, passage, _best_only) is None


def test_a_part_of_a_whole_said_as_most_where_the_passage_counts_a_few_is_changed() -> None:
    passage = "Tests found lead above the legal limit in 3 of the 40 schools sampled."
    claim = "Tests found lead above the legal limit in most of the 40 schools sampled."
    assert changed_count(claim, passage, lambda: [passage]) == ("most", "3")
    restated = "Tests found lead above the legal limit in a few of the 40 schools sampled."
    assert changed_count(restated, passage, lambda: [passage]) is None
