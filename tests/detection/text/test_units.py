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
        ("3 feet", "36 inches"),
        ("2 yards", "6 ft"),
        ("2 tablespoons", "6 teaspoons"),
        ("1 tbsp", "3 tsp"),
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


@pytest.mark.parametrize(
    ("text", "unit"),
    [
        ("Add 2 cups of flour.", "cup"),
        ("The tank holds 5 gallons.", "gal"),
        ("The package weighs 12 ounces.", "oz"),
        ("The bottle holds 16 fl oz.", "floz"),
        ("The farm covers 40 acres.", "acre"),
        ("The limit is 30 mph.", "mph"),
        ("The limit is 50 km/h.", "kmh"),
        ("The heater draws 2 kW.", "kw"),
        ("The battery holds 5000 mAh.", "mah"),
        ("The plan offers 300 Mbps.", "mbps"),
        ("The chip runs at 3 GHz.", "ghz"),
        ("The fan is quiet at 40 decibels.", "db"),
        ("A serving has 250 calories.", "kcal"),
        ("The sensor has 12 megapixels.", "megapixel"),
        ("The drive stores 2 terabytes.", "tb"),
    ],
)
def test_an_everyday_measure_keeps_its_unit(text: str, unit: str) -> None:
    (amount,) = [d for d in extract_details(text) if d.kind is DetailKind.QUANTITY]
    assert amount.unit == unit


@pytest.mark.parametrize(
    "text",
    [
        "Only 5 in 10 customers renewed.",  # "in" is no inch
        "The 3 W Main Street office is closed.",  # nor a lone "W" a watt
        "She bought 3 HP printers.",  # nor "HP" horsepower
    ],
)
def test_a_spelling_that_names_something_else_is_no_unit(text: str) -> None:
    amounts = [d for d in extract_details(text) if d.kind is DetailKind.QUANTITY]
    assert amounts and all(amount.unit == "" for amount in amounts)


def test_other_measures_keep_their_own_units() -> None:
    # A cup is 48 teaspoons in one country and 50 ml more in another: no conversion.
    assert in_base_unit(1.0, "cup") == (1.0, "cup")
    assert in_base_unit(16.0, "floz") == (16.0, "floz")
