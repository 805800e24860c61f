"""Negation cues: does a text negate, and does it negate an odd number of times?

The consistency rule compares a claim's parity with its best passage's ("one side
negates, the other does not", judging/consistency.py), the calibrated scorer reads the
same parity as a feature, and a short sentence that negates something is a claim worth
checking (details.has_checkable_detail).
"""

from __future__ import annotations

import re

from grounding_sidecar.detection.text import words

# Matched against lower-cased text.  Every contraction ("didn't", "can't", "won't", a
# split "n't") counts once through `n't\b`, so the word list stays short: this is
# about four times faster than listing the contractions under IGNORECASE, and counts
# the same (tests/detection/text/test_negation.py).
_NEGATIONS = re.compile(
    r"\b(?:not|no|never|none|nobody|nothing|neither|nor|without|cannot)\b|n't\b"
)


def negates(text: str) -> bool:
    """Whether `text` holds a negation cue."""
    return _NEGATIONS.search(text.lower()) is not None


def negation_parity(text: str) -> int:
    """The number of negation cues in `text`, modulo 2."""
    return len(_NEGATIONS.findall(text.lower())) % 2


# How far after a cue its negated word is looked for: a few words ("has not been seen").
_SCOPE_CHARACTERS = 40


def negated_words(text: str) -> tuple[str, ...]:
    """Per negation cue, the first content word after it (stemmed, words.py), or "" when
    none follows: what the cue negates, near enough for the consistency rule to ask
    whether the other text speaks of it."""
    lowered = text.lower()
    found = []
    for match in _NEGATIONS.finditer(lowered):
        # `words.written`, not the cached `words.words`: these snippets would only push
        # whole passages out of its cache.
        following = words.written(lowered[match.end() : match.end() + _SCOPE_CHARACTERS])
        stems = (words.stem(token) for token in following)
        found.append(next((w for w in stems if w not in words.STOPWORDS), ""))
    return tuple(found)
