"""Flips said in other words: what a claim says against a passage about as similar as
its best one, read by the rules that need no copied wording (docs/detection.md#pipeline):
an opposite in a copied frame (framed.py), a thing the passage sets apart taken in
(exceptions.py), an obligation turned around (obligations.py), a part widened to all
(universals.py), roles reversed (roles.py), a comparison the passage's amounts turn
around (comparisons.py).  Each reads one clause or sentence at a time, so a passage
beside the best one may hold the fact the claim restates."""

from __future__ import annotations

from collections.abc import Sequence

from grounding_sidecar.detection.judging.comparisons import reversed_bound, reversed_comparison
from grounding_sidecar.detection.judging.exceptions import taken_in
from grounding_sidecar.detection.judging.framed import opposite_in_frame
from grounding_sidecar.detection.judging.obligations import changed_obligation
from grounding_sidecar.detection.judging.roles import reversed_roles, reversed_route
from grounding_sidecar.detection.judging.universals import widened_to_all


def reworded_flip(claim: str, passages: Sequence[str]) -> str | None:
    """Why `claim` says the opposite of one of `passages` in other words, or None."""
    for rule in (opposite_in_frame, reversed_bound, taken_in, changed_obligation, widened_to_all):
        for passage in passages:
            found = rule(claim, passage)
            if found is not None:
                return f"'{found[0]}' where the sources say '{found[1]}'"
    for passage in passages:
        roles = reversed_roles(claim, passage)
        if roles is not None:
            return f"'{' '.join(roles)}' where the sources say it the other way round"
        route = reversed_route(claim, passage)
        if route is not None:
            return f"'from {route[0]} to {route[1]}' where the sources say the other way round"
    for passage in passages:
        comparison = reversed_comparison(claim, passage)
        if comparison is not None:
            return (
                f"'{comparison.claimed}' where the sources state {comparison.first} "
                f"against {comparison.second}"
            )
    return None
