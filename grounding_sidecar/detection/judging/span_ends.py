"""A span's ends read as their own events: "closes at 10 PM" restates "open from 8 AM
to 10 PM", and "opens at 10 PM" turns it around.

A passage that states a span ("open from 8 AM to 10 PM", "the sale runs from May 1
until May 10") states where it starts and ends; a claim that says the thing closes or
ends then restates it, though "closes" and "open" are a pair of opposites the contrast
table holds (`states_the_end`: without it the verifier's confident misreading of such
a restatement is explained by that pair and refused,
docs/verifier.md#explained-contradictions).  And a claim that says it opens at the
span's end, or closes at its start, puts the value at the other end (`turned_span`),
in words the contrast table cannot tell from the passage's.
"""

from __future__ import annotations

import re

from grounding_sidecar.detection.judging.corpus import SourceCorpus
from grounding_sidecar.detection.judging.value_clauses import token_pattern
from grounding_sidecar.detection.text.contrasts import ContrastTable
from grounding_sidecar.detection.text.details import Detail, extract_details

# The verbs of a span's end in a claim, and those of its start or its whole in the
# passage they stand against in the contrast table (lemmas).
ENDING = frozenset({"close", "shut", "end", "finish"})
STARTING = frozenset({"open", "start", "begin"})
# What the passage writes right before a span's end: "to 10 PM", "until May 10",
# "through Friday", "9 AM-5 PM".
_SPAN_END = re.compile(r"(?:\b(?:to|until|till|through|thru)\s+|[-–]\s*)$", re.IGNORECASE)
_SPAN_END_REACH = 10  # characters read before a value for them
# What the passage writes right before a span's start: "from 8 AM", "opens at 8 AM";
# never a negated one ("isn't open on Mondays" states no start, and "closed on
# Mondays" restates it).
_SPAN_START = re.compile(
    r"\b(?:from|(?<!not\s)(?<!n't\s)(?<!never\s)(?:open|start|begin)(?:s|ed|ing)?\s+(?:at|on)"
    r"|began\s+(?:at|on))\s+$",
    re.IGNORECASE,
)
_SPAN_START_REACH = 16
# A claim's event at a value: "opens at 8 PM", "ends on May 10".
_CLAIMED_START = re.compile(
    r"\b(?:open|start|begin)(?:s|ed|ing)?\s+(?:at|on)\s+|\bbegan\s+(?:at|on)\s+",
    re.IGNORECASE,
)
_CLAIMED_END = re.compile(
    r"\b(?:clos(?:e|es|ed|ing)|(?:end|finish)(?:s|es|ed|ing)?|shuts?)\s+(?:at|on|by)\s+",
    re.IGNORECASE,
)
_VALUE_REACH = 24  # characters after "opens at" read for its value


def states_the_end(claim: str, pair: tuple[str, str], passage: str, table: ContrastTable) -> bool:
    """Whether a contrast pair (the claim's word, the passage's) is a span's end for
    its start or its whole, where the value the claim states after its word is a
    value the passage writes as the end of a span."""
    claim_word, passage_word = pair
    if table.lemmas(claim_word).isdisjoint(ENDING) or table.lemmas(passage_word).isdisjoint(
        STARTING
    ):
        return False
    at = claim.lower().find(claim_word)
    after = extract_details(claim[at:]) if at >= 0 else ()
    if not after:
        return False
    places = _places(after[0], passage)
    return any(_before(passage, place, _SPAN_END, _SPAN_END_REACH) for _, place in places)


def turned_span(claim: str, passage: str) -> tuple[str, str] | None:
    """(the claim's words, the passage's) where the claim says a thing starts at a value
    the passage writes only as a span's end ("opens at 8 PM" against "open from 9 AM
    until 8 PM"), or ends at one it writes only as a span's start; else None."""
    for pattern, claimed_end in ((_CLAIMED_START, False), (_CLAIMED_END, True)):
        for match in pattern.finditer(claim):
            after = extract_details(claim[match.end() : match.end() + _VALUE_REACH])
            if not after or not claim[match.end() :].startswith(after[0].surface):
                continue
            found = _written_only_at(after[0], passage, at_end=not claimed_end)
            if found is not None:
                return match.group().strip() + " " + after[0].surface, found
    return None


def _written_only_at(value: Detail, passage: str, *, at_end: bool) -> str | None:
    """How the passage writes `value` ("until 8 PM") where it writes it only at a span's
    end (`at_end`) or only at its start; else None."""
    places = _places(value, passage)
    if not places:
        return None
    ends = [_before(passage, at, _SPAN_END, _SPAN_END_REACH) for _, at in places]
    starts = [_before(passage, at, _SPAN_START, _SPAN_START_REACH) for _, at in places]
    wanted, unwanted = (ends, starts) if at_end else (starts, ends)
    if not all(wanted) or any(unwanted):
        return None
    first = next(match for match in wanted if match)
    return f"{first}{places[0][0]}"


def _places(value: Detail, passage: str) -> list[tuple[str, int]]:
    """Each place the passage writes `value`, however written ("22:00" for "10 PM"), as
    (the passage's words for it, where they start), a whole token each."""
    return [
        (stated.surface, match.start())
        for stated in extract_details(passage)
        if stated.kind is value.kind and SourceCorpus([stated.surface]).contains(value)
        for match in token_pattern(stated.surface).finditer(passage)
    ]


def _before(passage: str, at: int, pattern: re.Pattern[str], reach: int) -> str:
    """The words `pattern` finds right before `at` ("until "), or ""."""
    found = pattern.search(passage[max(0, at - reach) : at])
    return found.group() if found else ""
