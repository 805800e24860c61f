"""Times of day as values: "02:00", "2 AM", "2am" and "2 a.m." are one time.

A time is read before numbers and names (details.py), so "2 AM" is never the number 2
beside an entity "AM", and "14:30" never the numbers 14 and 30: a time written another
way is the same detail, and one that differs as a value is a changed one.

Each time is its minutes since midnight, written "HH:MM" (24-hour) for comparison.
A clock reading with no AM/PM and no leading zero ("2:30"), or an hour in words with no
"in the morning" ("half past eight"), leaves the half of the day open and has both
readings ("02:30|14:30"); "02:30" and "14:30" are 24-hour and have
one.  Two times agree when they share a reading (`times_agree`).
"""

from __future__ import annotations

import itertools
import re
from collections.abc import Iterator
from dataclasses import dataclass

from grounding_sidecar.detection.text.scans import DIGIT, Scan, fold, word_start

_MINUTES_PER_HOUR = 60
_HALF_DAY = 12 * _MINUTES_PER_HOUR
_DAY = 24 * _MINUTES_PER_HOUR

# "a.m." and "am" alike; the trailing dot of "a.m." is part of the time, the one after
# "am" ends a sentence.
_MERIDIEM = r"(?P<meridiem>[ap])(?:\.\s?m\b\.?|\s?m\b)"
# A clock reading ("14:30", "2:30 pm"); an hour with AM/PM ("2am", "10.30 a.m.");
# noon and midnight by name.  Never after a word, a dot, a colon or a comma: "v1.2:30"
# and "3,2:15" are no times.
_CLOCK, _HOUR_WITH_MERIDIEM, _NAMED = (
    re.compile(pattern, re.IGNORECASE)
    for pattern in (
        r"(?<![\w.:,])(?P<hour>[01]?\d|2[0-3]):(?P<minute>[0-5]\d)(?::[0-5]\d)?"
        rf"(?:\s?{_MERIDIEM}|(?![\w:]))",
        rf"(?<![\w.:,])(?P<hour>1[0-2]|0?[1-9])(?:\.(?P<minute>[0-5]\d))?\s?{_MERIDIEM}",
        r"\b(?:12\s+)?(?P<name>noon|midday|midnight)\b",
    )
)
_NAMED_MINUTES = {"noon": _HALF_DAY, "midday": _HALF_DAY, "midnight": 0}
# An hour in words, read as a time only with what makes it one: "half past eight",
# "a quarter to six", "seven o'clock", "eight in the morning" (a bare "eight" counts).
_HOUR_WORDS = {
    word: hour
    for hour, word in enumerate(
        "one two three four five six seven eight nine ten eleven twelve".split(),  # noqa: SIM905
        start=1,
    )
}
# The half of the day a time names.
_WHEN = r"in\s+the\s+morning|in\s+the\s+(?:afternoon|evening)|at\s+night"
_WORDED = re.compile(
    r"\b(?:(?P<part>half|(?:a\s+)?quarter)\s+(?P<direction>past|to)\s+)?"
    rf"(?P<hour>{'|'.join(_HOUR_WORDS)})(?P<oclock>\s+o'clock)?"
    rf"(?:\s+(?P<when>{_WHEN}))?\b",
    re.IGNORECASE,
)
_PART_MINUTES = {"half": 30, "quarter": 15}
# What makes a digit hour a time without AM/PM: "9 o'clock", "9 in the morning", "5 in
# the afternoon", "10 at night" (`_WHEN` as for an hour in words).  A bare "9" stays a
# number.
_OCLOCK = r"\s+o['\u2019]clock"
_HOUR_WITH_WHEN = re.compile(
    rf"(?<![\w.:,])(?P<hour>1[0-2]|0?[1-9])(?=(?:{_OCLOCK})?\s+(?:{_WHEN})\b|{_OCLOCK}\b)"
    rf"(?:{_OCLOCK})?(?:\s+(?P<when>{_WHEN}))?\b",
    re.IGNORECASE,
)


@dataclass(frozen=True, slots=True)
class ClockTime:
    span: tuple[int, int]
    value: str  # "HH:MM", or "HH:MM|HH:MM" when the half of the day is open
    surface: str


# The patterns as `find_times` runs them: only over a text holding what every match
# holds (scans.py).
_CLOCK_SCAN = Scan(_CLOCK, ":", first=DIGIT)
_HOUR_WITH_MERIDIEM_SCAN = Scan(_HOUR_WITH_MERIDIEM, first=DIGIT)
_NAMED_SCAN = Scan(_NAMED, *_NAMED_MINUTES)
_WORDED_SCAN = Scan(_WORDED, *_HOUR_WORDS, first=word_start(("half", "a", "quarter", *_HOUR_WORDS)))
_HOUR_WITH_WHEN_SCAN = Scan(
    _HOUR_WITH_WHEN, "clock", "morning", "afternoon", "evening", "night", first=DIGIT
)


def find_times(text: str, folded: str | None = None) -> Iterator[ClockTime]:
    """Every time of day in `text`, in the order the patterns read them (callers that
    keep spans apart drop overlaps); `folded` is `scans.fold(text)`, if the caller has it."""
    folded = fold(text) if folded is None else folded
    for match in _CLOCK_SCAN.finditer(text, folded):
        yield _clock(match)
    for match in _HOUR_WITH_MERIDIEM_SCAN.finditer(text, folded):
        hour, minute = int(match["hour"]), int(match["minute"] or 0)
        yield _found(match, [_with_meridiem(hour, match["meridiem"]) + minute])
    for match in _NAMED_SCAN.finditer(text, folded):
        yield _found(match, [_NAMED_MINUTES[match["name"].lower()]])
    for match in _WORDED_SCAN.finditer(text, folded):
        if match["part"] or match["oclock"] or match["when"]:
            yield _found(match, _worded(match))
    for match in _HOUR_WITH_WHEN_SCAN.finditer(text, folded):
        yield _found(
            match, _in_half_of_day(int(match["hour"]) % 12 * _MINUTES_PER_HOUR, match["when"])
        )


