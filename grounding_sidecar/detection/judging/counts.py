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

from grounding_sidecar.detection.judging.otherwise import stated_otherwise
from grounding_sidecar.detection.text.counts import Count, counts


def changed_count(
    claim: str, best_passage: str, near_passages: Callable[[], Sequence[str]]
) -> tuple[str, str] | None:
    """The claim's count and the best passage's count of the same thing it stands
    against (as each writes them), or None (otherwise.stated_otherwise)."""
    return stated_otherwise(
        claim, best_passage, near_passages, counts, Count.allows, compared=_one_unread
    )


def _one_unread(mine: Count, theirs: Sequence[Count]) -> bool:
    """Whether the details leave the comparison to this rule: one of the two counts is
    one they do not read as a number."""
    return mine.unread or any(count.unread for count in theirs)
