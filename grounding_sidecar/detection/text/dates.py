"""Dates in a text, as values that compare: "3 June 2026", "June 3rd", "2026-06-03",
"06/03/2026" (either way round), a month alone, a weekday.

A value is `year-month-day` with `*` for what the text leaves open ("3 June" is
`*-06-03`), `weekday-xxx` for a weekday, and the readings of a numeric date that reads
both ways joined by `|` ("06/03/2026" is `2026-03-06|2026-06-03`).  `KnownDates` says
whether any of the dates a text states backs a claimed one; `dates_agree` whether two
dates can name one day ("18 October 2018" and "Thursday 18 October" can).
"""

from __future__ import annotations

import datetime
import re
from collections.abc import Iterable, Iterator
from dataclasses import dataclass

from grounding_sidecar.detection.text.scans import DIGIT, Scan, fold, word_start

_MONTHS = {
    name: index + 1
    for index, names in enumerate(
        [
            ("january", "jan"),
            ("february", "feb"),
            ("march", "mar"),
            ("april", "apr"),
            ("may",),
            ("june", "jun"),
            ("july", "jul"),
            ("august", "aug"),
            ("september", "sep", "sept"),
            ("october", "oct"),
            ("november", "nov"),
            ("december", "dec"),
        ]
    )
    for name in names
}
_WEEKDAYS = {
    name: index
    for index, names in enumerate(
        [
            ("monday", "mon"),
            ("tuesday", "tue", "tues"),
            ("wednesday", "wed"),
            ("thursday", "thu", "thurs"),
            ("friday", "fri"),
            ("saturday", "sat"),
            ("sunday", "sun"),
        ]
    )
    for name in names
}
# Month and weekday names: capitalised, they open no name ("June" is a date).
CALENDAR_WORDS = frozenset(_MONTHS) | frozenset(_WEEKDAYS)
# A weekday's value is this and its name's first three letters.
_WEEKDAY = "weekday-"
# Each weekday's value by its number, Monday 0 as `datetime.date.weekday` counts.
_WEEKDAY_VALUES = {index: _WEEKDAY + name[:3] for name, index in _WEEKDAYS.items()}
_MONTH_NAMES = "|".join(sorted(_MONTHS, key=len, reverse=True))
_DAY = r"(?P<{name}>[0-3]?\d)(?:st|nd|rd|th)?"
# A year: four digits, or two after an apostrophe ("June '19").
_YEAR = r"(?:(?P<y>\d{4})\b|['’](?P<yy2>\d{2})\b)"
# Weekdays as a header writes them before a date, abbreviated or not.
_WEEKDAY_WORDS = "|".join(sorted(_WEEKDAYS, key=len, reverse=True))
# Each with what every match holds (scans.py): a digit, a month's or a weekday's name
# (found by its first three letters).
_CAPITALISED_MONTHS = "|".join(name.capitalize() for name in _MONTHS)
_MONTH_KEYS = tuple(sorted({name[:3] for name in _MONTHS}))
_WEEKDAY_KEYS = tuple(sorted({name[:3] for name in _WEEKDAYS}))
_DATE_SCANS = [
    Scan(re.compile(r"\b(?P<y>\d{4})-(?P<mo>\d{2})-(?P<d>\d{2})\b"), first=DIGIT),
    # "06/03/2026", "3.6.2026", "07-24-14": day and month in either order.
    Scan(
        re.compile(
            r"(?<![\d.,/-])(?P<a>[0-3]?\d)(?P<sep>[/.-])(?P<b>[0-3]?\d)(?P=sep)(?P<yy>\d{4}|\d{2})"
            r"(?![\d/-]|\.\d)"
        ),
        first=DIGIT,
    ),
    # "Fri 15 Feb 19", a header's date: a two-digit year only after a weekday.
    Scan(
        re.compile(
            rf"\b(?:{_WEEKDAY_WORDS})\.?,?\s+(?P<dated>{_DAY.format(name='d')}\s+"
            rf"(?P<month>{_MONTH_NAMES})\.?,?\s+(?P<yy2>\d{{2}}))\b(?![:.]\d)",
            re.IGNORECASE,
        ),
        *_WEEKDAY_KEYS,
        digit=True,
        first=word_start(_WEEKDAYS),
    ),
    Scan(
        re.compile(
            rf"\b{_DAY.format(name='d')}(?:\s+of)?\s+(?P<month>{_MONTH_NAMES})\.?"
            rf"(?:,?\s+{_YEAR})?\b",
            re.IGNORECASE,
        ),
        *_MONTH_KEYS,
        first=DIGIT,
    ),
    Scan(
        re.compile(
            rf"\b(?P<month>{_MONTH_NAMES})\.?\s+{_DAY.format(name='d')}\b(?:,?\s+{_YEAR})?",
            re.IGNORECASE,
        ),
        *_MONTH_KEYS,
        digit=True,
        first=word_start(_MONTHS),
    ),
    Scan(
        re.compile(rf"\b(?P<month>{_CAPITALISED_MONTHS})\.?(?:\s+{_YEAR})?\b"),
        *_MONTH_KEYS,
        first=word_start(_CAPITALISED_MONTHS.split("|"), ignore_case=False),
    ),
    Scan(
        re.compile(rf"\b(?P<weekday>{'|'.join(n for n in _WEEKDAYS if len(n) > 3)})\b", re.I),
        *_WEEKDAY_KEYS,
        first=word_start(_WEEKDAYS),
    ),
]


