"""Bounds: how a text holds an amount it states.  "more than 1,200 adults", "under
£7" and "nearly 7,000 miles" hold it as a bound or an estimate, which a source's
1,240, £6.99 and 6,950 bear out (`within`); "six years before she founded ..." or
"rose by 2 cents" as a difference of two amounts, found where two of the sources'
amounts differ by it; "45 minutes in total" as a total, found where amounts of one
source sentence add up to it (judging/corpus.py reads all three).  A bound set from
the other side of the source's ("under £40" against "over £40") is a flip
(judging/comparisons.py).

Limits are no bounds: "up to 25 books", "at least 18", "no more than 23 kg" state the
limit itself, which the source must state too.
"""

from __future__ import annotations

import enum
import math
import re
from decimal import Decimal

from grounding_sidecar.detection.text.arithmetic import FALL_WORDS, RISE_WORDS
from grounding_sidecar.detection.text.limits import LIMIT_NEGATIONS


class Bound(enum.Enum):
    """How an amount is held: as stated, as a bound, an estimate, a difference or a
    total."""

    EXACT = "exact"
    ABOVE = "above"  # "more than 1,200": the amount is over it
    BELOW = "below"  # "under £7": the amount is under it
    ABOUT = "about"  # "nearly 7,000": the amount is close to it
    DIFFERENCE = "difference"  # "five hours longer", "rose by 2 cents": two amounts differ by it
    TOTAL = "total"  # "45 minutes in total": amounts add up to it


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
    (Bound.TOTAL, re.compile(r"\b(?:a\s+total\s+of|totall?ing|in\s+total)\s*$")),
    # The size of a change, its word of change at most three words before "by" (within
    # the reach): "raised the dividend by 2 cents", "sales were up by $3m"; never a
    # percentage ("rose by 2%" may be points or a share, `bound_of`).
    (
        Bound.DIFFERENCE,
        re.compile(rf"\b(?:{RISE_WORDS}|{FALL_WORDS})(?:\s+[a-z'-]+){{0,3}}?\s+by\s*$"),
    ),
)
# A limit's words before a bound's: "no more than 23 kg", "never more than €5" and
# "nothing more than" are limits (limits.py).
_LIMIT = re.compile(rf"\b(?:{LIMIT_NEGATIONS}|nothing)\s+(?:more|less|fewer)\s+than\s*$")
# A difference's words right after the amount ("five hours longer", "six years
# before", "3% more than", "two days later").
_DIFFERENCE = re.compile(
    r"^\s*(?:[a-z]+\s+)?(?:longer|shorter|later|earlier|before|after|more|less|fewer|"
    r"higher|lower|faster|slower|older|younger)\b"
)
# A percentage's sign or word, in an amount as written.
_PERCENT = re.compile(r"%|\bper\s*cent\b|\bpercent\b")
# A total's words right after the amount, or after the word it counts ("45 minutes in
# total", "1,240 adults altogether").
_TOTAL_AFTER = re.compile(r"^\s*(?:[a-z]+\s+)?(?:in\s+total|in\s+all|altogether|combined)\b")
# How far before and after an amount its bound's words are looked for.
_REACH = 30


def bound_of(lowered: str, start: int, end: int) -> Bound:
    """How `lowered` (a text, lower case) holds the amount at lowered[start:end]."""
    before = lowered[max(0, start - _REACH) : start]
    after = lowered[end : end + _REACH]
    if _DIFFERENCE.match(after):
        return Bound.DIFFERENCE
    if _LIMIT.search(before):
        return Bound.EXACT
    if _TOTAL_AFTER.match(after):
        return Bound.TOTAL
    bound = next((bound for bound, words in _BEFORE if words.search(before)), Bound.EXACT)
    if bound is Bound.DIFFERENCE and _PERCENT.search(lowered[start:end]):
        return Bound.EXACT
    return bound


# How close a source's amount must be to a claim's bound or estimate: within a quarter
# above "more than" (1,240 for "more than 1,200"), a fifth below "under" (£6.99 for
# "under £7"), and for "about" what rounds to the claim's number, at most a tenth either
# side (`_rounding`).  Farther, the claim states another amount.
_ABOVE_REACH = 1.25
_BELOW_REACH = 0.8
_ABOUT_REACH = 0.1
# Bounds a source's amount is asked to bear out (`within`).
BORNE_OUT = frozenset({Bound.ABOVE, Bound.BELOW, Bound.ABOUT})


def reach(bound: Bound, claimed: float) -> tuple[float, float]:
    """The closed range of source amounts that may bear out `claimed` (a positive
    amount) held as `bound` (one of BORNE_OUT); `within` says which amounts in it do."""
    if bound is Bound.ABOVE:
        return claimed, claimed * _ABOVE_REACH
    if bound is Bound.BELOW:
        return claimed * _BELOW_REACH, claimed
    spread = min(_rounding(claimed), _ABOUT_REACH * claimed)
    return claimed - spread, claimed + spread


def within(bound: Bound, claimed: float, stated: float) -> bool:
    """Whether a source's `stated` amount bears out a claim's `claimed` one held as
    `bound` (one of BORNE_OUT): over it and at most a quarter over for ABOVE, under it
    and at most a fifth under for BELOW, in `reach` for ABOUT.  Only a positive amount
    is borne out ("more than -5" is read as written)."""
    if not 0 < claimed < math.inf:
        return False
    low, high = reach(bound, claimed)
    if not low <= stated <= high:
        return False
    if bound is Bound.ABOVE:
        return stated > claimed
    if bound is Bound.BELOW:
        return stated < claimed
    return True


def _rounding(claimed: float) -> float:
    """Half the place an estimate is rounded to: "about 7,000" is 6,500 to 7,500, "about
    198" 197.5 to 198.5 (199.8 rounds to 200, not 198), "about 2.5" 2.45 to 2.55, "about
    0.00001" (written 1e-05) 0.000005 either side."""
    if not math.isfinite(claimed):
        return 0.0
    exponent = Decimal(repr(claimed)).normalize().as_tuple().exponent
    return 0.5 * 10.0 ** int(exponent)
