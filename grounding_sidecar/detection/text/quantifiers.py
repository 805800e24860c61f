"""A restriction lifted: one text limits who or what ("Only administrators can delete
projects"), the other speaks of everyone or everything ("Any user can delete
projects").  No antonym table pairs "only" with "any", yet the two say opposite
things; the verifier reads them as contradicted, and this names why
(judging/consistency.find_contrast)."""

from __future__ import annotations

import re

_RESTRICTIONS = frozenset({"only", "solely", "exclusively"})
# Not "all" or "every": they quantify much else ("all her life", "every year").
_UNIVERSALS = frozenset(
    {
        "any",
        "anyone",
        "anybody",
        "anything",
        "everyone",
        "everybody",
        "everything",
        "whoever",
        "whatever",
    }
)
# "only" that restricts nothing: "not only ... but also", "if only".
_NOT_A_RESTRICTION = re.compile(r"\b(?:not|if)\s+only\b", re.IGNORECASE)
_WORD = re.compile(r"[a-z]+")


def lifted_restriction(claim: str, passage: str) -> tuple[str, str] | None:
    """(the claim's word, the passage's word) when one of the two restricts ("only")
    and the other does not but speaks of all ("any", "everyone"), else None."""
    mine, theirs = _words(claim), _words(passage)
    restricts_mine, restricts_theirs = _restricts(claim, mine), _restricts(passage, theirs)
    if restricts_theirs and not restricts_mine:
        universal = next((w for w in mine if w in _UNIVERSALS and w not in theirs), None)
        return (universal, restricts_theirs) if universal else None
    if restricts_mine and not restricts_theirs:
        universal = next((w for w in theirs if w in _UNIVERSALS and w not in mine), None)
        return (restricts_mine, universal) if universal else None
    return None


def _restricts(text: str, found: list[str]) -> str | None:
    """The text's restricting word, if it has one that restricts."""
    word = next((w for w in found if w in _RESTRICTIONS), None)
    if word == "only" and _NOT_A_RESTRICTION.search(text):
        return None
    return word


def _words(text: str) -> list[str]:
    return _WORD.findall(text.lower())
