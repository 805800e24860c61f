"""A span's end read as its own event: "closes at 10 PM" restates "open from 8 AM to
10 PM".

A passage that states a span ("open from 8 AM to 10 PM", "the sale runs from May 1
until May 10") states where it ends; a claim that says the thing closes or ends then
restates it, though "closes" and "open" are a pair of opposites the contrast table
holds.  Without this the verifier's confident misreading of such a restatement is
explained by that pair and refused (docs/verifier.md#explained-contradictions).
"""

from __future__ import annotations

import re

from grounding_sidecar.detection.judging.corpus import SourceCorpus
from grounding_sidecar.detection.text.contrasts import ContrastTable
from grounding_sidecar.detection.text.details import extract_details

# The verbs of a span's end in a claim, and those of its start or its whole in the
# passage they stand against in the contrast table (lemmas).
ENDING = frozenset({"close", "shut", "end", "finish"})
STARTING = frozenset({"open", "start", "begin"})
# What the passage writes right before a span's end: "to 10 PM", "until May 10",
# "through Friday", "9 AM-5 PM".
_SPAN_END = re.compile(r"(?:\b(?:to|until|till|through|thru)\s+|[-–]\s*)$", re.IGNORECASE)
_SPAN_END_REACH = 10  # characters read before a value for them


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
    value = after[0]
    return any(
        _SPAN_END.search(passage[max(0, match.start() - _SPAN_END_REACH) : match.start()])
        for stated in extract_details(passage)
        if stated.kind is value.kind and SourceCorpus([stated.surface]).contains(value)
        for match in re.finditer(re.escape(stated.surface), passage)
    )
