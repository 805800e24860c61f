"""Obligations: a claim that calls optional what its passage requires, or required
what it calls optional, contradicts it; an attribute, a condition, or another clause's
obligation does not."""

from __future__ import annotations

import pytest

from grounding_sidecar.detection.judging.obligations import changed_obligation

RECEIPTS = "Receipts are required for any single item over $25."


@pytest.mark.parametrize(
    ("claim", "passage", "words"),
    [
        (
            "Receipts are optional for expense items over $25.",
            RECEIPTS,
            ("are optional", "are required"),
        ),
        (
            "Attending the all-hands meeting in the office is optional for staff.",
            "All staff must be in the office for the all-hands meeting.",
            ("is optional", "must"),
        ),
        (
            "Written approval is not required for bookings above the limits.",
            "Bookings above these limits require written approval.",
            ("is not required", "require"),
        ),
        (
            "Members must bring their own towels to the pool.",
            "Bringing your own towels to the pool is optional for members.",
            ("must", "is optional"),
        ),
    ],
)
def test_an_obligation_turned_around_is_named(
    claim: str, passage: str, words: tuple[str, str]
) -> None:
    assert changed_obligation(claim, passage) == words


@pytest.mark.parametrize(
    ("claim", "passage"),
    [
        # Both say the same.
        ("Receipts must be kept for items over $25.", RECEIPTS),
        # An attribute obliges to nothing.
        (
            "Labels will carry a voluntary statement about milk.",
            "Labels must state the milk content.",
        ),
        # The passage's sentence states a condition: the claim may restate the other case.
        (
            "Receipts are optional for items under $25.",
            "Receipts are required if the item costs over $25.",
        ),
        # Another clause's obligation ("lockers require a padlock").
        (
            "Members do not have to pay for the towels.",
            "Towels are free, but lockers require a padlock you bring.",
        ),
        # "must not" forbids; it obliges to nothing.
        ("Helmets are optional on the track.", "Riders must not remove helmets on the track."),
        # One shared word is no reading.
        ("Parking is optional.", "Visitors must sign in at the front desk."),
    ],
)
def test_no_obligation_turned_around(claim: str, passage: str) -> None:
    assert changed_obligation(claim, passage) is None
