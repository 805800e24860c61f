"""Bounds: how a text holds an amount: as stated, as a bound, an estimate or a
difference; a limit as stated."""

from __future__ import annotations

import pytest

from grounding_sidecar.detection.text.bounds import Bound, bound_of


def _bound(text: str, number: str) -> Bound:
    lowered = text.lower()
    at = lowered.index(number)
    return bound_of(lowered, at, at + len(number))


@pytest.mark.parametrize(
    ("text", "number", "bound"),
    [
        ("The trial enrolled more than 1,200 adults.", "1,200", Bound.ABOVE),
        ("Express delivery costs under £7.", "£7", Bound.BELOW),
        ("They cycled nearly 7,000 miles.", "7,000", Bound.EXACT),  # an estimate: as written
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
