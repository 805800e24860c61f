"""An obligation made optional, or an option made an obligation: "Receipts are optional
for items over $25" against "Receipts are required for any single item over $25";
"Attending the all-hands meeting is optional" against "All staff must be in the office
on the first Monday for the all-hands meeting".  The claim restates the passage in
other words, so no one-word swap names the change, and the verifier reads such pairs
no better than chance (docs/detection.md#obligations).

Read one sentence of a passage at a time, and never where that sentence sets something
apart or states a condition ("required unless the item is under $25", "if you pay by
card"): the claim may then restate the other case.
"""

from __future__ import annotations

import re

from grounding_sidecar.detection.text import words
from grounding_sidecar.detection.text.clauses import rough_clauses, rough_sentences

# A form of "be" and at most one word before a predicate: "is optional", "are not
# always required".  An attribute says nothing of what must be done ("a voluntary
# statement" on a label).
_BE = r"\b(?:is|are|was|were|be|been|being|remains?)\s+(?:\w+\s+)?"
# What says a thing need not be done.
_OPTIONAL = re.compile(
    rf"{_BE}(?:optional|voluntary|not\s+(?:required|mandatory|compulsory|obligatory|"
    r"necessary|needed))\b"
    r"|\b(?:(?:do|does|did)(?:\s+not|n't)\s+(?:have|need)\s+to|need\s+not|needn't|"
    r"no\s+need\s+to)\b(?!\s+(?:cease|stop|avoid|refrain|quit)\b)"
)
# What says it must be; "must not" forbids, which is no obligation to do the thing.
_REQUIRED = re.compile(
    r"\bmust\b(?!\s+not\b)|\brequires?\b"
    rf"|{_BE}(?:required|mandatory|compulsory|obligatory|necessary)\b"
)
# A sentence that sets a case apart or makes it a condition.
_CONDITIONAL = re.compile(r"\b(?:if|unless|except|only|when|where|whether)\b")
# The content words a claim and the passage's sentence must share, besides their
# modal words: they speak of one thing.
SHARED_WORDS = 2


def changed_obligation(claim: str, passage: str) -> tuple[str, str] | None:
    """(the claim's modal words, the passage's) when one of the two says a thing is
    optional and the other that it is required, in a clause of the passage that shares
    at least SHARED_WORDS content words with the claim; else None."""
    mine = _modality(claim.lower())
    if mine is None:
        return None
    claim_words = _content(claim.lower())
    for sentence in rough_sentences(passage.lower()):
        if _CONDITIONAL.search(sentence):
            continue
        for clause in rough_clauses(sentence):
            theirs = _modality(clause)
            if theirs is None or theirs[0] == mine[0]:
                continue
            if len(claim_words & _content(clause)) >= SHARED_WORDS:
                return mine[1], theirs[1]
    return None


def _modality(lowered: str) -> tuple[bool, str] | None:
    """(whether `lowered` says required, the words that say it), or None where it says
    both or neither."""
    optional = [match.span() for match in _OPTIONAL.finditer(lowered)]
    required = [
        match
        for match in _REQUIRED.finditer(lowered)
        if not any(start <= match.start() < end for start, end in optional)
    ]
    if optional and not required:
        start, end = optional[0]
        return False, lowered[start:end]
    if required and not optional:
        return True, required[0].group()
    return None


def _content(lowered: str) -> frozenset[str]:
    """The content words of `lowered`, the modal words aside."""
    modal = words.content_words(" ".join(m.group() for m in _MODAL_WORDS.finditer(lowered)))
    return words.content_words(lowered) - modal


_MODAL_WORDS = re.compile(rf"{_OPTIONAL.pattern}|{_REQUIRED.pattern}")
