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
from collections.abc import Iterator

from grounding_sidecar.detection.text import words
from grounding_sidecar.detection.text.clauses import rough_sentences
from grounding_sidecar.detection.text.negation import first_cue, negates

# What a claim says to take a thing in, whatever holds of it.
_TAKES_IN = re.compile(
    r"\b(?:including|even\s+(?:when|if|though|for)|regardless\s+of|irrespective\s+of)\b"
)
# What a claim that negates nothing says to keep in a thing a passage sets apart:
# "still" after the thing ("A reserved item can still be renewed"), a bare "even"
# before it ("Even damaged items are refunded"; "even when" and its kin are
# `_TAKES_IN`'s).
_STILL = re.compile(r"\bstill\b")
_EVEN = re.compile(r"\beven\b(?!\s+(?:when|if|though|for)\b)")
# What a passage says to set a thing apart.
_SETS_APART = re.compile(
    r"\b(?:except(?:\s+for)?|with\s+the\s+exception\s+of|excluding|other\s+than|"
    r"apart\s+from|unless|not\s+including|exempt\s+from)\b"
)
# A sentence that negates sets a thing apart only when it is short (content words), and
# the claim's words must name three of its words.
_SHORT_SENTENCE = 15
_SHARED_WITH_NEGATION = 3
# How many content words after the claim's phrase name the thing it takes in.
_NAMING_WORDS = 4
# How many content words after the passage's phrase name the thing it sets apart.
_EXCEPTION_WORDS = 6
# How many words the two must share: two, so one shared word ("including the annual
# fee" beside "unless the fee is waived") is no reading.
_SHARED_WORDS = 2


def taken_in(claim: str, passage: str) -> tuple[str, str] | None:
    """(the claim's phrase, the passage's) when the claim takes in, with `_TAKES_IN`,
    a thing a sentence of the passage sets apart (`_set_apart`): the first content
    words after the claim's phrase and the words naming that thing share at least
    `_SHARED_WORDS`.  None when the claim sets things apart
    too (it restates the exception), or the passage's sentence also takes things in."""
    lowered_claim = claim.lower()
    if _SETS_APART.search(lowered_claim):
        return None
    claim_negates = negates(lowered_claim)
    for phrase, named in _taken_in_phrases(lowered_claim, claim_negates):
        for sentence in rough_sentences(passage.lower()):
            if _TAKES_IN.search(sentence):
                continue
            apart = _set_apart(sentence, claim_negates)
            if apart is not None and len(named & apart[1]) >= apart[2]:
                return phrase, apart[0]
    return None


def _taken_in_phrases(lowered_claim: str, claim_negates: bool) -> Iterator[tuple[str, set[str]]]:
    """Each phrase of the claim that takes a thing in, and the words naming that thing:
    the first `_NAMING_WORDS` content words after "including", "even when" and their
    kin; for a claim that negates nothing, also those after a bare "even" and the last
    `_NAMING_WORDS` before "still" (its subject: "a reserved item can still be
    renewed")."""
    after = [*_TAKES_IN.finditer(lowered_claim)]
    if not claim_negates:
        after += _EVEN.finditer(lowered_claim)
        for phrase in _STILL.finditer(lowered_claim):
            before = words.content_sequence(lowered_claim[: phrase.start()])
            yield phrase.group(0), set(before[-_NAMING_WORDS:])
    for phrase in after:
        yield (
            phrase.group(0),
            set(words.content_sequence(lowered_claim[phrase.end() :])[:_NAMING_WORDS]),
        )


def _set_apart(sentence: str, claim_negates: bool) -> tuple[str, set[str], int] | None:
    """What a passage's sentence says to set a thing apart, the words naming it, and how
    many of them the claim's must share: an exception's phrase and the first
    `_EXCEPTION_WORDS` content words after it (two shared); or, for a claim that negates
    nothing, a negation in a short sentence and the whole sentence (three shared:
    "Final-sale items, personalised goods and opened cosmetics cannot be returned")."""
    apart = _SETS_APART.search(sentence)
    if apart is not None:
        named = set(words.content_sequence(sentence[apart.end() :])[:_EXCEPTION_WORDS])
        return apart.group(0), named, _SHARED_WORDS
    if claim_negates:
        return None
    cue = first_cue(sentence)
    content = words.content_sequence(sentence)
    if cue is None or len(content) > _SHORT_SENTENCE:
        return None
    return cue, set(content), _SHARED_WITH_NEGATION
