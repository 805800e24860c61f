"""The decimal-commas probe: its cases are what it says, and the shipped detector reads
a decimal comma as a decimal point."""

from __future__ import annotations

import re

import pytest

from benchmarks.decimal_commas import PAGES, decimal_comma_cases
from benchmarks.probes import probe_grader, tally_of
from tests.support.probe_pages import assert_two_of_each_in_two_halves


def test_each_page_writes_decimal_commas_and_has_two_restatements_and_two_flips() -> None:
    assert_two_of_each_in_two_halves(PAGES, decimal_comma_cases)
    for page in PAGES:
        assert re.search(r"\d,\d{1,2}\b", page.text), page.name
        assert not re.search(r"\d,\d{1,2}\b", " ".join((*page.restatements, *page.flips)))


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
