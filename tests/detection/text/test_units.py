"""Amounts in one unit per dimension: exact conversions only."""

from __future__ import annotations

import pytest

from grounding_sidecar.detection.text.details import DetailKind, extract_details
from grounding_sidecar.detection.text.units import in_base_unit


@pytest.mark.parametrize(
    ("one", "other"),
    [
        ("2 years", "24 months"),
        ("48 hours", "2 days"),
        ("2 weeks", "14 days"),
        ("90 minutes", "1.5 hours"),
        ("5 km", "5,000 metres"),
        ("2 kg", "2,000 grams"),
        ("500 mg", "0.5 g"),
        ("1.5 litres", "1500 ml"),
        ("15 cents", "$0.15"),
        ("two decades", "20 years"),
        ("one fortnight", "14 days"),
        ("2 centuries", "200 years"),
    ],
)
def test_one_amount_in_two_units_is_one_value(one: str, other: str) -> None:
    (a,) = [d for d in extract_details(f"It is {one}.") if d.kind is DetailKind.QUANTITY]
    (b,) = [d for d in extract_details(f"It is {other}.") if d.kind is DetailKind.QUANTITY]
    assert (a.value, a.unit) == (b.value, b.unit)
    assert a.surface == one  # the rationale still quotes the text


def test_what_converts_only_with_rounding_or_not_at_all_keeps_its_unit() -> None:
    assert in_base_unit(5.0, "mi") == (5.0, "mi")  # miles are no whole number of metres
    assert in_base_unit(3.0, "usd") == (3.0, "usd")
    # A month is no fixed number of days.
    assert in_base_unit(1.0, "month")[1] != in_base_unit(30.0, "day")[1]


def test_a_converted_amount_keeps_its_number_as_written() -> None:
    (years,) = extract_details("It lasts 2 years.")
    assert (years.value, years.unit, years.number) == ("24", "month", "2")
    (bare,) = extract_details("It lasts 2.")
    assert bare.number == bare.value == "2"
