"""Bounds: how a text holds an amount it states.  "more than 1,200 adults" against a
source's "1,240 adults", "under £7" against "£6.99", "nearly 7,000 miles" against
"6,950 miles" restate the source's amount as a bound or an estimate; "six years before
she founded ..." against a source's "1971" and "1977", or "lasted five hours longer"
against "14 hours" and "9 hours", restate a difference of two of its amounts
(judging/corpus.py reads both; docs/detection.md#pipeline).

Limits are no bounds: "up to 25 books", "at least 18", "no more than 23 kg" state the
limit itself, which the source must state too.
"""

from __future__ import annotations

import enum
import re


class Bound(enum.Enum):
    """How an amount is held: as stated, or as a bound, an estimate or a difference."""

    EXACT = "exact"
    ABOVE = "above"  # "more than 1,200": the amount is over it
    BELOW = "below"  # "under £7": the amount is under it
    ABOUT = "about"  # "nearly 7,000": the amount is close to it
    DIFFERENCE = "difference"  # "five hours longer": two amounts differ by it


# Each bound's words, right before the number (the text lower-cased).
_BEFORE = (
    (
        Bound.ABOVE,
        re.compile(r"\b(?:more\s+than|over|in\s+excess\s+of|upwards\s+of|just\s+over)\s*$"),
    ),
    (Bound.BELOW, re.compile(r"\b(?:less\s+than|fewer\s+than|under|below|just\s+under)\s*$")),
    (
        Bound.ABOUT,
        re.compile(
            r"\b(?:about|around|roughly|approximately|approx\.|nearly|almost|close\s+to|"
            r"some|an\s+estimated|estimated)\s*$"
        ),
    ),
)
# A limit's words before a bound's: "no more than 23 kg" is a limit.
_LIMIT = re.compile(r"\b(?:no|not|nothing)\s+(?:more|less|fewer)\s+than\s*$")
# A difference's words right after the amount ("five hours longer", "six years
# before", "3% more than", "two days later").
_DIFFERENCE = re.compile(
    r"^\s*(?:[a-z]+\s+)?(?:longer|shorter|later|earlier|before|after|more|less|fewer|"
    r"higher|lower|faster|slower|older|younger)\b"
)
# How far before and after an amount its bound's words are looked for.
_REACH = 30


def bound_of(lowered: str, start: int, end: int) -> Bound:
    """How `lowered` (a text, lower case) holds the amount at lowered[start:end]."""
    before = lowered[max(0, start - _REACH) : start]
    if _DIFFERENCE.match(lowered[end : end + _REACH]):
        return Bound.DIFFERENCE
    if _LIMIT.search(before):
        return Bound.EXACT
    return next((bound for bound, words in _BEFORE if words.search(before)), Bound.EXACT)


# How close a source's amount must be to a claim's bound or estimate: within a quarter
# above "more than" (1,240 for "more than 1,200"), a fifth below "under", and for
# "about" what rounds to the claim's number, at most a tenth either side (`_rounding`).
# Farther, the claim states another amount.
_ABOVE_REACH = 1.25
_BELOW_REACH = 0.8
_ABOUT_REACH = 0.1


def within(bound: Bound, claimed: float, stated: float) -> bool:
    """Whether a source's `stated` amount bears out a claim's `claimed` one held as
    `bound` (EXACT and DIFFERENCE: equal)."""
    if bound is Bound.ABOVE:
        return claimed < stated <= claimed * _ABOVE_REACH
    if bound is Bound.BELOW:
        return claimed * _BELOW_REACH <= stated < claimed
    if bound is Bound.ABOUT:
        return abs(stated - claimed) <= min(_rounding(claimed), _ABOUT_REACH * abs(claimed))
    return stated == claimed


def _rounding(claimed: float) -> float:
    """Half the place an estimate is rounded to: "about 7,000" is 6,500 to 7,500, "about
    198" 197.5 to 198.5 (199.8 rounds to 200, not 198), "about 2.5" 2.45 to 2.55."""
    if claimed == int(claimed):
        whole, zeros = int(abs(claimed)), 0
        while whole and whole % 10 == 0:
            whole, zeros = whole // 10, zeros + 1
        return 0.5 * 10.0**zeros
    decimals = len(repr(claimed).split(".")[1])
    return 0.5 * 10.0**-decimals
