"""Exceptions: a claim that takes in what its passage leaves out.

A passage that sets something apart ("Pets are not allowed, with the exception of
registered assistance dogs"; "Loans are renewed automatically unless another reader has
requested the item") is contradicted by a claim that takes that very thing in
("... does not allow any dogs, including registered assistance dogs"; "... renewed
even when another reader has requested the book").  The claim copies the words of the
exception, so the cosine is high and the verifier is seldom asked; no word of either
stands against the other in any table (docs/detection.md#exceptions).
"""

from __future__ import annotations

import re

from grounding_sidecar.detection.text import words
from grounding_sidecar.detection.text.clauses import rough_sentences

# What a claim says to take a thing in, whatever holds of it.
_TAKES_IN = re.compile(
    r"\b(?:including|even\s+(?:when|if|though|for)|regardless\s+of|irrespective\s+of)\b"
)
# What a passage says to set a thing apart.
_SETS_APART = re.compile(
    r"\b(?:except(?:\s+for)?|with\s+the\s+exception\s+of|excluding|other\s+than|"
    r"apart\s+from|unless|not\s+including|exempt\s+from)\b"
)
# How many content words after the claim's phrase name the thing it takes in.
_NAMING_WORDS = 4
# How many content words after the passage's phrase name the thing it sets apart.
_EXCEPTION_WORDS = 6
# How many words the two must share: two, so one shared word ("including the annual
# fee" beside "unless the fee is waived") is no reading.
_SHARED_WORDS = 2


def taken_in(claim: str, passage: str) -> tuple[str, str] | None:
    """(the claim's phrase, the passage's) when the claim takes in, with `_TAKES_IN`,
    a thing the passage sets apart, with `_SETS_APART`: the first content words after
    each phrase share at least `_SHARED_WORDS`.  None when the claim sets things apart
    too (it restates the exception), or the passage's sentence also takes things in."""
    lowered_claim = claim.lower()
    if _SETS_APART.search(lowered_claim):
        return None
    for phrase in _TAKES_IN.finditer(lowered_claim):
        named = set(_stems(lowered_claim[phrase.end() :])[:_NAMING_WORDS])
        for sentence in rough_sentences(passage.lower()):
            apart = _SETS_APART.search(sentence)
            if apart is None or _TAKES_IN.search(sentence):
                continue
            apart_from = set(_stems(sentence[apart.end() :])[:_EXCEPTION_WORDS])
            if len(named & apart_from) >= _SHARED_WORDS:
                return phrase.group(0), apart.group(0)
    return None


def _stems(text: str) -> list[str]:
    """The content words of `text`, stemmed, in order."""
    return [word for word in words.words(text) if word not in words.STOPWORDS]
