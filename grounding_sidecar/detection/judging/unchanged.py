"""A thing kept as it was said to have changed: "The company raised its dividend"
against "The company kept its dividend unchanged"; "The bank cut interest rates"
against "Interest rates were left unchanged at 4.5%".

No word of either stands against the other in the contrast table ("raised" and "kept"
are no pair), the claim copies the passage's subject and object, so the cosine is high
and the verifier reads the pair as entailed as often as not.  Read where the claim
negates nothing and says nothing stayed as it was, the passage says a thing stayed
unchanged ("kept its dividend unchanged", "rates were left unchanged", "the fee
remained the same", "held prices steady") in a clause that says nothing changed, and
the claim says that thing changed: a verb of change ("raised", "cut", "rose", "doubled")
in a clause that names the thing (its head word, and the word before it where that is
a content word: "mortgage rates" are not the "interest rates" kept).
"""

from __future__ import annotations

import re

from grounding_sidecar.detection.text import words
from grounding_sidecar.detection.text.clauses import clause_around
from grounding_sidecar.detection.text.negation import negates

# "flat to up 2%" is a range that starts at no change, not a thing kept as it was.
_NO_RANGE = r"(?!\s+to\b)"
_STEADY = r"(?:unchanged|unaltered|the\s+same|steady|stable|flat|constant|as\s+it\s+was)"
# A thing kept as it was, by an act ("kept its dividend unchanged", "held prices
# steady") or as its state ("the dividend was unchanged", "fees remained the same").
_KEPT = re.compile(
    rf"\b(?:kept|keeps|keep|keeping|left|leaves|leave|leaving|held|holds|hold|holding)\s+"
    rf"(?P<kept>(?:[\w'’-]+\s+){{0,3}}?[\w'’-]+)\s+{_STEADY}\b{_NO_RANGE}"
    rf"|(?P<stayed>(?:[\w'’-]+\s+){{0,3}}?[\w'’-]+)\s+"
    rf"(?:(?:was|were|is|are|has\s+been|have\s+been|had\s+been|will\s+be)\s+"
    rf"(?:left\s+|kept\s+|held\s+)?|(?:remained|remains|remain|stayed|stays|stay)\s+)"
    rf"{_STEADY}\b{_NO_RANGE}"
)
# A verb of change, as a claim says it of a thing.
_CHANGED = re.compile(
    r"\b(?:rais|increas|boost|hik|lift|cut|lower|reduc|slash|trimm?|decreas|doubl|halv|"
    r"tripl|chang|adjust|revis)\w*"
    r"|\b(?:rose|risen|rises|fell|fallen|falls|grew|grown|grows|jumped|dropped|climbed|"
    r"declined|shrank|shrunk|went\s+(?:up|down))\b"
)
_STEADY_WORD = re.compile(rf"\b{_STEADY}\b")
_STEADY_SAID = re.compile(rf"\b{_STEADY}\b|\b(?:kept|remained|stayed)\b")
# What ends a clause for this reading: any mark.
_BREAK = re.compile(r"[,;:.!?]")


def changed_where_kept(claim: str, passage: str) -> tuple[str, str] | None:
    """(the claim's verb of change, the passage's words for the thing kept) where the
    claim says a thing changed that the passage says stayed as it was, or None."""
    lowered_claim, lowered = claim.lower(), passage.lower()
    if _CHANGED.search(lowered_claim) is None or _STEADY_WORD.search(lowered) is None:
        return None  # most pairs: read at two searches
    if _STEADY_SAID.search(lowered_claim) or negates(claim):
        return None
    breaks = [mark.span() for mark in _BREAK.finditer(lowered)]
    for match in _KEPT.finditer(lowered):
        opens, closes = clause_around(breaks, match.start(), match.start(), len(lowered))
        if _CHANGED.search(lowered, opens, closes):
            continue  # "rates were unchanged after they were cut in March"
        thing = _named(match.group("kept") or match.group("stayed"))
        changed = _changed_with(lowered_claim, thing) if thing else None
        if changed is not None:
            return changed, match.group(0).strip()
    return None


def _named(thing: str) -> frozenset[str]:
    """The words that name a thing kept (stemmed): its head, and the word before it
    where that is a content word ("interest rates": "mortgage rates" are another)."""
    stems = words.words(thing)[-2:]
    if not stems or not stems[-1].isalpha():
        return frozenset()  # "the fourth quarter of 2020 will be flat": a year is no thing
    return frozenset(stem for stem in stems if stem not in words.STOPWORDS)


def _changed_with(claim: str, thing: frozenset[str]) -> str | None:
    """The claim's verb of change in a clause that names `thing` (stemmed words)."""
    for clause in _BREAK.split(claim):
        changed = _CHANGED.search(clause)
        if changed is not None and thing <= set(words.words(clause)):
            return changed.group(0)
    return None
