"""Shares and multiples written as words read as percentages, only where the words
can be read precisely; a change stated as two values implies its share."""

from __future__ import annotations

import pytest

from grounding_sidecar.detection.text.shares import (
    find_shares,
    implied_changes,
    implied_ratios,
    implied_remainders,
)


@pytest.mark.parametrize(
    ("text", "percent", "surface"),
    [
        ("The upgrade cut build time by half.", 50.0, "by half"),
        ("Build time was cut in half.", 50.0, "in half"),
        ("Costs were halved.", 50.0, "halved"),
        ("Half of the staff work remotely.", 50.0, "Half of"),
        ("Peak tickets cost half as much as off-peak ones.", 50.0, "half as much"),
        ("Sales doubled.", 100.0, "doubled"),
        ("The new disk is twice as fast.", 100.0, "twice as"),
        ("Earnings were roughly double the prior year's.", 100.0, "double the"),
        ("Traffic tripled.", 200.0, "tripled"),
        ("Costs fell by a third.", 100 / 3, "by a third"),
        ("A quarter of users opted in.", 25.0, "A quarter of"),
        ("Two-thirds of voters agreed.", 200 / 3, "Two-thirds"),
        ("Three quarters of the budget is spent.", 75.0, "Three quarters"),
    ],
)
def test_a_share_in_words_is_a_percentage(text: str, percent: float, surface: str) -> None:
    (share,) = find_shares(text)
    assert share.percent == pytest.approx(percent)
    assert share.surface == surface
    assert text[share.span[0] : share.span[1]] == surface


@pytest.mark.parametrize(
    "text",
    [
        "Revenue grew in the first half of 2024.",  # a period, not a share
        "The download finishes in half an hour.",
        "The meeting lasts one and a half hours.",
        "Backups run twice a week.",  # a frequency
        "Every guest gets a double room.",
        "The contract names a third party.",  # an ordinal
        "Sales rose in the third quarter.",
    ],
)
def test_words_that_state_no_share(text: str) -> None:
    assert list(find_shares(text)) == []


def test_a_change_stated_as_two_values_implies_its_share() -> None:
    (fell,) = implied_changes("Build time fell from 40 to 20 minutes.")
    assert (fell.percent, fell.surface) == (50.0, "from 40 to 20")
    (rose,) = implied_changes("The price rose from $10 to $30.")
    assert rose.percent == 200.0
    (cut,) = implied_changes("Build time fell from 30 minutes to 20 minutes.")
    assert cut.percent == pytest.approx(100 / 3)
    assert list(implied_changes("It stayed at 40, from 40 to 40 minutes.")) == []


@pytest.mark.parametrize(
    ("text", "percent"),
    [
        ("About 1 in 4 adults smoke.", 25.0),
        ("Three out of ten users opted in.", 30.0),
        ("One in three homes has a cat.", 100 / 3),
    ],
)
def test_a_count_out_of_a_count_implies_its_share(text: str, percent: float) -> None:
    assert [s.percent for s in implied_ratios(text)] == [pytest.approx(percent)]


@pytest.mark.parametrize(
    "text", ["He scored 2 in 10 minutes.", "It won 3 in 2019.", "It ranked 5 in 3 polls."]
)
def test_counts_that_state_no_ratio(text: str) -> None:
    assert list(implied_ratios(text)) == []


def test_values_past_what_numbers_hold_imply_no_share() -> None:
    # A change to a value past the float range, and a count longer than Python reads as
    # an int (4,300 digits), each raised and failed the whole check.
    assert list(implied_changes("Users went from 5 to " + "9" * 400 + " in a day.")) == []
    assert list(implied_ratios("1 in " + "4" * 5000 + " adults.")) == []
    assert [s.percent for s in implied_ratios("1 in 4 adults.")] == [25.0]


@pytest.mark.parametrize(
    ("text", "rests"),
    [
        (
            "They put roughly two-thirds of the loss down to melting and the remainder to calving.",
            [33.3],
        ),
        ("About 60% of the budget goes to staff and the rest to rent.", [40.0]),
        # Not across a sentence or a semicolon, and not without a rest named.
        ("Costs fell by half. The rest is history.", []),
        ("About 60% of staff work remotely; the rest come in.", []),
        ("About 60% of staff work remotely.", []),
    ],
)
def test_the_rest_of_a_share_is_implied(text: str, rests: list[float]) -> None:
    assert [round(share.percent, 1) for share in implied_remainders(text)] == rests
