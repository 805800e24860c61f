"""Details a source implies without stating them, looked up for a claim's detail that
no source states as written (judging/corpus.py): the size and share of a change it
gives as two values, a share out of a count, the rest of a share, a stretch of the
day's length, "twice" as 2 times (`implied_details`); the start of a change given by its
size and end (`implied_starts`); a sentence's total (`implied_totals`); how many times
one amount of a thing is another (`implied_multiples`).  Never asked of a claim.  The
details a text states are details.py's.
"""

from __future__ import annotations

import bisect
import itertools
import re
from collections.abc import Iterator
from functools import lru_cache

from grounding_sidecar.detection.text.amounts import (
    QUANTITY_SCAN,
    difference,
    format_number,
    read_amount,
)
from grounding_sidecar.detection.text.arithmetic import Implied, change_starts, sentence_totals
from grounding_sidecar.detection.text.clauses import STATEMENT_END
from grounding_sidecar.detection.text.clock import stretch_lengths
from grounding_sidecar.detection.text.details import WORD, Detail, DetailKind, share_detail
from grounding_sidecar.detection.text.shares import (
    Share,
    implied_changes,
    implied_ratios,
    implied_remainders,
)
from grounding_sidecar.detection.text.units import TIMES_UNIT
from grounding_sidecar.detection.text.words import STOPWORDS, stem

# Counts written as adverbs: a source's "renewed twice" states 2 times (TIMES_UNIT, as
# "two times" is read), which a bare 2 restates and "two weeks" does not.
_TIMES = {"twice": "2", "thrice": "3"}
_TIMES_WORD = re.compile(r"\b(twice|thrice)\b", re.IGNORECASE)


@lru_cache(maxsize=4_096)
def implied_details(text: str) -> tuple[Detail, ...]:
    """What a source implies without stating it: the share and the size of each change
    it states as two values ("from 40 to 20 minutes": 50% and 20 minutes; "from 1.2
    million to 1.5 million": 300,000), the share of each count out of a count ("1 in
    4": 25%), the rest of a share ("two-thirds ... and the remainder": 33.3%), the
    length of a stretch of the day ("between 09:14 and 10:02": 48 minutes), and the
    count in "twice" (2 times).  Looked up for a claim, never asked of one."""
    counts = tuple(
        Detail(DetailKind.QUANTITY, _TIMES[m.group(1).lower()], TIMES_UNIT, m.group(1))
        for m in _TIMES_WORD.finditer(text)
    )
    shares = (*implied_changes(text), *implied_ratios(text), *implied_remainders(text))
    stretches = (
        Detail(DetailKind.QUANTITY, format_number(minutes * 60), "s", surface, written="")
        for surface, minutes in stretch_lengths(text)
    )
    return (
        *(share_detail(share) for share in shares),
        *_differences(text),
        *counts,
        *stretches,
    )


@lru_cache(maxsize=4_096)
def implied_starts(text: str) -> tuple[Detail, ...]:
    """The start of each change `text` states by its size and end ("raised by 2 cents
    to 28 cents": 26 cents; arithmetic.py): looked up only for a claim's amount no
    source states otherwise, since reading them costs another pass over every amount."""
    return tuple(_implied_detail(start) for start in change_starts(text))


@lru_cache(maxsize=4_096)
def implied_totals(text: str) -> tuple[Detail, ...]:
    """The totals of each sentence's amounts of one unit (arithmetic.py): looked up
    only for a claim that states a total ("45 minutes in total") no source writes."""
    return tuple(_implied_detail(total) for total in sentence_totals(text))


def _implied_detail(implied: Implied) -> Detail:
    amount = implied.amount
    return Detail(
        DetailKind.QUANTITY, amount.value, amount.unit, implied.surface, written=amount.written
    )


# How many amounts of one thing per sentence `_multiples` compares (pairs grow with
# the square of it).
_MAX_COMPARED = 12


@lru_cache(maxsize=4_096)
def implied_multiples(text: str) -> tuple[Detail, ...]:
    """How many times one amount is another, for two amounts of one thing in one
    sentence ("400 pallets" and "200 pallets", "$10" and "$25"): the multiple (2 x),
    the larger's share over the smaller (100%: "twice as many") and the smaller's
    share under the larger (50%: "half the pallets").  Amounts of one thing: of one
    unit, or bare numbers with the same word after each; not the two values of a
    change ("from $5 to $7.50" is no cut by a third).  Looked up only for a claim
    stating a share or a multiple the sources do not write (corpus.py): reading them
    costs another pass over every amount."""
    breaks = [m.start() for m in STATEMENT_END.finditer(text)]
    groups: dict[tuple[int, str], list[tuple[float, re.Match[str]]]] = {}
    for match in QUANTITY_SCAN.finditer(text):
        amount = read_amount(match)
        what = (amount.unit or _word_after(text, match.end())) if amount else ""
        if amount is None or not what or amount.unit == "%":
            continue
        group = groups.setdefault((bisect.bisect(breaks, match.start()), what), [])
        if len(group) < _MAX_COMPARED:
            group.append((float(amount.value), match))
    found = []
    for group in groups.values():
        for (one, first), (other, second) in itertools.combinations(group, 2):
            low, high = sorted((one, other))
            if low <= 0 or low == high or _a_change(text, first, second):
                continue  # a change has its direction: implied_changes reads it
            surface = text[first.start() : second.end()]
            found.append(
                Detail(
                    DetailKind.QUANTITY, format_number(round(high / low, 1)), TIMES_UNIT, surface
                )
            )
            for percent in ((high - low) / low * 100, (high - low) / high * 100):
                found.append(share_detail(Share((first.start(), second.end()), percent, surface)))
    return tuple(found)


def _word_after(text: str, end: int) -> str:
    """The stemmed word right after `end`, or "" when it is a stop word or none."""
    after = WORD.match(text.lower(), end + 1) if text[end : end + 1] == " " else None
    return "" if after is None or after.group() in STOPWORDS else stem(after.group())


def _differences(text: str) -> Iterator[Detail]:
    """The size of each change written "from <amount> to <amount>" in one unit."""
    lowered = text.lower()
    if "from" not in lowered or " to " not in lowered:
        return  # most texts state no change: skip reading their amounts again
    for before, after in itertools.pairwise(QUANTITY_SCAN.finditer(text)):
        if not _a_change(text, before, after):
            continue
        old, new = read_amount(before), read_amount(after)
        if old is None or new is None:
            continue
        size = difference(old, new)
        if size is not None:
            surface = text[before.start() : after.end()].strip()
            yield Detail(DetailKind.QUANTITY, size.value, size.unit, surface, written=size.written)


def _a_change(text: str, before: re.Match[str], after: re.Match[str]) -> bool:
    """Whether two amounts are written "from <before> to <after>"."""
    return text[before.end() : after.start()].strip().lower() == "to" and text[
        : before.start()
    ].rstrip().lower().endswith("from")
