"""The typeset-negations probe: its cases are what it says, and the shipped detector
reads a typeset contraction as a negation."""

from __future__ import annotations

import pytest

from benchmarks.probes import probe_grader, tally_of
from benchmarks.typeset_negations import PAGES, typeset_negation_cases
from tests.support.probe_pages import assert_two_of_each_in_two_halves


def test_each_page_negates_typeset_and_has_two_restatements_and_two_flips() -> None:
    assert_two_of_each_in_two_halves(PAGES, typeset_negation_cases)
    for page in PAGES:
        assert "\u2019t " in page.text
        assert "\u2019" not in "".join(page.flips)


@pytest.mark.parametrize("embedder", ["hash", pytest.param("minilm", marks=pytest.mark.minilm)])
def test_the_shipped_detector_fails_most_flips_and_passes_most_restatements(
    embedder: str,
) -> None:
    """Read as written, U+2019 hid every negation: the hash default caught none of the
    32 flips and refused 29 of the 32 restatements (docs/benchmarks.md)."""
    tally = tally_of(
        probe_grader(embedder),
        [*typeset_negation_cases("studied"), *typeset_negation_cases("held out")],
    )
    assert tally.caught >= 26, tally
    assert tally.passed >= 20, tally
