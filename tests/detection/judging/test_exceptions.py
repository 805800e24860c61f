"""Exceptions: a claim that takes in ("including", "even when") what its passage sets
apart ("with the exception of", "unless") contradicts it; one that takes in something
else, or sets the same thing apart, does not."""

from __future__ import annotations

import pytest

from grounding_sidecar.detection.judging.exceptions import taken_in

PETS = "Pets are not allowed, with the exception of registered assistance dogs."
LOANS = "Loans are renewed automatically unless another reader has requested the item."


@pytest.mark.parametrize(
    ("claim", "passage", "phrases"),
    [
        (
            "The hotel allows no dogs, including registered assistance dogs.",
            PETS,
            ("including", "with the exception of"),
        ),
        (
            "Loans are renewed automatically even when another reader has requested the book.",
            LOANS,
            ("even when", "unless"),
        ),
        (
            "Every room gets breakfast, regardless of the booking channel.",
            "Breakfast is included except for rooms booked through a third-party channel.",
            ("regardless of", "except for"),
        ),
        # The thing named before "still", or after a bare "even".
        (
            "A requested item can still be renewed automatically.",
            LOANS,
            ("still", "unless"),
        ),
        (
            "Even damaged items are refunded within 14 days.",
            "Refunds are issued within 14 days unless the item is damaged.",
            ("even", "unless"),
        ),
    ],
)
def test_a_thing_the_passage_sets_apart_taken_in_is_named(
    claim: str, passage: str, phrases: tuple[str, str]
) -> None:
    assert taken_in(claim, passage) == phrases


@pytest.mark.parametrize(
    ("claim", "passage"),
    [
        # The claim takes in something else than the passage sets apart.
        (
            "Fees, including taxes, are non-refundable.",
            "Fees are non-refundable unless the flight is cancelled.",
        ),
        # The claim restates the exception.
        ("No pets are allowed except registered assistance dogs, including puppies.", PETS),
        # One shared word is no reading.
        (
            "All plans, including the annual fee, renew monthly.",
            "Plans renew monthly unless the fee is waived.",
        ),
        # The passage sets nothing apart.
        (
            "Loans are renewed even when another reader has requested the book.",
            "Loans are renewed automatically.",
        ),
    ],
)
def test_no_exception_taken_in(claim: str, passage: str) -> None:
    assert taken_in(claim, passage) is None


@pytest.mark.parametrize(
    "claim",
    [
        # Negated: "still" and a bare "even" then restate the exception.
        "Even damaged items are not refunded.",
        "Damaged items are still not refunded within 14 days.",
        # "still" after something else than the exception.
        "Refunds are still issued within 14 days.",
        # The exception said without "still" or "even": left to the other rules.
        "A damaged item voids the 14-day refund.",
    ],
)
def test_still_and_even_take_in_only_the_exception_in_a_claim_that_negates_nothing(
    claim: str,
) -> None:
    passage = "Refunds are issued within 14 days unless the item is damaged."
    assert taken_in(claim, passage) is None


def test_the_exception_is_read_in_its_own_sentence() -> None:
    passage = "Loans last three weeks. " + LOANS
    claim = "Loans are renewed even when another reader has requested the book."
    assert taken_in(claim, passage) == ("even when", "unless")


def test_a_thing_a_short_sentence_negates_is_set_apart() -> None:
    passage = "Final-sale items, personalised goods and opened cosmetics cannot be returned."
    claim = "Every item bought from ShopNest, including personalised goods, can be returned."
    assert taken_in(claim, passage) == ("including", "cannot")
    # A claim that negates too may restate it.
    negated = "No item, including personalised goods, can be returned after 30 days."
    assert taken_in(negated, passage) is None
