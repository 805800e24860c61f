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

from grounding_sidecar.detection.judging.otherwise import stated_otherwise
from grounding_sidecar.detection.text.superlatives import Superlative, superlatives


def opposite_superlative(
    claim: str, best_passage: str, near_passages: Callable[[], Sequence[str]]
) -> tuple[str, str] | None:
    """The claim's superlative and the best passage's at the other end of its scale
    (as each writes them), or None (otherwise.stated_otherwise)."""
    return stated_otherwise(claim, best_passage, near_passages, superlatives, Superlative.same_end)
