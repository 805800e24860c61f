"""A change turned around: a value put at the other end of a change the passage states.

"A typo increased the connection pool to 200 connections" against "a change reduced
the pool from 200 to 20 connections"; "Revenue rose from $2.4 million to $3.1
million" against "Revenue fell from $3.1 million to $2.4 million".  Every number of
the claim is the passage's, in a clause about the same thing, so no detail is missing
and the cosine is near 1; which end of the change each value stands at is what the
claim gets wrong (docs/detection.md#changes).

Read on numbers only, by the words "from" and "to" around them: the claim's whole
change ("from X to Y") against the passage's reversed, or one end of it ("to X" or
"from X" after a word of change such as "increased", "cut", "down from") where the
passage writes that number only at the change's other end.  The verbs are not read:
"fell" and "rose" restate each other when the values say which way the change went.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from dataclasses import dataclass

from grounding_sidecar.detection.text.shares import CHANGE, CURRENCY, NUMBER

# Words that say a quantity went up, or down, before the end they name in the same
# clause; together, the words that say it changed.
_WENT_UP = (
    r"(?:(?:increas|rais|climb|jump|boost|expand|lengthen|grow|upgrad|doubl|tripl)\w*"
    r"|rose|ris(?:e|es|en|ing)|grew|(?:went|go(?:es)?)\s+up)"
)
_WENT_DOWN = (
    r"(?:(?:decreas|reduc|lower|drop|declin|slash|shorten|cut|fall|downgrad|halv)\w*"
    r"|fell|shr[iau]nk\w*|(?:went|go(?:es)?)\s+down)"
)
_CHANGED = rf"(?:{_WENT_UP}|{_WENT_DOWN})"
# One end of a change: "to 200" after a word of change (up to 60 characters of its
# clause between them, none a number after "from"), or "from 200" after one or after
# "up"/"down", never followed by the change's other end.
_END = re.compile(
    rf"\b{_CHANGED}\b(?:(?!\bfrom\s+{CURRENCY}?\d)[^.,;:!?]){{0,60}}?\bto\s+"
    rf"(?:about\s+|around\s+|roughly\s+|nearly\s+|almost\s+)?{CURRENCY}?(?P<end>{NUMBER})\b",
    re.IGNORECASE,
)
_START = re.compile(
    rf"\b(?:{_CHANGED}|up|down)\s+from\s+{CURRENCY}?(?P<start>{NUMBER})\b"
    rf"(?!(?:\s?[%a-z]+)?\s+to\s+{CURRENCY}?\d)",
    re.IGNORECASE,
)
# A change stated by its end and where it came from: "58%, down from 64%", "4.1
# billion, up from 3.8 billion".
_SINCE = re.compile(
    rf"{CURRENCY}?(?P<end>{NUMBER})(?:\s?[%a-z]+){{0,2}},?\s+(?P<way>up|down)\s+from\s+"
    rf"{CURRENCY}?(?P<start>{NUMBER})\b",
    re.IGNORECASE,
)
_UP = re.compile(rf"\b{_WENT_UP}\b", re.IGNORECASE)
_DOWN = re.compile(rf"\b{_WENT_DOWN}\b", re.IGNORECASE)
_ANY_NUMBER = re.compile(rf"(?<![\d.,]){NUMBER}(?![\d,]|\.\d)")


@dataclass(frozen=True, slots=True)
class _Change:
    start: float
    end: float
    surface: str


def turned_change(claim: str, passage: str) -> tuple[str, str] | None:
    """(the claim's words, the passage's change) when the claim puts a value of a
    change the passage states at the other end of it; else None."""
    theirs = list(_changes(passage))
    if not theirs:
        return None  # most passages state no change from one number to another
    by_ends = {(change.start, change.end): change for change in theirs}
    for mine in _changes(claim):
        reversed_change = by_ends.get((mine.end, mine.start))
        if reversed_change is not None and (mine.start, mine.end) not in by_ends:
            return mine.surface, reversed_change.surface
    stated = _numbers(claim)
    for match in _END.finditer(claim):
        found = _only_at(_value(match["end"]), theirs, passage, stated, at_start=True)
        if found is not None:
            return f"to {match['end']}", found.surface
    for match in _START.finditer(claim):
        found = _only_at(_value(match["start"]), theirs, passage, stated, at_start=False)
        if found is not None:
            return f"from {match['start']}", found.surface
    return None


def _only_at(
    value: float, theirs: list[_Change], passage: str, stated: frozenset[float], *, at_start: bool
) -> _Change | None:
    """The passage's change that has `value` at its start (`at_start`) or its end, when
    the passage writes `value` nowhere else and the claim does not also state that
    change's other end (a claim with both ends states the whole change)."""
    holding = [c for c in theirs if (c.start if at_start else c.end) == value]
    if not holding or any((c.end if at_start else c.start) == value for c in theirs):
        return None
    written = sum(1 for number in _numbers_in_order(passage) if number == value)
    if written != len(holding):
        return None  # the passage also states the value otherwise
    change = holding[0]
    other_end = change.end if at_start else change.start
    return None if other_end in stated else change


def _changes(text: str) -> Iterator[_Change]:
    for match in CHANGE.finditer(text):
        start, end = _value(match["before"]), _value(match["after"])
        if start != end:
            yield _Change(start, end, match.group())


def _numbers(text: str) -> frozenset[float]:
    return frozenset(_numbers_in_order(text))


def _numbers_in_order(text: str) -> list[float]:
    return [_value(match.group()) for match in _ANY_NUMBER.finditer(text)]


def _value(number: str) -> float:
    return float(number.replace(",", ""))


def turned_direction(claim: str, passage: str) -> tuple[str, str] | None:
    """(the claim's words, the passage's) when the claim says a quantity went one way
    to a value the passage gives as the end of a change the other way ("Turnout rose to
    58%" against "Turnout was 58%, down from 64%"), and the claim does not give the
    change's start; else None."""
    ends = [*_END.finditer(claim)]
    if not ends:
        return None  # most claims say no quantity went anywhere
    theirs = [*_directed(passage)]
    if not theirs:
        return None
    stated = _numbers(claim)
    for match in ends:
        said = match.group(0)
        up, down = _UP.search(said) is not None, _DOWN.search(said) is not None
        if up == down:
            continue  # no way said, or both
        end = _value(match["end"])
        for change in theirs:
            if (
                change.end == end
                and change.start not in stated
                and (change.end > change.start) != up
            ):
                return said, change.surface
    return None


def _directed(text: str) -> Iterator[_Change]:
    """The changes a text states with both ends: "from X to Y" and "Y, down from X"."""
    yield from _changes(text)
    for match in _SINCE.finditer(text):
        start, end = _value(match["start"]), _value(match["end"])
        if (end < start) == (match["way"].lower() == "down") and start != end:
            yield _Change(start, end, match.group())
