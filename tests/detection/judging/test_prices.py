"""A price called free: the claim says free and states no amount, its passage prices
the thing and calls nothing free."""

from __future__ import annotations

import pytest

from grounding_sidecar.detection.judging.prices import free_called_paid, priced_as_free


@pytest.mark.parametrize(
    ("claim", "passage", "price"),
    [
        ("Parking is free for hotel guests.", "Parking costs $15 per night for guests.", "$15"),
        ("Entry is complimentary for members.", "Entry costs 20 euros for members.", "20 euros"),
        ("Shipping costs nothing.", "Shipping is $5 per order.", "$5"),
        ("Delivery is provided at no extra cost.", "Delivery costs £4.", "£4"),
    ],
)
def test_a_claim_that_calls_a_priced_thing_free_names_the_price(
    claim: str, passage: str, price: str
) -> None:
    assert priced_as_free(claim, passage) == price


@pytest.mark.parametrize(
    ("claim", "passage"),
    [
        # The passage calls something free: a restriction, not a price.
        ("Parking is free for guests.", "Parking is free for guests; valet parking costs $15."),
        ("Kids ride for free.", "Adults pay $2.50 and kids ride at no cost."),
        # "free" that is no price.
        ("The bread is gluten-free.", "The bread costs $5."),
        ("Feel free to call us.", "Calls cost $2 a minute."),
        ("Members are free to cancel.", "Membership costs $10 a month."),
        # The claim states an amount: the details rules compare it.
        ("The first bag is free, the second costs $30.", "Each bag costs $30."),
        # No price in the passage, or none of the claim's subject, or a price that
        # includes the thing, or a price of nothing.
        ("Parking is free for hotel guests.", "Hotel guests can park in the garage."),
        ("Entry is free.", "Tickets cost $20."),
        ("Breakfast is complimentary.", "Breakfast is included in the $120 room rate."),
        ("The basic plan is free.", "The basic plan costs $0 per month."),
    ],
)
def test_no_price_is_called_free_otherwise(claim: str, passage: str) -> None:
    assert priced_as_free(claim, passage) is None


CHILDREN = "Children under 12 travel free when accompanied by an adult."


@pytest.mark.parametrize(
    ("claim", "passage"),
    [
        ("Children under 12 pay full fare.", CHILDREN),
        ("Students must pay to enter the museum.", "Entry to the museum is free for students."),
    ],
)
def test_a_claim_that_calls_a_free_thing_paid_for_names_the_free(claim: str, passage: str) -> None:
    assert free_called_paid(claim, passage) == "free"


@pytest.mark.parametrize(
    ("claim", "passage"),
    [
        # Negated, or free in its own words.
        ("Children under 12 do not pay a fare when with an adult.", CHILDREN),
        ("Children under 12 pay nothing when with an adult.", CHILDREN),
        ("Children under 12 travel free of charge with an adult.", CHILDREN),
        ("Rides are low-cost or free-of-charge for children under 12.", CHILDREN),
        # A passage that says something is paid for: a restriction, not a price.
        (
            "Follow-up visits cost $40.",
            "The first consultation is free; follow-up visits cost $40.",
        ),
        # Another subject.
        ("Guests pay for parking.", "Wi-Fi is free in all rooms."),
    ],
)
def test_no_free_thing_is_called_paid_for_otherwise(claim: str, passage: str) -> None:
    assert free_called_paid(claim, passage) is None
