"""A reading of the claim its best passage states otherwise: the shape the count rule
(counts.py) and the superlative rule (superlatives.py) share.

Each reads a text into readings of a thing (a count of rivers, a superlative of a
volcano).  A claim's reading is stated otherwise where the best passage reads the same
thing and none of its readings of it agrees with the claim's; not where the claim
negates something (its reading is then what is not so), the passage uses the claim's
own word of it (of a thing it leaves out: "higher in the first quarter than in the
second", "Lübeck was the largest town and Riga the smallest"), or a passage about as
similar to the claim as the best reads the thing as the claim does (the claim may
speak of that one).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Protocol, Self, TypeVar

from grounding_sidecar.detection.text import words
from grounding_sidecar.detection.text.negation import negates


class Reading(Protocol):
    """What a text says of a thing: its words as written and whether another reading
    is of the same thing."""

    @property
    def surface(self) -> str: ...

    def of_same(self, other: Self) -> bool: ...


R = TypeVar("R", bound=Reading)


def stated_otherwise(
    claim: str,
    best_passage: str,
    near_passages: Callable[[], Sequence[str]],
    read: Callable[[str], Sequence[R]],
    agrees: Callable[[R, R], bool],
    compared: Callable[[R, Sequence[R]], bool] = lambda mine, theirs: True,
) -> tuple[str, str] | None:
    """The claim's reading and the best passage's reading of the same thing it stands
    against (as each writes them), or None.  `read` reads a text, `agrees` tells
    whether two readings of one thing agree, and `compared` whether a claim's reading
    is the rule's to compare with the passage's of its thing at all."""
    if negates(claim):
        return None
    stated = read(best_passage)
    passage_words = frozenset(words.words(best_passage))
    for mine in read(claim):
        if _own_word(mine) in passage_words:
            continue
        theirs = [other for other in stated if other.of_same(mine)]
        if not theirs or any(agrees(mine, other) for other in theirs):
            continue
        if compared(mine, theirs) and not _agreed_near(
            mine, best_passage, near_passages(), read, agrees
        ):
            return mine.surface, theirs[0].surface
    return None


def _own_word(reading: Reading) -> str:
    """The reading's last word, as `words.words` reads it ("the first" -> "first")."""
    return words.stem(reading.surface.split()[-1].lower())


def _agreed_near(
    mine: R,
    best_passage: str,
    near: Sequence[str],
    read: Callable[[str], Sequence[R]],
    agrees: Callable[[R, R], bool],
) -> bool:
    """Whether a passage about as similar as the best reads the same thing as the
    claim does."""
    return any(
        other.of_same(mine) and agrees(mine, other)
        for passage in near
        if passage != best_passage
        for other in read(passage)
    )
