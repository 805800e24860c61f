"""Bounds: how a text holds an amount: as stated, as a bound, an estimate, a difference
or a total; a limit as stated; which source amounts bear a bound out."""

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
        ("It weighs around 198 pounds.", "198 pounds", Bound.ABOUT),
        ("The battery lasted five hours longer.", "five hours", Bound.DIFFERENCE),
        (
            "She earned her doctorate six years before she founded it.",
            "six years",
            Bound.DIFFERENCE,
        ),
        ("The board raised the dividend by 2 cents.", "2 cents", Bound.DIFFERENCE),
        ("Sales were up by $3 million.", "$3 million", Bound.DIFFERENCE),
        # "by 2%" may be points or a share: as written.
        ("Sales rose by 2%.", "2%", Bound.EXACT),
        ("Sales rose by 2 percent.", "2 percent", Bound.EXACT),
        ("It bakes for 45 minutes in total.", "45 minutes", Bound.TOTAL),
        ("It enrolled 1,240 adults altogether.", "1,240", Bound.TOTAL),
        ("It bakes for a total of 45 minutes.", "45 minutes", Bound.TOTAL),
        ("The trial enrolled 1,240 adults.", "1,240", Bound.EXACT),
        ("He was promoted by 2019.", "2019", Bound.EXACT),
        # A limit states the limit itself.
        ("Bags may weigh no more than 23 kg.", "23 kg", Bound.EXACT),
        ("Fees are 20 cents a day, but never more than €5.", "€5", Bound.EXACT),
        ("Members can borrow up to 25 books.", "25", Bound.EXACT),
    ],
)
def test_how_a_text_holds_an_amount(text: str, number: str, bound: Bound) -> None:
    assert _bound(text, number) is bound


@pytest.mark.parametrize(
    ("bound", "claimed", "stated", "borne_out"),
    [
        (Bound.ABOVE, 1200, 1240, True),
        (Bound.ABOVE, 1200, 1200, False),  # not over it
        (Bound.ABOVE, 1200, 1100, False),
        (Bound.ABOVE, 1200, 5000, False),  # far above: another amount
        (Bound.BELOW, 7, 6.99, True),
        (Bound.BELOW, 7, 7.5, False),
        (Bound.BELOW, 7, 2, False),  # far under
        (Bound.ABOUT, 7000, 6950, True),
        (Bound.ABOUT, 7000, 6000, False),
        (Bound.ABOUT, 198, 197.9, True),
        (Bound.ABOUT, 198, 199.8, False),  # 199.8 rounds to 200
        (Bound.ABOUT, 200, 199.8, True),
        (Bound.ABOUT, 100, 140, False),  # at most a tenth either side
        (Bound.ABOUT, 10, 9.6, True),
        (Bound.ABOUT, 10, 12, False),
        (Bound.ABOVE, -5, -4, False),  # only a positive amount is borne out
        (Bound.ABOUT, float("inf"), float("inf"), False),
    ],
)
def test_which_amounts_bear_a_bound_out(
    bound: Bound, claimed: float, stated: float, borne_out: bool
) -> None:
    assert within(bound, claimed, stated) is borne_out


@pytest.mark.parametrize("claimed", [1e-05, 2.5e-07, 1.5e20, 9.9e307])
def test_an_estimate_written_with_an_exponent_is_read(claimed: float) -> None:
    # The value of "about 0.00001" reads as 1e-05: its place is read from the exponent.
    assert within(Bound.ABOUT, claimed, claimed) is True
