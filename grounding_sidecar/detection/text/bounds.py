"""Bounds: how a text holds an amount it states.  "more than 1,200 adults" and "under
£7" hold it as a bound; "six years before she founded ..." or "lasted five hours
longer" as a difference of two amounts.  A difference is found where two of the
sources' amounts differ by it (judging/corpus.py); a bound set from the other side of
the source's ("under £40" against "over £40") is a flip (judging/comparisons.py).  A
bound, like an estimate ("nearly 78,000"), is otherwise found only as written: on
labelled answers, "nearly 78,000 cases" for 77,984 and "over $181 million" for
$181,674,817 were answers the annotators faulted (docs/detection.md#pipeline).

Limits are no bounds: "up to 25 books", "at least 18", "no more than 23 kg" state the
limit itself, which the source must state too.
"""

from __future__ import annotations

import enum
import re


class Bound(enum.Enum):
    """How an amount is held: as stated, as a bound, or as a difference."""

    EXACT = "exact"
    ABOVE = "above"  # "more than 1,200": the amount is over it
    BELOW = "below"  # "under £7": the amount is under it
    DIFFERENCE = "difference"  # "five hours longer": two amounts differ by it


# Each bound's words, right before the number (the text lower-cased).
_BEFORE = (
    (
        Bound.ABOVE,
        re.compile(r"\b(?:more\s+than|over|in\s+excess\s+of|upwards\s+of|just\s+over)\s*$"),
    ),
    (Bound.BELOW, re.compile(r"\b(?:less\s+than|fewer\s+than|under|below|just\s+under)\s*$")),
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
