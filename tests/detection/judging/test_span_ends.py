"""A span's end read as its own event: "closes at 10 PM" restates "open from 8 AM to
10 PM", where the contrast table holds "closes" and "open" as opposites."""

from __future__ import annotations

import pytest

from grounding_sidecar.detection.judging.span_ends import states_the_end
from grounding_sidecar.detection.text.contrasts import contrast_table

PHARMACY = "The pharmacy is open from 8 AM to 10 PM every day."


@pytest.mark.parametrize(
    ("claim", "pair", "passage"),
    [
        ("The pharmacy closes at 10 PM every day.", ("closes", "open"), PHARMACY),
        # The value written another way.
        ("The pharmacy closes at 22:00 every day.", ("closes", "open"), PHARMACY),
        ("The museum shuts at 6 PM.", ("shuts", "open"), "The museum is open 9 AM-6 PM."),
        ("The museum closes at 6 PM.", ("closes", "open"), "The museum is open until 6 PM."),
        (
            "The sale ends on May 10.",
            ("ends", "starts"),
            "The sale starts on May 1 and runs until May 10.",
        ),
    ],
)
def test_a_span_end_at_the_value_the_passage_ends_it_with(
    claim: str, pair: tuple[str, str], passage: str
) -> None:
    assert states_the_end(claim, pair, passage, contrast_table())


@pytest.mark.parametrize(
    ("claim", "pair", "passage"),
    [
        # The span's start, or a value the passage does not end it with.
        ("The pharmacy closes at 8 AM every day.", ("closes", "open"), PHARMACY),
        ("The pharmacy closes at 9 PM every day.", ("closes", "open"), PHARMACY),
        # No value after the word.
        ("The pharmacy is closed every day.", ("closed", "open"), PHARMACY),
        # Not a span's end against its start: another pair.
        ("The pharmacy is private until 10 PM.", ("private", "public"), PHARMACY),
        # A start for an end is no restatement.
        ("The pharmacy opens at 10 PM.", ("opens", "closes"), "It closes at 8 AM to 10 PM."),
    ],
)
def test_anything_else_is_left_to_the_contrast(
    claim: str, pair: tuple[str, str], passage: str
) -> None:
    assert not states_the_end(claim, pair, passage, contrast_table())
