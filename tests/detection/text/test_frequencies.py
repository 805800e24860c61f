"""Frequencies: the periods a text says something repeats over, in the forms that say
how often; a duration is none."""

from __future__ import annotations

import pytest

from grounding_sidecar.detection.text.frequencies import PERIOD_NOUNS, frequencies


@pytest.mark.parametrize(
    ("text", "found"),
    [
        ("Statements are issued weekly.", {"week": "weekly"}),
        ("$12 per user per month, billed annually.", {"month": "per month", "year": "annually"}),
        ("Backups run every day and each Sunday.", {"day": "every day"}),
        ("An annual fee of $10 applies.", {"year": "annual"}),
        # Durations and counts of periods are amounts (details.py), not frequencies.
        ("Check-in opens 24 hours before departure.", {}),
        ("Take 500 mg every 4 to 6 hours.", {}),
        ("Books are lent for three weeks.", {}),
    ],
)
def test_a_frequency_is_read_as_its_period(text: str, found: dict[str, str]) -> None:
    assert frequencies(text) == found


def test_the_periods_are_the_nouns_a_frequency_is_written_with() -> None:
    assert {"hour", "day", "week", "month", "quarter", "year"} == PERIOD_NOUNS
    assert set(frequencies("billed per quarter, paid annually")) <= PERIOD_NOUNS
