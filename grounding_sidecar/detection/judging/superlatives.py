"""A superlative turned to the other end of its scale: "Etna is the smallest active
volcano in Europe" against "Mount Etna ... is the tallest active volcano in Europe".

The claim keeps the passage's words but one, and that word is no antonym the contrast
table pairs with the passage's (tall/short, large/small are; tall/small is not), so
neither the details nor a one-word swap read it.  A contradiction where the best
passage ranks the same thing on the same scale only at the other end and never uses the
claim's superlative (of a noun it leaves out: "Lübeck was the largest town and Riga the
smallest"), the claim negates nothing and no passage about as similar to the claim
ranks it at the claim's end.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from grounding_sidecar.detection.text import words
from grounding_sidecar.detection.text.negation import negates
from grounding_sidecar.detection.text.superlatives import Superlative, superlatives


def opposite_superlative(
    claim: str, best_passage: str, near_passages: Callable[[], Sequence[str]]
) -> tuple[str, str] | None:
    """The claim's superlative and the best passage's at the other end of its scale
    (as each writes them), or None."""
    if negates(claim):
        return None
    stated = superlatives(best_passage)
    passage_words = frozenset(words.words(best_passage))
    for mine in superlatives(claim):
        if words.stem(mine.surface.split()[-1].lower()) in passage_words:
            continue  # "and Riga the smallest": the passage ranks a thing it leaves out
        theirs = [other for other in stated if other.of_same(mine)]
        if not theirs or any(other.end == mine.end for other in theirs):
            continue
        if not _ranked_near(mine, best_passage, near_passages()):
            return mine.surface, theirs[0].surface
    return None


def _ranked_near(mine: Superlative, best_passage: str, near: Sequence[str]) -> bool:
    """Whether a passage about as similar as the best ranks the same thing at the
    claim's end of the scale."""
    return any(
        other.of_same(mine) and other.end == mine.end
        for passage in near
        if passage != best_passage
        for other in superlatives(passage)
    )
