"""A count changed: "fed by a single river" against "fed by more than 25 rivers",
"Several rivers ... drain the lake" against "Only one river ... drains it", "the first
increase in a year" against "the fifth increase in a row".

A count in words states no number the details compare (text/counts.py), so the claim
has no detail missing or conflicting, and the copied words make it similar.  Read
against the best passage: a count of the same thing there that the claim's count does
not allow, one of the two unread by the details (two numbers are theirs to compare), is a
contradiction, unless the claim negates something (its count is then what is not so),
the passage uses the claim's count word itself ("higher in the first quarter than in
the second": a count or rank of a noun it leaves out) or a passage about as similar to
the claim states a count it allows (the claim may speak of that one).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from grounding_sidecar.detection.text import words
from grounding_sidecar.detection.text.counts import Count, counts
from grounding_sidecar.detection.text.negation import negates


def changed_count(
    claim: str, best_passage: str, near_passages: Callable[[], Sequence[str]]
) -> tuple[str, str] | None:
    """The claim's count and the best passage's count of the same thing it stands
    against (as each writes them), or None."""
    if negates(claim):
        return None
    stated = counts(best_passage)
    passage_words = frozenset(words.words(best_passage))
    for mine in counts(claim):
        if _own_word(mine) in passage_words:
            continue  # "the second" of an elided noun: the passage speaks of that count
        theirs = [count for count in stated if count.of_same(mine)]
        if not theirs or any(mine.allows(count) for count in theirs):
            continue
        if not (mine.unread or any(count.unread for count in theirs)):
            continue
        if not _allowed_near(mine, best_passage, near_passages()):
            return mine.surface, theirs[0].surface
    return None


def _own_word(count: Count) -> str:
    """The count's last word, as `words.words` reads it ("the first" -> "first")."""
    return words.stem(count.surface.split()[-1].lower())


def _allowed_near(mine: Count, best_passage: str, near: Sequence[str]) -> bool:
    """Whether a passage about as similar as the best states a count of the same thing
    that the claim's allows."""
    return any(
        count.of_same(mine) and mine.allows(count)
        for passage in near
        if passage != best_passage
        for count in counts(passage)
    )