# What joins the two ends of a stretch of the day: "between 09:14 and 10:02", "from 9
# AM to 5 PM", "9 AM until noon".
_STRETCH_JOIN = re.compile(r"\s*(?:and|to|until|till|-|–)\s*", re.IGNORECASE)
_STRETCH_OPEN = re.compile(r"(?:between|from)\s*$", re.IGNORECASE)


def stretch_lengths(text: str) -> Iterator[tuple[str, int]]:
    """The length in minutes of each stretch of the day `text` writes between two
    times ("between 09:14 and 10:02 UTC": 48), with its words; the shortest reading
    forward when a time's half of the day is open, across midnight too ("11 PM to 1
    AM": 120)."""
    times = sorted(find_times(text), key=lambda time: time.span)
    for first, second in itertools.pairwise(times):
        between = text[first.span[1] : second.span[0]]
        if not _STRETCH_JOIN.fullmatch(between):
            continue
        if between.strip().lower() in ("and", "to") and not _STRETCH_OPEN.search(
            text[max(first.span[0] - 12, 0) : first.span[0]]
        ):
            continue  # "at 9 AM and 5 PM" names two times, not a stretch
        yield (
            text[first.span[0] : second.span[1]],
            min(
                (_minutes(end) - _minutes(start)) % _DAY
                for start in first.value.split("|")
                for end in second.value.split("|")
            ),
        )


# A clock reading with seconds, which as often gives a duration: a race's "2:09:56".
_WITH_SECONDS = re.compile(r"(?P<hours>\d{1,2}):(?P<minutes>[0-5]\d):(?P<seconds>[0-5]\d)")
_FIELD_WORDS = (r"(?:hours?|hrs?|h)", r"(?:minutes?|mins?|m)", r"(?:seconds?|secs?|s)")


def as_duration(surface: str) -> re.Pattern[str] | None:
    """A clock reading with seconds ("2:09:56") as the duration it may be: a pattern
    for the duration in words ("2 hours 9 minutes 56 seconds", "2 hr, 9 min and 56
    sec", "2h 9m 56s"); None for any other reading."""
    match = _WITH_SECONDS.fullmatch(surface.strip())
    if match is None:
        return None
    fields = (int(match["hours"]), int(match["minutes"]), int(match["seconds"]))
    said = [
        rf"0?{value}\s?{unit}\b" for value, unit in zip(fields, _FIELD_WORDS, strict=True) if value
    ]
    return re.compile(r"\b" + r"[\s,]*(?:and\s+)?".join(said), re.IGNORECASE) if said else None


def _minutes(value: str) -> int:
    hours, minutes = value.split(":")
    return int(hours) * _MINUTES_PER_HOUR + int(minutes)


def times_agree(known: str, claimed: str) -> bool:
    """Whether two time values share a reading ("2:00" agrees with "2 PM" and "02:00")."""
    return not set(known.split("|")).isdisjoint(claimed.split("|"))


def _clock(match: re.Match[str]) -> ClockTime:
    hour_text, minute = match["hour"], int(match["minute"])
    hour = int(hour_text)
    if match["meridiem"] and 1 <= hour <= 12:
        return _found(match, [_with_meridiem(hour, match["meridiem"]) + minute])
    if hour_text.startswith("0") or hour == 0 or hour > 12:
        return _found(match, [hour * _MINUTES_PER_HOUR + minute])
    morning = (hour % 12) * _MINUTES_PER_HOUR + minute
    return _found(match, [morning, morning + _HALF_DAY])


def _worded(match: re.Match[str]) -> list[int]:
    """The readings of a time in words: "half past eight" is 8:30 in the morning or
    the evening, "... in the morning" the first alone."""
    hour = _HOUR_WORDS[match["hour"].lower()]
    minutes = (hour % 12) * _MINUTES_PER_HOUR
    if match["part"]:
        part = _PART_MINUTES[match["part"].split()[-1].lower()]
        minutes += part if match["direction"].lower() == "past" else -part
    return _in_half_of_day(minutes, match["when"])


# The hours "at night" names after midnight: "12 at night" is midnight, "2 at night" 2 AM.
_SMALL_HOURS = 5 * _MINUTES_PER_HOUR


def _in_half_of_day(minutes: int, when: str | None) -> list[int]:
    """The readings of a time `minutes` past twelve in the half of the day `when`
    names ("in the morning", "in the afternoon", "at night"): both halves without it."""
    when = (when or "").lower()
    if when.endswith("morning"):
        return [minutes]
    if when.endswith("night") and minutes < _SMALL_HOURS:
        return [minutes]
    if when:
        return [minutes + _HALF_DAY]
    return [minutes, minutes + _HALF_DAY]


def _with_meridiem(hour: int, meridiem: str) -> int:
    """Minutes since midnight of the hour: 12 AM is midnight, 12 PM noon."""
    minutes = (hour % 12) * _MINUTES_PER_HOUR
    return minutes + _HALF_DAY if meridiem.lower() == "p" else minutes


def _found(match: re.Match[str], readings: list[int]) -> ClockTime:
    value = "|".join(_formatted(minutes % _DAY) for minutes in sorted(set(readings)))
    return ClockTime(match.span(), value, match.group().strip())


def _formatted(minutes: int) -> str:
    hours, rest = divmod(minutes, _MINUTES_PER_HOUR)
    return f"{hours:02d}:{rest:02d}"