@dataclass(frozen=True, slots=True)
class FoundDate:
    span: tuple[int, int]
    value: str
    surface: str


def find_dates(text: str, folded: str | None = None) -> Iterator[FoundDate]:
    """Every date each pattern finds in `text`, pattern by pattern (the more explicit
    first): a caller keeps the first of overlapping ones.  `folded` is `scans.fold(text)`,
    if the caller has it."""
    folded = fold(text) if folded is None else folded
    for scan in _DATE_SCANS:
        for match in scan.finditer(text, folded):
            value = _date_value(match)
            if value:
                # A header's weekday is no part of the date it opens: read on its own.
                part = "dated" if match.groupdict().get("dated") else 0
                yield FoundDate(match.span(part), value, match.group(part).strip())


def _date_value(match: re.Match[str]) -> str:
    """`year-month-day` with `*` for what the text leaves open, or `weekday-xxx`; a
    numeric date that reads both ways ("06/03/2026") is both, `|` between them."""
    groups = match.groupdict()
    if groups.get("weekday"):
        return _WEEKDAY + groups["weekday"].lower()[:3]
    if groups.get("sep"):
        return _numeric_date_value(int(groups["a"]), int(groups["b"]), groups["yy"])
    if groups.get("mo"):
        return f"{groups['y']}-{int(groups['mo']):02d}-{int(groups['d']):02d}"
    month = _MONTHS.get((groups.get("month") or "").lower())
    day = groups.get("d")
    if month is None or (day is not None and not 1 <= int(day) <= 31):
        return ""
    year = groups.get("y") or (_full_year(groups["yy2"]) if groups.get("yy2") else "*")
    return f"{year}-{month:02d}-{f'{int(day):02d}' if day else '*'}"


def _full_year(year: str) -> str:
    """A two-digit year as C's strptime reads it: 69-99 the 1900s, 00-68 the 2000s."""
    return year if len(year) == 4 else f"{19 if int(year) >= 69 else 20}{year}"


def _numeric_date_value(first: int, second: int, year: str) -> str:
    """Month/day ("06/24/2026") or day/month ("24/06/2026"), whichever the numbers
    allow, both when both do; a two-digit year as C's strptime reads it (69-99 the
    1900s, 00-68 the 2000s); "" when no calendar date reads so."""
    full = _full_year(year)
    readings = {
        f"{full}-{month:02d}-{day:02d}"
        for month, day in ((first, second), (second, first))
        if 1 <= month <= 12 and 1 <= day <= 31
    }
    return "|".join(sorted(readings))


def dates_agree(first: str, second: str) -> bool:
    """Whether two date values can name one day: some reading of each agrees with some
    reading of the other on every field both state ("2018-10-18" and "*-10-18"; a month
    alone and any day in it).  A weekday agrees with a date that states no year (which
    weekday it falls on is open) and with a full date only when that is its weekday."""
    return any(
        _readings_agree(mine, theirs) for mine in first.split("|") for theirs in second.split("|")
    )


def _readings_agree(first: str, second: str) -> bool:
    first_weekday, second_weekday = first.startswith(_WEEKDAY), second.startswith(_WEEKDAY)
    if first_weekday and second_weekday:
        return first == second
    if first_weekday or second_weekday:
        weekday, date = (first, second) if first_weekday else (second, first)
        falls_on = _weekday_of(date)
        return falls_on is None or falls_on == weekday
    return all(
        mine == theirs or "*" in (mine, theirs)
        for mine, theirs in zip(first.split("-"), second.split("-"), strict=True)
    )


def _weekday_of(date: str) -> str | None:
    """The weekday value of a full date ("2026-06-03": "weekday-wed"), else None."""
    year, month, day = date.split("-")
    if "*" in (year, month, day):
        return None
    try:
        named = datetime.date(int(year), int(month), int(day))
    except ValueError:
        return None  # "31 February": no day to fall on
    return _WEEKDAY_VALUES[named.weekday()]


class KnownDates:
    """Dates a text states, asked whether one backs a claimed date: every field the
    claim states matches the known date (`*` is open), a weekday only itself; of
    dates that read two ways, any reading of each.  For the fields a claimed reading
    states, the known readings' values of those fields are gathered once (on the
    first claim that states just those) and the claim's are looked up: sources at the
    default limits state thousands of dates, and the rules ask about a claim's date
    several times."""

    def __init__(self, known: Iterable[str]) -> None:
        readings = [reading for date in known for reading in date.split("|")]
        self._weekdays = frozenset(r for r in readings if r.startswith(_WEEKDAY))
        self._fields = [r.split("-") for r in readings if not r.startswith(_WEEKDAY)]
        self._stated_by: dict[tuple[bool, ...], frozenset[tuple[str, ...]]] = {}

    def back(self, claimed: str) -> bool:
        return any(self._backs(reading) for reading in claimed.split("|"))

    def _backs(self, reading: str) -> bool:
        if reading.startswith(_WEEKDAY):
            return reading in self._weekdays
        fields = reading.split("-")
        stated = tuple(field != "*" for field in fields)
        return tuple(f for f in fields if f != "*") in self._values_of(stated)

    def _values_of(self, stated: tuple[bool, ...]) -> frozenset[tuple[str, ...]]:
        """The known readings' values of the `stated` fields."""
        values = self._stated_by.get(stated)
        if values is None:
            values = frozenset(
                tuple(field for field, keep in zip(fields, stated, strict=True) if keep)
                for fields in self._fields
                if len(fields) == len(stated)
            )
            self._stated_by[stated] = values
        return values
