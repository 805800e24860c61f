"""Amounts as a text writes them: a number (in digits or words), a multiplier
("million", "bn"), a currency and a unit, read into one normalised value and unit
(units.py), so that "$5.5 million" and "5,500,000 USD" compare equal.  details.py reads
every amount of a text with `QUANTITY` and `read_amount`.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from grounding_sidecar.detection.text.units import in_base_unit

_NUMBER_WORDS = {
    word: value
    for value, word in enumerate(
        [
            "zero",
            "one",
            "two",
            "three",
            "four",
            "five",
            "six",
            "seven",
            "eight",
            "nine",
            "ten",
            "eleven",
            "twelve",
            "thirteen",
            "fourteen",
            "fifteen",
            "sixteen",
            "seventeen",
            "eighteen",
            "nineteen",
            "twenty",
        ]
    )
}
# Every word that names a number: a number word against another is the details'
# business (they compare values), never a contrast of words (contrasts.py).
NUMBER_WORDS = frozenset(
    (
        " ".join(_NUMBER_WORDS) + " thirty forty fifty sixty seventy eighty ninety "
        "hundred thousand million billion trillion dozen"
    ).split()
)
_MULTIPLIERS = {
    "thousand": 1e3,
    "k": 1e3,
    "million": 1e6,
    "m": 1e6,
    "mn": 1e6,
    "billion": 1e9,
    "bn": 1e9,
    "b": 1e9,
    "trillion": 1e12,
}
_CURRENCY_SYMBOLS = {"$": "usd", "€": "eur", "£": "gbp", "¥": "jpy", "₹": "inr"}
_CURRENCY_WORDS = {
    "usd": "usd",
    "dollar": "usd",
    "dollars": "usd",
    "eur": "eur",
    "euro": "eur",
    "euros": "eur",
    "gbp": "gbp",
    "pound": "gbp",
    "pounds": "gbp",
    "jpy": "jpy",
    "yen": "jpy",
    "inr": "inr",
    "rupees": "inr",
}
_UNITS = {
    "%": "%",
    "percent": "%",
    "per cent": "%",
    "percentage points": "pp",
    "km": "km",
    "kilometers": "km",
    "kilometres": "km",
    "kilometer": "km",
    "kilometre": "km",
    "m": "m",
    "meters": "m",
    "metres": "m",
    "meter": "m",
    "metre": "m",
    "cm": "cm",
    "centimetres": "cm",
    "centimeters": "cm",
    "mm": "mm",
    "millimetres": "mm",
    "millimeters": "mm",
    "mi": "mi",
    "miles": "mi",
    "mile": "mi",
    "kg": "kg",
    "kilograms": "kg",
    "kilogram": "kg",
    "g": "g",
    "grams": "g",
    "gram": "g",
    "mg": "mg",
    "milligrams": "mg",
    "milligram": "mg",
    "ml": "ml",
    "millilitres": "ml",
    "milliliters": "ml",
    "l": "l",
    "litres": "l",
    "liters": "l",
    "litre": "l",
    "liter": "l",
    "lb": "lb",
    "lbs": "lb",
    "pounds weight": "lb",
    "gb": "gb",
    "mb": "mb",
    "tb": "tb",
    "kb": "kb",
    "ms": "ms",
    "seconds": "s",
    "second": "s",
    "secs": "s",
    "sec": "s",
    "minutes": "min",
    "minute": "min",
    "mins": "min",
    "min": "min",
    "hours": "h",
    "hour": "h",
    "hrs": "h",
    "hr": "h",
    "days": "day",
    "day": "day",
    "business days": "day",
    "working days": "day",
    "weeks": "week",
    "week": "week",
    "months": "month",
    "month": "month",
    "years": "year",
    "year": "year",
    "yrs": "year",
    "°c": "degc",
    "°f": "degf",
    "degrees": "deg",
}
_UNIT_NAMES = "|".join(re.escape(u) for u in sorted(_UNITS, key=len, reverse=True))
_CURRENCY_NAMES = "|".join(sorted(_CURRENCY_WORDS, key=len, reverse=True))
QUANTITY = re.compile(
    r"(?P<symbol>[$€£¥₹])?\s?"
    r"(?P<number>\d{1,3}(?:,\d{3})+(?:\.\d+)?|\d+(?:\.\d+)?|" + "|".join(_NUMBER_WORDS) + r")\b"
    r"(?:\s?(?P<mult>thousand|million|billion|trillion|bn|mn|k|m|b)\b)?"
    rf"(?:\s?(?P<unit>{_UNIT_NAMES}|{_CURRENCY_NAMES})(?![A-Za-z]))?",
    re.IGNORECASE,
)


@dataclass(frozen=True, slots=True)
class Amount:
    value: str  # in its dimension's one unit (units.py), formatted
    unit: str  # "%", "usd", "m", ... or ""
    written: str  # the number in the unit the text wrote it in, or "" when `value` is it


def read_amount(match: re.Match[str]) -> Amount | None:
    """The amount a `QUANTITY` match states, or None when its number does not read."""
    number = _number_value(match.group("number"))
    if number is None:
        return None
    mult, unit_text = match.group("mult"), match.group("unit")
    if _metres(match):
        mult, unit_text = None, "m"
    multiplier = _MULTIPLIERS.get((mult or "").lower(), 1.0)
    written = format_number(number * multiplier)
    amount, unit = in_base_unit(number * multiplier, _unit_of(match.group("symbol"), unit_text))
    value = format_number(amount)
    return Amount(value, unit, "" if value == written else written)


def _number_value(text: str) -> float | None:
    lowered = text.lower()
    if lowered in _NUMBER_WORDS:
        return float(_NUMBER_WORDS[lowered])
    try:
        return float(lowered.replace(",", ""))
    except ValueError:
        return None


def format_number(value: float) -> str:
    return str(int(value)) if value == int(value) else f"{value:g}"


def _metres(match: re.Match[str]) -> bool:
    """Whether a quantity's "m" is metres, not millions: set apart from its number and
    with no currency ("a 30 m wide hall", "the 5000 m race"); "$5 m", "€3m" and "5m
    users" are millions."""
    mult = match.group("mult")
    return (
        mult is not None
        and mult.lower() == "m"
        and not match.group("symbol")
        and not match.group("unit")
        and match.start("mult") > match.end("number")
    )


def _unit_of(symbol: str | None, unit: str | None) -> str:
    if symbol:
        return _CURRENCY_SYMBOLS[symbol]
    if not unit:
        return ""
    lowered = unit.lower()
    return _CURRENCY_WORDS.get(lowered) or _UNITS.get(lowered, "")
