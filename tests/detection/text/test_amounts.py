"""Amounts as written: a number, a multiplier, a currency and a unit read into one
value in its dimension's unit, the number as written kept when the unit changed it."""

from __future__ import annotations

import pytest

from grounding_sidecar.detection.text.amounts import (
    HALF_AMOUNT,
    LONE_PERIOD,
    NUMBER_WORDS,
    POINT_SHARE,
    QUANTITY,
    SCALED_SHARE,
    Amount,
    difference,
    may_be_year,
    read_amount,
    read_half_amount,
    read_lone_period,
    read_point_share,
    read_scaled_share,
    written_as_year,
)


def _amounts(text: str) -> list[Amount]:
    return [a for m in QUANTITY.finditer(text) if (a := read_amount(m)) is not None]


@pytest.mark.parametrize(
    ("text", "value", "unit"),
    [
        ("The hall is 30 m wide.", "30", "m"),  # apart from its number: metres
        ("The 5,000 m race starts at noon.", "5000", "m"),
        ("Revenue was $5 m last year.", "5000000", "usd"),  # with a currency: millions
        ("It raised €3 m in May.", "3000000", "eur"),
        ("The hall is 30 metres wide.", "30", "m"),
    ],
)
def test_an_m_apart_from_its_number_is_metres_unless_money(
    text: str, value: str, unit: str
) -> None:
    assert [(a.value, a.unit) for a in _amounts(text)] == [(value, unit)]


def test_an_amount_in_another_unit_keeps_its_number_as_written() -> None:
    assert _amounts("It lasts 2 years.") == [Amount("24", "month", "2")]
    assert _amounts("It costs $5.5 million.") == [Amount("5500000", "usd", "")]
    assert _amounts("It takes three days.") == [Amount("259200", "s", "3")]  # seconds


def test_number_words_name_numbers_only() -> None:
    assert {"two", "twenty", "hundred", "dozen"} <= NUMBER_WORDS
    assert not {"first", "second", "once"} & NUMBER_WORDS


@pytest.mark.parametrize(
    ("text", "value", "unit"),
    [
        ("Winner: €4.5m in prize money.", "4500000", "eur"),  # not €4, nor nothing
        ("Honeywell paid $18B for it.", "18000000000", "usd"),
        ("The deal was worth £3.2bn.", "3200000000", "gbp"),
        ("The company has 5.68m users.", "5680000", ""),  # millions without a currency
        ("Nasdaq expands to 180K square feet.", "180000", ""),
        ("It weighs 2.5kg.", "2500", "g"),  # units are the same written against it
        ("a 64GB tablet", "64", "gb"),
        ("It holds 2.5L of water.", "2.5", "l"),
        ("The 100m sprint was won by Bolt.", "100", "m"),  # a length, by the word after
        ("He is 1.8m tall.", "1.8", "m"),
    ],
)
def test_a_multiplier_or_unit_against_its_number_is_read(text: str, value: str, unit: str) -> None:
    assert [(a.value, a.unit) for a in _amounts(text)] == [(value, unit)]


@pytest.mark.parametrize("text", ["5G networks", "a Hurricane 1B", "the 3D printer"])
def test_letters_against_a_number_that_name_no_amount_leave_it_unread(text: str) -> None:
    assert _amounts(text) == []


@pytest.mark.parametrize(
    ("text", "value", "unit"),
    [
        ("It took thirty days.", "2592000", "s"),  # tens in words
        ("The board has twenty-five members.", "25", ""),
        ("The board has twenty five members.", "25", ""),
        ("The museum received a hundred paintings.", "100", ""),
        ("The museum received one hundred paintings.", "100", ""),
        ("She bought two dozen eggs.", "24", ""),
        ("New users get a two-week trial.", "1209600", "s"),  # a unit after a hyphen
        ("New users get a 14-day trial.", "1209600", "s"),
        ("He signed a twenty-year lease.", "240", "month"),
    ],
)
def test_numbers_in_words_and_hyphenated_units_are_read(text: str, value: str, unit: str) -> None:
    assert [(a.value, a.unit) for a in _amounts(text)] == [(value, unit)]


def test_the_tens_of_an_ordinal_are_no_number() -> None:
    assert _amounts("It was built in the twenty-first century.") == []


@pytest.mark.parametrize(
    ("text", "value", "unit"),
    [
        ("The chip is 3x faster.", "3", "x"),  # a multiple, written against its number
        ("The chip is three times faster.", "3", "x"),
        ("It reached 40 degrees Celsius.", "40", "degc"),
        ("It reached 40°C.", "40", "degc"),
        ("It reached 40 degrees.", "40", ""),  # no scale: the number alone
        ("Shares fell 15 cents.", "0.15", "usd"),
    ],
)
def test_multiples_temperatures_and_cents_are_read(text: str, value: str, unit: str) -> None:
    assert [(a.value, a.unit) for a in _amounts(text)] == [(value, unit)]


def test_a_change_has_a_size_in_its_unit() -> None:
    def read(text: str) -> Amount:
        (amount,) = _amounts(text)
        return amount

    assert difference(read("1.2 million"), read("1.5 million")) == Amount("300000", "", "")
    assert difference(read("40"), read("20 minutes")) == Amount("1200", "s", "20")
    assert difference(read("2%"), read("3.5%")) is None  # points, not a share
    assert difference(read("3 km"), read("5 miles")) is None
    assert difference(read("5"), read("5 kg")) is None  # no change


