"""Shares and multiples of a quantity, written as words: "by half", "doubled", "a
quarter of".

Each is a percentage (details.py reads it as a quantity with the unit "%"), so "cut in
half" and "a 50% cut" are one detail, and "by half" against "by a third" a changed one.
The words are read only where they can be read precisely: "half" after "by" or "in",
or before "of", "the" or "as much" and its kin ("half as much as the peak fare"; never
"the first half of" a period, nor "half an hour"); "a
third" and "a quarter" after "by" or before "of" (never "a third party", "the third
quarter"); "twice" and "double" before "as", "the", "that" or "what" (never "twice a
week", "a double room").

A change stated as two values, "from 40 to 20 minutes", implies its share (50%), and
so does a rate written as a count out of a count, "1 in 4 adults" or "three out of ten"
(25%, 30%): `implied_changes` and `implied_ratios` read them for the sources, so a
claim that restates them as "cut by half" or "25% of adults" is supported.  They are
never read for a claim: the values themselves are what a claim must back.
"""

from __future__ import annotations

import math
import re
from collections.abc import Iterator
from dataclasses import dataclass

from grounding_sidecar.detection.text.scans import Scan, fold

_NOT_A_SHARE_BEFORE = r"(?<!first )(?<!second )(?<!other )(?<!latter )(?<!last )(?<!and a )"
# Each share's pattern, with the words one of which every match holds (scans.py).
_SHARES: tuple[tuple[Scan, float], ...] = tuple(
    (Scan(re.compile(pattern, re.IGNORECASE), *words), percent)
    for pattern, words, percent in (
        (
            rf"\b(?:by|in) half\b(?! an? )|{_NOT_A_SHARE_BEFORE}\bhalf (?:of|the)\b"
            r"|\bhalf as (?:much|many|long|large|big|high|fast|often|expensive)\b",
            ("half",),
            50.0,
        ),
        (r"\bhalved\b", ("halved",), 50.0),
        (r"\b(?:by (?:a|one)[ -]third|(?:a|one)[ -]third of)\b", ("third",), 100 / 3),
        (r"\b(?:by )?two[ -]thirds\b", ("thirds",), 200 / 3),
        (r"\b(?:by (?:a|one)[ -]quarter|(?:a|one)[ -]quarter of)\b", ("quarter",), 25.0),
        (r"\b(?:by )?three[ -]quarters\b", ("quarters",), 75.0),
        (
            r"\bdoubled\b|\b(?:twice|double) (?:as|the|that|what)\b",
            ("doubled", "twice", "double"),
            100.0,
        ),
        (r"\btripled\b", ("tripled",), 200.0),
        (r"\bquadrupled\b", ("quadrupled",), 300.0),
    )
)
# A number as written ("1,204", "3.5"), and the currency symbol that may open it, for
# a change's two values.
NUMBER = r"\d{1,3}(?:,\d{3})+(?:\.\d+)?|\d+(?:\.\d+)?"
CURRENCY = r"[$€£¥₹]"
CHANGE = re.compile(
    rf"\bfrom {CURRENCY}?(?P<before>{NUMBER})(?:\s?[%a-z]+)? to {CURRENCY}?(?P<after>{NUMBER})\b",
    re.IGNORECASE,
)


_COUNT_WORDS = {
    word: value
    for value, word in enumerate(
        ("zero", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten")
    )
}
_COUNT = rf"\d+|{'|'.join(_COUNT_WORDS)}"
# "1 in 4 adults", "three out of ten": the second count is not itself an amount or a
# year ("2 in 10 minutes", "3 in 2019").
_RATIO = re.compile(
    rf"\b(?P<part>{_COUNT}) (?:in|out of) (?P<whole>{_COUNT})\b"
    r"(?! ?(?:%|percent|per cent|minutes?|hours?|days?|weeks?|months?|years?|seconds?)\b)",
    re.IGNORECASE,
)


# The largest whole a count out of a count is read against ("1 in 4", not "3 in 2019").
_LARGEST_WHOLE = 1000


@dataclass(frozen=True, slots=True)
class Share:
    span: tuple[int, int]
    percent: float
    surface: str


def find_shares(text: str, folded: str | None = None) -> Iterator[Share]:
    """Every share or multiple `text` states in words; `folded` is `scans.fold(text)`, if
    the caller has it."""
    folded = fold(text) if folded is None else folded
    for scan, percent in _SHARES:
        for match in scan.finditer(text, folded):
            yield Share(match.span(), percent, match.group())


def implied_changes(text: str) -> Iterator[Share]:
    """The share of each change `text` states as two values ("from 40 to 20": 50%)."""
    for match in CHANGE.finditer(text):
        before = float(match["before"].replace(",", ""))
        after = float(match["after"].replace(",", ""))
        if before and before != after:
            percent = abs(after - before) / before * 100
            if math.isfinite(percent):  # not when a value is past the float range
                yield Share(match.span(), percent, match.group())


# A share, then the rest of the whole in the same sentence: "roughly two-thirds of the
# loss to surface melting and the remainder to glaciers calving", "60% ... the rest".
_PERCENT = re.compile(
    r"\b(?P<number>\d{1,3}(?:\.\d+)?)\s?(?:%|percent\b|per cent\b)", re.IGNORECASE
)
_THE_REST = re.compile(r"[^.;!?]{0,160}?\bthe (?:remainder|rest)\b", re.IGNORECASE)


def implied_remainders(text: str) -> Iterator[Share]:
    """The rest of each share that the same sentence says the rest of ("two-thirds ...
    and the remainder": 33.3%; "60% ... the rest": 40%)."""
    stated = [(m.span(), float(m["number"])) for m in _PERCENT.finditer(text)]
    stated += [(share.span, share.percent) for share in find_shares(text)]
    for span, percent in stated:
        rest = _THE_REST.match(text, span[1])
        if rest is not None and 0 < percent < 100:
            yield Share((span[0], rest.end()), 100 - percent, text[span[0] : rest.end()])


def implied_ratios(text: str) -> Iterator[Share]:
    """The share each count out of a count implies ("1 in 4": 25%)."""
    for match in _RATIO.finditer(text):
        part, whole = _count(match["part"]), _count(match["whole"])
        if 0 < part < whole <= _LARGEST_WHOLE:
            yield Share(match.span(), part / whole * 100, match.group())


def _count(text: str) -> int:
    """The count as a number; one of more digits than any whole read has is read as
    past it (Python reads no more than 4,300 digits as an int)."""
    lowered = text.lower()
    if lowered in _COUNT_WORDS:
        return _COUNT_WORDS[lowered]
    return int(lowered) if len(lowered) <= len(str(_LARGEST_WHOLE)) else _LARGEST_WHOLE + 1
