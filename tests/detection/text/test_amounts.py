"""Amounts as written: a number, a multiplier, a currency and a unit read into one
value in its dimension's unit, the number as written kept when the unit changed it."""

from __future__ import annotations

import pytest

from grounding_sidecar.detection.text.amounts import NUMBER_WORDS, QUANTITY, Amount, read_amount


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
