"""A claim copied from a stretch of its passage, word for word, but for one word (or
without one changed: `copied_whole`).

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
    if len(mine) <= COPIED_WORDS or len(theirs) < len(mine):
        return []
    if len(set(mine).difference(theirs)) > 1:
        return []  # a stretch copies every word of the claim but the changed one
    # For each stretch of the passage as long as the claim: how many of its first words
    # the claim copies, and how many of its last.  One word changed is a stretch whose
    # copied start and end leave exactly that word between them.  Both are read in one
    # pass over the passage each (a repetitive passage lines up with a long claim
    # almost everywhere: compared stretch by stretch, a 10,000-character one took
    # half a second).
    length = len(mine)
    starts = _copied_starts(mine, theirs)
    ends = _copied_starts(mine[::-1], theirs[::-1])[::-1]
    found = []
    for start in range(len(theirs) - length + 1):
        at = starts[start]
        if at < length and at + ends[start + length - 1] == length - 1:
            found.append(Change(at, mine[at], theirs[start + at]))
    return found


def copied_whole(claim: str, passage: str) -> bool:
    """Whether the passage writes the claim word for word (lower case, WORD tokens, in
    order, one stretch): the claim states what the passage states."""
    mine = WORD.findall(claim.lower())
    return bool(mine) and f" {' '.join(mine)} " in f" {' '.join(WORD.findall(passage.lower()))} "


def _copied_starts(mine: list[str], theirs: list[str]) -> list[int]:
    """For each position of `theirs`, how many of `mine`'s first words it starts with
    (the Z-algorithm over `mine`, a separator and `theirs`: linear in their lengths)."""
    text: list[str | None] = [*mine, None, *theirs]
    z = [0] * len(text)
    left = right = 0
    for i in range(1, len(text)):
        if i < right:
            z[i] = min(right - i, z[i - left])
        while i + z[i] < len(text) and text[z[i]] == text[i + z[i]]:
            z[i] += 1
        if i + z[i] > right:
            left, right = i, i + z[i]
    return z[len(mine) + 1 :]
