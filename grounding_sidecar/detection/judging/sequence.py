"""Steps put in the other order: "Install the driver before connecting the printer to
Wi-Fi" against "Connect the printer to Wi-Fi before installing the driver".

Every word of the claim is the passage's, so no detail is missing and the cosine is
near 1; "before" and "after" say which comes first.  Read where the claim and a
sentence of the passage each say "before" or "after" once: each side of the word, up
to its clause's comma, semicolon or colon, is what happens first or second ("A before
B", "B after A"), and the claim's first step
is the passage's second and its second the passage's first, by the content words
(no numbers) each shares with the other's sides, more than they share side by side.
"Depart 20 minutes after you arrive" restates "Arrive 20 minutes before departure".
"""

from __future__ import annotations

import re

from grounding_sidecar.detection.text import words
from grounding_sidecar.detection.text.clauses import clause_around, rough_sentences

_ORDER = re.compile(r"\b(?:before|after)\b", re.IGNORECASE)
# Where a step's side ends: the clause around the order word ("..., injuring 6 people"
# goes on past the step that came after the leak).
_CLAUSE_BREAK = re.compile(r"[,;:]")


def reversed_order(claim: str, passage: str) -> tuple[str, str] | None:
    """(the claim's order word and what follows it, the passage's) when the claim puts
    two steps of a sentence of the passage the other way round; else None."""
    mine = _steps(claim)
    if mine is None:
        return None
    for sentence in rough_sentences(passage):
        theirs = _steps(sentence)
        if theirs is not None and _crossed(mine[:2], theirs[:2]):
            return mine[2], theirs[2]
    return None


def _steps(text: str) -> tuple[frozenset[str], frozenset[str], str] | None:
    """What a text with one "before" or "after" says happens first and second (the
    content words of each side, no numbers) and its order word with the words after
    it as written; None for a text with none or several."""
    found = list(_ORDER.finditer(text))
    if len(found) != 1:
        return None
    (order,) = found
    breaks = [m.span() for m in _CLAUSE_BREAK.finditer(text)]
    opens, closes = clause_around(breaks, order.start(), order.end(), len(text))
    left = _alphabetic(text[opens : order.start()])
    right = _alphabetic(text[order.end() : closes])
    phrase = " ".join(text[order.start() :].split()[:4]).rstrip(".,;")
    if order.group().lower() == "before":
        return left, right, phrase
    return right, left, phrase


def _alphabetic(text: str) -> frozenset[str]:
    return frozenset(word for word in words.content_words(text) if word.isalpha())


def _crossed(
    mine: tuple[frozenset[str], frozenset[str]], theirs: tuple[frozenset[str], frozenset[str]]
) -> bool:
    (first, second), (their_first, their_second) = mine, theirs
    crossed = (first & their_second, second & their_first)
    straight = len(first & their_first) + len(second & their_second)
    return all(crossed) and len(crossed[0]) + len(crossed[1]) > straight
