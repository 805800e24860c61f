"""Bounds: how a text holds an amount, and which source amounts bear a bound out."""

from __future__ import annotations

import pytest

from grounding_sidecar.detection.text.bounds import Bound, bound_of, within


def _bound(text: str, number: str) -> Bound:
    lowered = text.lower()
    at = lowered.index(number)
    return bound_of(lowered, at, at + len(number))


@pytest.mark.parametrize(
    ("text", "number", "bound"),
    [
        ("The trial enrolled more than 1,200 adults.", "1,200", Bound.ABOVE),
        ("Express delivery costs under £7.", "£7", Bound.BELOW),
        ("They cycled nearly 7,000 miles.", "7,000", Bound.ABOUT),
        ("The battery lasted five hours longer.", "five hours", Bound.DIFFERENCE),
        (
            "She earned her doctorate six years before she founded it.",
            "six years",
            Bound.DIFFERENCE,
        ),
        ("The trial enrolled 1,240 adults.", "1,240", Bound.EXACT),
        # A limit states the limit itself.
        ("Bags may weigh no more than 23 kg.", "23 kg", Bound.EXACT),
        ("Members can borrow up to 25 books.", "25", Bound.EXACT),
    ],
)
def test_how_a_text_holds_an_amount(text: str, number: str, bound: Bound) -> None:
    assert _bound(text, number) is bound


@pytest.mark.parametrize(
    ("bound", "claimed", "stated", "borne_out"),
    [
        (Bound.ABOVE, 1200, 1240, True),
        (Bound.ABOVE, 1200, 1100, False),
        (Bound.ABOVE, 1200, 5000, False),  # far above: another amount
        (Bound.BELOW, 7, 6.99, True),
        (Bound.BELOW, 7, 7.5, False),
        (Bound.ABOUT, 7000, 6950, True),
        (Bound.ABOUT, 7000, 6000, False),
        (Bound.ABOUT, 198, 199.8, False),  # 199.8 rounds to 200
        (Bound.ABOUT, 200, 199.8, True),
        (Bound.ABOUT, 100, 140, False),  # at most a tenth either side
        (Bound.EXACT, 12, 12, True),
        (Bound.EXACT, 12, 13, False),
    ],
)
def test_which_amounts_bear_a_bound_out(
    bound: Bound, claimed: float, stated: float, borne_out: bool
) -> None:
    assert within(bound, claimed, stated) is borne_out
