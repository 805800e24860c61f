"""Flips said in other words: what a claim says against a passage about as similar as
its best one, read by the rules that need no copied wording (docs/detection.md#pipeline):
an opposite in a copied frame (framed.py), a thing the passage sets apart taken in
(exceptions.py), an obligation turned around (obligations.py), a part widened to all
(universals.py), roles reversed (roles.py), steps put in the other order
(sequence.py), a comparison the passage's amounts turn
around (comparisons.py), a value put at the other end of a change or a change turned
the other way (changes.py) or a value at the other end of a span (span_ends.py).  Each
reads one clause or sentence at a time, so a passage beside the best one may hold the
fact the claim restates."""

from __future__ import annotations

from collections.abc import Callable, Sequence

from grounding_sidecar.detection.judging.changes import turned_change, turned_direction
from grounding_sidecar.detection.judging.comparisons import reversed_bound, reversed_comparison
from grounding_sidecar.detection.judging.exceptions import taken_in
from grounding_sidecar.detection.judging.framed import opposite_in_frame
from grounding_sidecar.detection.judging.obligations import changed_obligation
from grounding_sidecar.detection.judging.polarity import restates_negation
from grounding_sidecar.detection.judging.roles import reversed_roles, reversed_route, reversed_voice
from grounding_sidecar.detection.judging.sequence import reversed_order
from grounding_sidecar.detection.judging.span_ends import turned_span
from grounding_sidecar.detection.judging.universals import widened_to_all

# A rule: why a claim says the opposite of one passage, as a rationale, or None.
_Rule = Callable[[str, str], str | None]


def reworded_flip(claim: str, passages: Sequence[str]) -> str | None:
    """Why `claim` says the opposite of one of `passages` in other words, or None: the
    first rule that reads a flip against any passage, in `_RULES`' order."""
    for rule in (_opposite_in_frame(passages), *_RULES):
        for passage in passages:
            found = rule(claim, passage)
            if found is not None:
                return found
    return None


def _words_against(rule: Callable[[str, str], tuple[str, str] | None]) -> _Rule:
    """A rule that names the claim's words and the passage's they stand against."""

    def read(claim: str, passage: str) -> str | None:
        found = rule(claim, passage)
        return None if found is None else f"'{found[0]}' where the sources say '{found[1]}'"

    return read


def _opposite_in_frame(passages: Sequence[str]) -> _Rule:
    """An opposite in a copied frame (framed.py), unless the claim's word restates a
    negation the passages state together where the claim speaks ("The museum is closed
    on Mondays" against "The museum is open from 10 AM to 6 PM" beside "It isn't open
    on Mondays": polarity.restates_negation)."""

    def unrestated(claim: str, passage: str) -> tuple[str, str] | None:
        found = opposite_in_frame(claim, passage)
        if found is None or restates_negation(found, claim, " ".join(passages)):
            return None
        return found

    return _words_against(unrestated)


def _roles(claim: str, passage: str) -> str | None:
    roles = reversed_roles(claim, passage)
    if roles is None:
        return None
    return f"'{' '.join(roles)}' where the sources say it the other way round"


def _route(claim: str, passage: str) -> str | None:
    route = reversed_route(claim, passage)
    if route is None:
        return None
    return f"'from {route[0]} to {route[1]}' where the sources say the other way round"


def _comparison(claim: str, passage: str) -> str | None:
    comparison = reversed_comparison(claim, passage)
    if comparison is None:
        return None
    return (
        f"'{comparison.claimed}' where the sources state {comparison.first} "
        f"against {comparison.second}"
    )


# After an opposite in a copied frame, which reads the passages together too.
_RULES: tuple[_Rule, ...] = (
    _words_against(reversed_bound),
    _words_against(taken_in),
    _words_against(changed_obligation),
    _words_against(widened_to_all),
    _roles,
    _words_against(reversed_voice),
    _route,
    _words_against(reversed_order),
    _comparison,
    _words_against(turned_change),
    _words_against(turned_direction),
    _words_against(turned_span),
)
