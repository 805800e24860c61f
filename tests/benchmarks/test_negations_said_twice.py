"""The negations-said-twice probe: its cases are what it says, and the shipped detector
reads a negation said in two statements as negating."""

from __future__ import annotations

import pytest

from benchmarks.negations_said_twice import PAGES, negations_said_twice_cases
from benchmarks.probes import probe_grader, tally_of
from grounding_sidecar.detection.text.negation import cues
from tests.support.probe_pages import assert_two_of_each_in_two_halves


def test_each_page_negates_twice_and_has_two_restatements_and_two_flips() -> None:
    assert_two_of_each_in_two_halves(PAGES, negations_said_twice_cases)
    for page in PAGES:
        assert len(cues(page.text)) >= 2, page.name
        assert not any(cues(flip) for flip in page.flips), page.name


@pytest.mark.parametrize("embedder", ["hash", pytest.param("minilm", marks=pytest.mark.minilm)])
def test_the_shipped_detector_fails_most_flips_and_passes_most_restatements(
    embedder: str,
) -> None:
    """Counted as one double negative, "No pets. The hotel doesn't allow pets" let "The
    hotel allows pets" pass (docs/benchmarks.md)."""
    tally = tally_of(
        probe_grader(embedder),
        [*negations_said_twice_cases("studied"), *negations_said_twice_cases("held out")],
    )
    assert tally.caught >= 21, tally
    assert tally.passed >= 20, tally
