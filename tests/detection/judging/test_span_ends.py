"""A span's end read as its own event: "closes at 10 PM" restates "open from 8 AM to
10 PM", where the contrast table holds "closes" and "open" as opposites."""

from __future__ import annotations

import pytest

from grounding_sidecar.detection.judging.span_ends import states_the_end, turned_span
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
        # "May 1" is no end because "May 10" is one.
        (
            "The sale ends on May 1.",
            ("ends", "starts"),
            "The sale starts on May 1 and runs until May 10.",
        ),
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


@pytest.mark.parametrize(
    ("claim", "passage", "found"),
    [
        (
            "On weekdays the library opens at 8 PM.",
            "The library is open from 9 AM until 8 PM on weekdays.",
            ("opens at 8 PM", "until 8 PM"),
        ),
        ("The pharmacy opens at 10 PM every day.", PHARMACY, ("opens at 10 PM", "to 10 PM")),
        (
            "The sale ends on May 1.",
            "The sale runs from May 1 until May 10.",
            ("ends on May 1", "from May 1"),
        ),
        ("The museum opens at 6 PM.", "The museum is open 9 AM-6 PM.", ("opens at 6 PM", "-6 PM")),
    ],
)
def test_a_value_put_at_the_other_end_of_a_span_is_turned(
    claim: str, passage: str, found: tuple[str, str]
) -> None:
    assert turned_span(claim, passage) == found


@pytest.mark.parametrize(
    ("claim", "passage"),
    [
        ("The pharmacy opens at 8 AM every day.", PHARMACY),  # its own end
        ("The pharmacy closes at 10 PM every day.", PHARMACY),
        # The passage writes the value at both ends of its spans: no end is its own.
        ("The desk opens at 2 PM.", "The desk is open from 9 AM to 2 PM and from 2 PM to 6 PM."),
        # A value the passage writes at no span's end.
        ("The pharmacy opens at 9 AM.", "The pharmacy opened at 9 AM on its first day."),
        ("The pharmacy opens in the morning.", PHARMACY),  # no value
        # A negated start is no start: closing restates it.
        ("The museum is closed on Mondays.", "The museum isn't open on Mondays."),
        ("The museum is closed on Mondays.", "It is never open on Mondays."),
    ],
)
def test_a_value_at_its_own_end_or_at_none_is_not_turned(claim: str, passage: str) -> None:
    assert turned_span(claim, passage) is None