@pytest.mark.parametrize(
    "text",
    [
        "The modulus is " + "7" * 400 + ".",  # more digits than a float holds
        "It grew " + "9" * 300 + " trillion times over.",  # in range until multiplied
    ],
)
def test_a_number_past_the_float_range_is_no_amount(text: str) -> None:
    # Read as an amount it raised (no integer is infinite) and failed the whole check.
    amounts = [read_amount(match) for match in QUANTITY.finditer(text)]
    assert amounts and all(amount is None for amount in amounts)


@pytest.mark.parametrize(
    ("text", "value", "unit", "written"),
    [
        ("The program ran for half a decade.", "60", "month", "0.5"),
        ("It took half an hour.", "1800", "s", "0.5"),
        ("The flight takes an hour and a half.", "5400", "s", "1.5"),
        ("It took a year and a half.", "18", "month", "1.5"),
        ("The flight takes one and a half hours.", "5400", "s", "1.5"),
        ("It took 2 and a half days.", "216000", "s", "2.5"),
        ("It lasted three years and a half.", "42", "month", "3.5"),
    ],
)
def test_a_period_with_a_half_is_read(text: str, value: str, unit: str, written: str) -> None:
    match = HALF_AMOUNT.search(text)
    assert match is not None
    assert read_half_amount(match) == Amount(value, unit, written)


@pytest.mark.parametrize(
    ("text", "surface", "value", "unit"),
    [
        ("The pilot program ran for a decade.", "a decade", "120", "month"),
        ("The warranty lasts a year.", "a year", "12", "month"),
        ("The transfer took an hour.", "an hour", "3600", "s"),
        ("She spent a week in Lisbon.", "a week", "604800", "s"),
    ],
)
def test_one_period_after_a_word_of_length_is_read(
    text: str, surface: str, value: str, unit: str
) -> None:
    match = LONE_PERIOD.search(text)
    assert match is not None and match.group("period") == surface
    assert read_lone_period(match) == Amount(value, unit, "1")


@pytest.mark.parametrize(
    "text",
    [
        "The board meets once a year.",  # a frequency, no length
        "A year ago the plant opened.",
        "The course takes an hour and a half.",  # one amount, read as such
        "It costs $5 a month.",
    ],
)
def test_a_period_with_no_word_of_length_is_no_lone_period(text: str) -> None:
    assert LONE_PERIOD.search(text) is None


@pytest.mark.parametrize(
    "text",
    ["Backups run once a year.", "It was cut in half.", "Half the staff left.", "a half-day"],
)
def test_a_half_without_a_period_or_a_bare_period_is_no_half_amount(text: str) -> None:
    assert HALF_AMOUNT.search(text) is None


@pytest.mark.parametrize(
    ("value", "unit", "surface", "year"),
    [
        ("2019", "", "2019", True),
        ("1240", "", "1,240", False),  # a count written with a comma
        ("1999", "usd", "$1999", False),  # an amount of money
        ("999", "", "999", False),  # before the years read
        ("2019.5", "", "2019.5", False),
    ],
)
def test_a_bare_whole_number_may_be_a_year(value: str, unit: str, surface: str, year: bool) -> None:
    assert written_as_year(value, unit, surface) is year
    assert may_be_year(value, unit) is (year or surface == "1,240")


@pytest.mark.parametrize(
    ("text", "surface", "points"),
    [
        (
            "lifted its main rate by a quarter of a percentage point",
            "by a quarter of a percentage point",
            "0.25",
        ),
        ("cut by half a percentage point", "by half a percentage point", "0.5"),
        (
            "up three-quarters of a percentage point",
            "three-quarters of a percentage point",
            "0.75",
        ),
    ],
)
def test_a_share_of_a_percentage_point_is_an_amount_of_points(
    text: str, surface: str, points: str
) -> None:
    match = POINT_SHARE.search(text)
    assert match is not None and match.group() == surface
    assert read_point_share(match) == Amount(points, "pp", "")


@pytest.mark.parametrize(
    ("text", "surface", "amount"),
    [
        ("home to half a million people", "half a million", Amount("500000", "", "")),
        ("a quarter of a billion users", "a quarter of a billion", Amount("250000000", "", "")),
        (
            "three-quarters of a million euros",
            "three-quarters of a million euros",
            Amount("750000", "eur", ""),
        ),
        ("half a dozen eggs", "half a dozen", Amount("6", "", "")),
    ],
)
def test_a_share_of_a_large_number_is_that_share_of_it(
    text: str, surface: str, amount: Amount
) -> None:
    match = SCALED_SHARE.search(text)
    assert match is not None and match.group() == surface
    assert read_scaled_share(match) == amount


def test_a_million_counts_but_not_in_thanks() -> None:
    assert [a.value for a in _amounts("A million people came.")] == ["1000000"]
    assert _amounts("Thanks a million for asking.") == []


def test_a_share_of_the_quantity_is_no_share_of_a_point() -> None:
    assert POINT_SHARE.search("Costs fell by a quarter.") is None
    assert POINT_SHARE.search("a quarter of a point") is None  # a point of what?
