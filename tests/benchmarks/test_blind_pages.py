"""The pages-written-blind probe: its cases are what it says, and the shipped detector
fails more of its flips and passes more of its restatements than chance would."""

from __future__ import annotations

import pytest

from benchmarks.blind_pages import PAGES, blind_page_cases
from benchmarks.probes import probe_grader, tally_of
from tests.support.probe_pages import assert_two_of_each_in_two_halves


def test_each_page_has_two_restatements_and_two_flips_in_two_halves() -> None:
    assert_two_of_each_in_two_halves(PAGES, blind_page_cases)
    names = [page.name for page in PAGES]
    assert len(set(names)) == len(names) == 96


@pytest.mark.parametrize("embedder", ["hash", pytest.param("minilm", marks=pytest.mark.minilm)])
def test_the_shipped_detector_reads_the_studied_half(embedder: str) -> None:
    """The studied half's misses shape rules; the held-out half is counted, never read
    case by case (docs/benchmarks.md, "Pages written blind")."""
    tally = tally_of(probe_grader(embedder), blind_page_cases("studied"))
    # rules-v36: 83 / 83 of 96 flips caught, 75 / 82 restatements passed (hash / MiniLM);
    # rules-v35 caught 76 / 76 and passed 73 / 80, rules-v34 65 / 61 and 69 / 73.
    assert tally.caught >= 78, tally
    assert tally.passed >= 71, tally
