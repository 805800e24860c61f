"""Amounts as a text writes them: a number (in digits or words), a multiplier
("million", "bn"), a currency and a unit, read into one normalised value and unit
(units.py), so that "$5.5 million" and "5,500,000 USD" compare equal.  details.py reads
every amount of a text with `QUANTITY` and `read_amount`.
"""

from __future__ import annotations

import math
import re
from dataclasses import dataclass

from grounding_sidecar.detection.text.scans import Scan, word_start
from grounding_sidecar.detection.text.units import WRITTEN_UNITS, in_base_unit

_ONES = (  # noqa: SIM905 - a word list reads better as text
    "zero one two three four five six seven eight nine ten eleven twelve thirteen fourteen "
    "fifteen sixteen seventeen eighteen nineteen"
).split()
TENS = tuple("twenty thirty forty fifty sixty seventy eighty ninety".split())  # noqa: SIM905
_NUMBER_WORDS = {word: value for value, word in enumerate(_ONES)} | {
    word: 20 + 10 * index for index, word in enumerate(TENS)
}
# Every word that names a number: a number word against another is the details'
# business (they compare values), never a contrast of words (contrasts.py).
NUMBER_WORDS = frozenset(
    [*_NUMBER_WORDS, "hundred", "thousand", "million", "billion", "trillion", "dozen"]
)
# The ordinals of the ones, which a tens word may join ("twenty-first"; ordinals.py).
ORDINAL_ONES = tuple(
    "first second third fourth fifth sixth seventh eighth ninth".split()  # noqa: SIM905
)
_ORDINAL = rf"(?:{'|'.join(ORDINAL_ONES)})\b"
# A number in words: "seventeen", "forty", "twenty-five" (or "twenty five"), and "a"
# where it counts a hundred, a thousand, a million (and larger) or a dozen, but for
# "thanks a million"; never the tens of an ordinal ("twenty-first").  Each opens at a
# word's start, so the regex engine leaves the middle of a word at once instead of
# trying every number word there.
_IN_WORDS = (
    rf"\b(?:(?:{'|'.join(TENS)})(?:[\s-](?:{'|'.join(_ONES[1:10])}))?\b(?!-{_ORDINAL})"
    rf"|(?:{'|'.join(sorted(_ONES, key=len, reverse=True))})\b"
    r"|(?<!thanks )a(?=\s(?:hundred|thousand|million|billion|trillion|dozen)\b))"
)
_MULTIPLIERS = {
    "dozen": 12.0,
    "hundred": 1e2,
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
# The units of money.
CURRENCIES = frozenset({*_CURRENCY_SYMBOLS.values(), *_CURRENCY_WORDS.values()})
_UNIT_NAMES = "|".join(re.escape(u) for u in sorted(WRITTEN_UNITS, key=len, reverse=True))
_CURRENCY_NAMES = "|".join(sorted(_CURRENCY_WORDS, key=len, reverse=True))
# A multiplier or unit written against its number ("€4.5m", "$18B", "10m users",
# "2.5kg", "64GB", "3x"), in the spellings that mean nothing else there.  Case matters
# without a currency ("5g" is grams, "5G" a network) and "b" is billions only after a
# currency ("a Hurricane 1B" is a model).
_ATTACHED_TO_MONEY = r"(?:k|m|mn|bn|b)"
_ATTACHED = (
    r"(?-i:k|K|m|mn|bn|km|kg|mg|g|cm|mm|ml|mL|l|L|lb|lbs|GB|MB|TB|KB|kB|ms|min|mins|hr|hrs|mi|x)"
)
# Where a number ends: at a word boundary, or where an attached multiplier or unit
# starts (the groups after it read that, with no space).
_NUMBER_END = rf"(?:\b|(?=(?(symbol){_ATTACHED_TO_MONEY}|{_ATTACHED})(?!\w)))"
# A space before the number only after a currency symbol ("$ 5"): a match never opens
# on the space before a bare number, which would try every number twice.
QUANTITY = re.compile(
    r"(?:(?P<symbol>[$€£¥₹])\s?)?"
    r"(?P<number>(?:\d{1,3}(?:,\d{3})+(?:\.\d+)?|\d+(?:\.\d+)?)"
    + _NUMBER_END
    + "|"
    + _IN_WORDS
    + ")"
    r"(?:\s?(?P<mult>thousand|million|billion|trillion|hundred|dozen|bn|mn|k|m|b)\b)?"
    # "a 30-day window", "a two-week trial": a unit joined by a hyphen is the unit.
    rf"(?:[\s-]?(?P<unit>{_UNIT_NAMES}|{_CURRENCY_NAMES})(?![A-Za-z]))?",
    re.IGNORECASE,
)


# A period with a half, written in words: "half a decade", "half an hour", "an hour
# and a half", "a year and a half", "one and a half hours", "2 and a half years".  (A
# bare "a year" is left alone: "once a year", "a year ago" state no length.)
_HALVED = "seconds?|minutes?|hours?|days?|weeks?|months?|years?|decades?|centur(?:y|ies)"
_WHOLE = rf"\d+|{'|'.join(_ONES[1:])}"
HALF_AMOUNT = re.compile(
    rf"\bhalf an? (?P<half_of>{_HALVED})\b"
    rf"|\b(?P<whole>an?|{_WHOLE}) (?P<unit_first>{_HALVED}) and a half\b"
    rf"|\b(?P<whole_first>{_WHOLE}) and a half (?P<unit_after>{_HALVED})\b",
    re.IGNORECASE,
)


# A share of a percentage point is an amount of points, not a share of the quantity:
# "raised by a quarter of a percentage point" is 0.25 points, where "by a quarter" alone
# is 25% (shares.py).  Read before the shares, so that they never take its words.
POINT_SHARE = re.compile(
    r"\b(?:by\s+)?(?P<share>(?:a|one)[ -]quarter|half|three[ -]quarters)\s+(?:of\s+)?"
    r"a\s+percentage\s+point\b",
    re.IGNORECASE,
)
_POINT_SHARES = {"quarter": 0.25, "half": 0.5, "quarters": 0.75}

# A share of a large number, written in words: "half a million", "a quarter of a
# billion euros", "three quarters of a million".  Read before the shares, like a share
# of a percentage point, so that "a quarter of" is never read as 25% of something.
SCALED_SHARE = re.compile(
    r"\b(?P<share>half|(?:a|one)[ -]quarter(?:\s+of)?|three[ -]quarters(?:\s+of)?)"
    r"\s+an?\s+(?P<mult>dozen|thousand|million|billion|trillion)\b"
    rf"(?:\s?(?P<unit>{_CURRENCY_NAMES})(?![A-Za-z]))?",
    re.IGNORECASE,
)

# One period named with an article after a word that makes it a length ("ran for a
# decade", "lasted a year", "took an hour"): read as a length only to compare with one
# the passage states (`details.Detail.loose`).  Such a length is as often inferred
# from dates ("for a year after the merger"), and "once a year" states none.
_LENGTH_WORDS = (
    "for|lasts?|lasted|lasting|takes?|took|taking|spends?|spent|spending|runs?|ran|running"
)
_ONE_PERIOD = "second|minute|hour|day|week|month|year|decade|century"
LONE_PERIOD = re.compile(
    rf"\b(?:{_LENGTH_WORDS})\s+(?P<period>an?\s+(?P<unit>{_ONE_PERIOD}))\b(?!\s+and\s+a\s+half)",
    re.IGNORECASE,
)
# The patterns above as a reader of many texts runs them: only where a match can be
# (scans.py).
HALF_AMOUNT_SCAN = Scan(HALF_AMOUNT, "half")
# An amount opens on a currency symbol, a digit, or a number word or "a" at a word's start.
QUANTITY_SCAN = Scan(
    QUANTITY, first=word_start((*_ONES, *TENS, "a"), or_any_of=rf"{''.join(_CURRENCY_SYMBOLS)}\d")
)
POINT_SHARE_SCAN = Scan(POINT_SHARE, "percentage")
SCALED_SHARE_SCAN = Scan(SCALED_SHARE, "half", "quarter")
LONE_PERIOD_SCAN = Scan(
    LONE_PERIOD, *_ONE_PERIOD.split("|"), first=word_start(_LENGTH_WORDS.split("|"))
)


# Bare whole numbers that may be years ("in 2019").
YEARS = range(1000, 2101)


def may_be_year(value: str, unit: str) -> bool:
    """Whether an amount (its value and unit) may be a year: a bare whole number in
    YEARS."""
    return not unit and value.isdigit() and int(value) in YEARS


def written_as_year(value: str, unit: str, surface: str) -> bool:
    """Whether an amount written as `surface` may be a year: "2019", not "1,240" (a
    count written with a comma)."""
    return may_be_year(value, unit) and "," not in surface


@dataclass(frozen=True, slots=True)
class Amount:
    value: str  # in its dimension's one unit (units.py), formatted
    unit: str  # "%", "usd", "m", ... or ""
    written: str  # the number in the unit the text wrote it in, or "" when `value` is it


def read_amount(match: re.Match[str]) -> Amount | None:
    """The amount a `QUANTITY` match states, or None when its number does not read:
    a number past the float range (over 308 digits, a key or a long identifier
    written in decimal) is no amount."""
    number = _number_value(match.group("number"))
    if number is None:
        return None
    mult, unit_text = match.group("mult"), match.group("unit")
    if _metres(match):
        mult, unit_text = None, "m"
    scaled = number * _MULTIPLIERS.get((mult or "").lower(), 1.0)
    amount, unit = in_base_unit(scaled, _unit_of(match.group("symbol"), unit_text))
    if not (math.isfinite(scaled) and math.isfinite(amount)):
        return None
    written = format_number(scaled)
    value = format_number(amount)
    return Amount(value, unit, "" if value == written else written)


def read_half_amount(match: re.Match[str]) -> Amount:
    """The amount a `HALF_AMOUNT` match states: "an hour and a half" is 5,400 s."""
    if match.group("half_of"):
        number, unit_text = 0.5, match.group("half_of")
    else:
        whole = match.group("whole") or match.group("whole_first")
        number = 1.5 if whole.lower() in ("a", "an") else float(_number_value(whole) or 0) + 0.5
        unit_text = match.group("unit_first") or match.group("unit_after")
    return _periods(number, unit_text)


def read_point_share(match: re.Match[str]) -> Amount:
    """The amount a `POINT_SHARE` match states: "half a percentage point" is 0.5 points."""
    last_word = re.split(r"[ -]", match.group("share").lower())[-1]
    return Amount(format_number(_POINT_SHARES[last_word]), "pp", "")


def read_scaled_share(match: re.Match[str]) -> Amount:
    """The amount a `SCALED_SHARE` match states: "half a million" is 500,000."""
    share = next(w for w in re.split(r"[\s-]+", match.group("share").lower()) if w in _POINT_SHARES)
    scaled = _POINT_SHARES[share] * _MULTIPLIERS[match.group("mult").lower()]
    return Amount(format_number(scaled), _unit_of(None, match.group("unit")), "")


def read_lone_period(match: re.Match[str]) -> Amount:
    """The length a `LONE_PERIOD` match states: "for a decade" is 10 years."""
    return _periods(1.0, match.group("unit"))


def _periods(number: float, unit_text: str) -> Amount:
    """`number` periods of `unit_text` ("hour", "years"), in their dimension's unit."""
    amount, unit = in_base_unit(number, WRITTEN_UNITS[unit_text.lower()])
    written, value = format_number(number), format_number(amount)
    return Amount(value, unit, "" if value == written else written)


def _number_value(text: str) -> float | None:
    lowered = text.lower()
    if lowered == "a":  # "a hundred"
        return 1.0
    if lowered[0].isalpha():  # "twenty-five": each word's value, summed
        return float(sum(_NUMBER_WORDS[word] for word in re.split(r"[\s-]+", lowered)))
    try:
        return float(lowered.replace(",", ""))
    except ValueError:
        return None


def format_number(value: float) -> str:
    return str(int(value)) if value == int(value) else f"{value:g}"


# Words that make an "m" against its number a length: "the 100m sprint", "a 30m tall
# tower".
_LENGTH_AFTER = re.compile(
    r"[\s-]*(?:tall|high|long|wide|deep|sprint|race|hurdles|relay|freestyle|dash)\b",
    re.IGNORECASE,
)


def _metres(match: re.Match[str]) -> bool:
    """Whether a quantity's "m" is metres, not millions: with no currency, set apart
    from its number ("a 30 m wide hall", "the 5000 m race") or against it before a word
    of length ("the 100m sprint"); "$5 m", "€3m" and "5m users" are millions."""
    mult = match.group("mult")
    if mult is None or mult.lower() != "m" or match.group("symbol") or match.group("unit"):
        return False
    apart = match.start("mult") > match.end("number")
    return apart or _LENGTH_AFTER.match(match.string, match.end()) is not None


def _unit_of(symbol: str | None, unit: str | None) -> str:
    if symbol:
        return _CURRENCY_SYMBOLS[symbol]
    if not unit:
        return ""
    lowered = unit.lower()
    return _CURRENCY_WORDS.get(lowered) or WRITTEN_UNITS.get(lowered, "")


def difference(old: Amount, new: Amount) -> Amount | None:
    """The size of a change from `old` to `new` ("from 1.2 million to 1.5 million":
    300,000; "from 40 to 20 minutes", the first number in the second's unit: 20
    minutes), or None: no change, two units, or percentages ("from 2% to 3.5%" is 1.5
    points, which "rose 1.5%" would misstate)."""
    if new.unit == "%":
        return None
    if old.unit == new.unit:
        size = abs(float(new.value) - float(old.value))
        return Amount(format_number(round(size, 9)), new.unit, "") if size else None
    as_written = float(new.written or new.value)
    if old.unit or not as_written:
        return None
    size_as_written = abs(as_written - float(old.value))
    if not size_as_written:
        return None
    size = size_as_written * float(new.value) / as_written
    written = format_number(round(size_as_written, 9)) if new.written else ""
    return Amount(format_number(round(size, 9)), new.unit, written)
