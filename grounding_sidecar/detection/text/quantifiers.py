"""A restriction lifted: one text limits who or what ("Only administrators can delete
projects"), the other speaks of everyone or everything ("Any user can delete
projects").  No antonym table pairs "only" with "any", yet the two say opposite
things; the verifier reads them as contradicted, and this names why
(judging/consistency.find_contrast)."""

from __future__ import annotations

import re

from grounding_sidecar.detection.text import words

_RESTRICTIONS = frozenset({"only", "solely", "exclusively"})
# "all", "every" and "each" quantify much else ("all her life", "every year"), so they
# count only where they open the text ("All users can ...", "Every order ...").
_OPENING_UNIVERSALS = frozenset({"all", "every", "each"})
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
    and the other does not but speaks of all ("any", "everyone") of something else
    than the restriction does, else None."""
    mine, theirs = _words(claim), _words(passage)
    restricts_mine, restricts_theirs = _restricts(claim, mine), _restricts(passage, theirs)
    if restricts_theirs and not restricts_mine:
        universal = _universal(mine, theirs)
        if universal and not _same_noun(mine, universal, theirs, restricts_theirs):
            return (universal, restricts_theirs)
    if restricts_mine and not restricts_theirs:
        universal = _universal(theirs, mine)
        if universal and not _same_noun(theirs, universal, mine, restricts_mine):
            return (restricts_mine, universal)
    return None


def _same_noun(found: list[str], universal: str, other: list[str], restriction: str) -> bool:
    """Whether both words speak of the same thing ("all administrators" where the other
    says "only administrators"): no restriction is lifted then."""
    return _after(found, universal) == _after(other, restriction) != ""


def _after(found: list[str], word: str) -> str:
    at = found.index(word) + 1
    return words.stem(found[at]) if at < len(found) else ""


def _universal(found: list[str], other: list[str]) -> str | None:
    """The text's word for all that the other text does not use, if any."""
    if found and found[0] in _OPENING_UNIVERSALS and found[0] not in other:
        return found[0]
    return next((w for w in found if w in _UNIVERSALS and w not in other), None)


def _restricts(text: str, found: list[str]) -> str | None:
    """The text's restricting word, if it has one that restricts."""
    word = next((w for w in found if w in _RESTRICTIONS), None)
    if word == "only" and _NOT_A_RESTRICTION.search(text):
        return None
    return word


def _words(text: str) -> list[str]:
    return _WORD.findall(text.lower())
