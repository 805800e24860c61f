"""A claim copied from a stretch of its passage, word for word, but for one word.

The shape two rules read: a noun no source uses put in place of the passage's
(consistency.find_contrast, with the verifier), and a word the sources use of
something else put in place of the passage's (swapped.py).  The words around the
changed one say the two fill one slot.
"""

from __future__ import annotations

from dataclasses import dataclass

from grounding_sidecar.detection.text.details import WORD

# At least COPIED_WORDS words must be copied around the changed one, so that a short
# claim does not line up with a passage by chance.
COPIED_WORDS = 4


@dataclass(frozen=True, slots=True)
class Change:
    """The one word a claim changes in a stretch it copies (lower case, WORD tokens):
    its position in the claim, the claim's word and the passage's."""

    at: int
    word: str
    other: str


def changed_words(claim: str, passage: str) -> list[Change]:
    """Each change that makes the claim a stretch of the passage but for one word, in
    the passage's order."""
    mine = WORD.findall(claim.lower())
    theirs = WORD.findall(passage.lower())
    if len(mine) <= COPIED_WORDS:
        return []
    found = []
    for start in _aligned_starts(mine, theirs):
        window = theirs[start : start + len(mine)]
        differ = [k for k, (a, b) in enumerate(zip(mine, window, strict=True)) if a != b]
        if len(differ) == 1:
            at = differ[0]
            found.append(Change(at, mine[at], window[at]))
    return found


def _aligned_starts(mine: list[str], theirs: list[str]) -> list[int]:
    """Where in `theirs` a stretch as long as `mine` may start and differ from it in
    at most one word: where `mine`'s first or second word stands."""
    last = len(theirs) - len(mine)
    starts = {at for at, word in enumerate(theirs) if word == mine[0]}
    starts |= {at - 1 for at, word in enumerate(theirs) if word == mine[1]}
    return sorted(at for at in starts if 0 <= at <= last)
