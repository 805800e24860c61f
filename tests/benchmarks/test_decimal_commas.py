"""The decimal-commas probe: its cases are what it says, and the shipped detector reads
a decimal comma as a decimal point."""

from __future__ import annotations

import re

import pytest

from benchmarks.decimal_commas import PAGES, decimal_comma_cases
from benchmarks.probes import probe_grader, tally_of


def test_each_page_writes_decimal_commas_and_has_two_restatements_and_two_flips() -> None:
    studied, held_out = decimal_comma_cases("studied"), decimal_comma_cases("held out")
    assert len(studied) == len(held_out) == 2 * len(PAGES)
    for page in PAGES:
        assert re.search(r"\d,\d{1,2}\b", page.text), page.name
        assert not re.search(r"\d,\d{1,2}\b", " ".join((*page.restatements, *page.flips)))
        assert len(page.restatements) == len(page.flips) == 2
    labels = [case.claims[0].verdict.value for case in studied[:4]]
    assert labels == ["supported", "supported", "contradictory", "contradictory"]


@pytest.mark.parametrize("embedder", ["hash", pytest.param("minilm", marks=pytest.mark.minilm)])
def test_the_shipped_detector_catches_most_whole_parts_and_passes_most_restatements(
    embedder: str,
) -> None:
    """Read as written, "€ 84,50" was 84: the hash default caught 3 of the 24 values
    cut to their whole part and passed none of the 24 restatements (docs/benchmarks.md)."""
    tally = tally_of(
        probe_grader(embedder), [*decimal_comma_cases("studied"), *decimal_comma_cases("held out")]
    )
    assert tally.caught >= 20, tally
    assert tally.passed >= 20, tally
