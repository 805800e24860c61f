"""Amounts a source states by arithmetic instead of in writing.

- A change given by its size and its end implies its start: "raised the dividend by 2
  cents to 28 cents" started at 26 cents (`change_starts`), so a claim that says
  "from 26 cents to 28 cents" restates it.  The direction is read from the word of
  change before "by"; without one there is no start.
- Amounts of one unit in one sentence add up: "30 minutes with the lid on, then 15
  minutes with the lid off" is 45 minutes (`sentence_totals`), which a claim may give
  as "45 minutes in total" (bounds.Bound.TOTAL).  Each pair's sum and the whole
  sentence's are read; a total is looked up only for a claim that states one.

Percentages take no part: "rose by 2 points" and "by 2%" differ, and the sum of two
shares is rarely what a claim means.
"""

from __future__ import annotations

import itertools
import math
import re
from collections.abc import Iterator
from dataclasses import dataclass

from grounding_sidecar.detection.text.amounts import (
    QUANTITY_SCAN,
    Amount,
    format_number,
    read_amount,
    written_as_year,
)
from grounding_sidecar.detection.text.clauses import STATEMENT_END


@dataclass(frozen=True, slots=True)
class Implied:
    """An amount a text implies, with the words it is read from."""

    amount: Amount
    surface: str


# The words of change, by direction (regex alternations): read in the clause before
# "by" for a change's start here, and before "by" for a change's size (bounds.py).
RISE_WORDS = (
    "rose|risen|rises|increased|increases|grew|grown|grows|climbed|jumped|gained|"
    "raised|raises|lifted|lifts|boosted|hiked|up|higher"
)
FALL_WORDS = (
    "fell|fallen|falls|dropped|declined|declines|decreased|decreases|slipped|slid|"
    "shrank|shrunk|cut|cuts|lowered|lowers|reduced|reduces|trimmed|down|lower"
)
_UP = re.compile(rf"\b(?:{RISE_WORDS})\b")
_DOWN = re.compile(rf"\b(?:{FALL_WORDS})\b")
# How far before "by" the word of change is looked for ("raised the quarterly dividend
# by"), within the clause.
_CHANGE_REACH = 60
_CLAUSE_BREAK = re.compile(r"[,;:.!?]")
# How many amounts of one unit per sentence are added in pairs (pairs grow with the
# square of it).
_MAX_ADDED = 12


def change_starts(text: str) -> Iterator[Implied]:
    """The start of each change written "<word of change> ... by <size> to <end>" in
    one unit, not a percentage."""
    lowered = text.lower()
    if " by " not in lowered or " to " not in lowered:
        return  # most texts state no such change: skip reading their amounts again
    for size_match, end_match in itertools.pairwise(QUANTITY_SCAN.finditer(text)):
        between = lowered[size_match.end() : end_match.start()].strip()
        if between != "to" or not lowered[: size_match.start()].rstrip().endswith(" by"):
            continue
        direction = _direction(lowered, size_match.start())
        size, end = read_amount(size_match), read_amount(end_match)
        if direction is None or size is None or end is None:
            continue
        if size.unit != end.unit or end.unit == "%":
            continue
        start = float(end.value) - direction * float(size.value)
        if 0 < start < math.inf:  # a fall's start past the float range is none
            surface = text[size_match.start() : end_match.end()]
            yield Implied(Amount(format_number(round(start, 9)), end.unit, ""), surface)


def _direction(lowered: str, by_at: int) -> int | None:
    """+1 for a rise, -1 for a fall, from the last word of change in the clause before
    `by_at`; None when there is none."""
    before = lowered[max(0, by_at - _CHANGE_REACH) : by_at]
    breaks = [m.end() for m in _CLAUSE_BREAK.finditer(before)]
    clause = before[breaks[-1] :] if breaks else before
    found = [(m.start(), 1) for m in _UP.finditer(clause)]
    found += [(m.start(), -1) for m in _DOWN.finditer(clause)]
    return max(found)[1] if found else None


def sentence_totals(text: str) -> Iterator[Implied]:
    """For each sentence, the sum of each pair of its amounts of one unit and of all of
    them, not percentages nor bare numbers that may be years."""
    start = 0
    for end in [m.start() for m in STATEMENT_END.finditer(text)] + [len(text)]:
        yield from _totals(text[start:end])
        start = end + 1


def _totals(sentence: str) -> Iterator[Implied]:
    groups: dict[str, list[float]] = {}
    for match in QUANTITY_SCAN.finditer(sentence):
        amount = read_amount(match)
        if amount is None or amount.unit == "%" or _year(amount, match.group()):
            continue
        group = groups.setdefault(amount.unit, [])
        if len(group) < _MAX_ADDED:
            group.append(float(amount.value))
    for unit, amounts in groups.items():
        sums = {a + b for a, b in itertools.combinations(amounts, 2)}
        if len(amounts) > 2:
            sums.add(sum(amounts))
        for total in filter(math.isfinite, sums):  # amounts near the float range add to inf
            yield Implied(Amount(format_number(round(total, 9)), unit, ""), sentence.strip())


def _year(amount: Amount, written: str) -> bool:
    """A bare number that may be a year ("in 2019") is no part of a total."""
    return written_as_year(amount.value, amount.unit, written)
