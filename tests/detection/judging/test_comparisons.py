"""Comparisons: a claim that one side has more (or less) than the other, where the
passage's amounts for the two sides say the opposite, is named; a comparison the
amounts bear out, a limit, or one no clause decides is not."""

from __future__ import annotations

import pytest

from grounding_sidecar.detection.judging.comparisons import (
    Comparison,
    reversed_bound,
    reversed_comparison,
)

RATES = (
    "The API allows 100 requests per minute per key on the Free plan and 1,000 requests "
    "per minute on the Pro plan."
)
PERMITS = (
    "Residents can apply for up to two parking permits per household. The first permit "
    "costs £60 a year and the second costs £110."
)


@pytest.mark.parametrize(
    ("claim", "passage", "comparison"),
    [
        (
            "The Free plan allows more requests per minute than the Pro plan.",
            RATES,
            Comparison("more", "100", "1,000"),
        ),
        (
            "A household's second parking permit is cheaper than its first.",
            PERMITS,
            Comparison("cheaper", "£110", "£60"),
        ),
    ],
)
def test_a_comparison_the_amounts_turn_around_is_named(
    claim: str, passage: str, comparison: Comparison
) -> None:
    assert reversed_comparison(claim, passage) == comparison


@pytest.mark.parametrize(
    ("claim", "passage"),
    [
        # Borne out by the amounts.
        ("The Pro plan allows more requests per minute than the Free plan.", RATES),
        ("A household's first parking permit is cheaper than its second.", PERMITS),
        # A number after "than" is a limit, not a second side.
        ("The Free plan allows no more than 100 requests per minute.", RATES),
        ("Customers are charged more than £30 a month.", PERMITS),
        # A negated comparison.
        ("The Free plan does not allow more requests than the Pro plan.", RATES),
        # No clause names the second side.
        ("The Free plan allows more requests than the Team plan.", RATES),
    ],
)
def test_no_comparison_turned_around(claim: str, passage: str) -> None:
    assert reversed_comparison(claim, passage) is None


DELIVERY = "Standard delivery is free on orders over £40."


def test_a_bound_set_from_the_other_side_is_named() -> None:
    claim = "ShopNest offers free standard delivery only on orders under £40."
    assert reversed_bound(claim, DELIVERY) == ("under £40", "over £40")


@pytest.mark.parametrize(
    "claim",
    [
        "Delivery is free on orders over £40.",  # the same side
        "Delivery is free on orders of £40 or more.",  # no bound
        "Delivery is free on orders under £30.",  # another amount
    ],
)
def test_no_bound_set_from_the_other_side(claim: str) -> None:
    assert reversed_bound(claim, DELIVERY) is None


LICENCE = (
    "The Licensee may install the Software on up to five devices. Applicants must be at least 18."
)


@pytest.mark.parametrize(
    ("claim", "bounds"),
    [
        ("The Licensee may install it on more than five devices.", ("over five", "up to five")),
        ("Applicants may be under 18.", ("under 18", "at least 18")),
    ],
)
def test_a_bound_past_the_passages_limit_is_reversed(claim: str, bounds: tuple[str, str]) -> None:
    assert reversed_bound(claim, LICENCE) == bounds


@pytest.mark.parametrize(
    "claim",
    [
        "The Licensee may not install it on more than five devices.",  # the limit, negated
        "The Licensee may install it on more than four devices.",  # another amount
        "Applicants may be over 18.",  # the limit's own side
    ],
)
def test_no_bound_past_a_limit_where_the_claim_keeps_to_it(claim: str) -> None:
    assert reversed_bound(claim, LICENCE) is None
