"""A superlative turned to the other end of its scale: "Etna is the smallest active
volcano in Europe" against "Mount Etna ... is the tallest active volcano in Europe";
or to another rank: "The Danube is the longest river in Europe" against "Europe's
second-longest river" (`_raised_to_top`).

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

from grounding_sidecar.detection.judging.otherwise import stated_otherwise
from grounding_sidecar.detection.text.negation import negates
from grounding_sidecar.detection.text.superlatives import Superlative, superlatives


def opposite_superlative(
    claim: str, best_passage: str, near_passages: Callable[[], Sequence[str]]
) -> tuple[str, str] | None:
    """The claim's superlative and the best passage's at the other end of its scale or
    at another rank (as each writes them), or None (otherwise.stated_otherwise)."""
    return stated_otherwise(
        claim, best_passage, near_passages, superlatives, Superlative.same_end
    ) or _raised_to_top(claim, best_passage, near_passages)


def _raised_to_top(
    claim: str, best_passage: str, near_passages: Callable[[], Sequence[str]]
) -> tuple[str, str] | None:
    """The claim's plain superlative and the best passage's ranked one of the same
    thing at the same end ("the longest river" against "the second-longest river"),
    where the claim negates nothing and no passage about as similar to the claim
    ranks the thing at the top.  `stated_otherwise` leaves it, since the passage
    writes the claim's own word ("longest")."""
    ranked = [other for other in superlatives(best_passage) if other.rank > 1]
    if not ranked or negates(claim):
        return None
    for mine in superlatives(claim):
        below = [o for o in ranked if mine.rank == 1 and o.of_same(mine) and o.end == mine.end]
        if below and not _at_the_top(mine, near_passages()):
            return mine.surface, below[0].surface
    return None


def _at_the_top(mine: Superlative, passages: Sequence[str]) -> bool:
    return any(o.of_same(mine) and o.same_end(mine) for p in passages for o in superlatives(p))
