"""A comparison the passage's numbers turn around: "The Free plan allows more requests
per minute than the Pro plan" against "100 requests per minute on the Free plan and
1,000 requests per minute on the Pro plan"; "The second permit is cheaper than the
first" against "The first permit costs £60 and the second costs £110".  The claim
states no number, so no detail of it is missing or conflicting, and the verifier reads
such pairs as entailed (0.66-0.89); the passage's two values decide it
(docs/detection.md#comparisons).  So does a bound set from the other side ("under £40"
against "over £40", `reversed_bound`).

Read only where each side of the comparison is named by a word the other side lacks,
and each such word stands in exactly one clause of the passage that states an amount,
the two amounts in one unit: a value the passage gives both sides, or neither, decides
nothing.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from grounding_sidecar.detection.text import words
from grounding_sidecar.detection.text.bounds import Bound
from grounding_sidecar.detection.text.clauses import rough_clauses
from grounding_sidecar.detection.text.details import DetailKind, extract_details
from grounding_sidecar.detection.text.limits import Side, negated_comparisons, stated_limits
from grounding_sidecar.detection.text.negation import negates

# The comparatives whose meaning is "the larger number" or "the smaller number" in
# any unit ("faster" and "earlier" are not: a faster trip takes fewer minutes).
_LARGER = ("more", "higher", "greater", "larger", "bigger", "longer")
_SMALLER = ("less", "fewer", "lower", "smaller", "shorter", "cheaper")
_COMPARISON = re.compile(
    rf"\b(?P<word>{'|'.join(_LARGER + _SMALLER)})\b(?P<between>(?:\s+[\w'-]+){{0,8}}?)\s+than\b"
)
# A number after "than" sets a limit ("more than £30"), not a second side.
_LIMIT = re.compile(r"\s*(?:about\s+|around\s+)?[$€£¥]?\d")
# (value, unit, as written) of an amount a clause states.
_Amount = tuple[float, str, str]
# How many content words on each side name it: the ones nearest the comparison.
_NAMING_WORDS = 4
# Where a passage's fact ends for this rule: a clause, or an "and" that joins another
# fact with its own amount ("100 requests on the Free plan and 1,000 on the Pro plan").
_AND = re.compile(r"\band\b")


@dataclass(frozen=True, slots=True)
class Comparison:
    """A claim's comparison the passage's amounts turn around, for the rationale."""

    claimed: str  # the claim's comparative ("more")
    first: str  # the passage's amount for the claim's first side, as written
    second: str  # and for its second side


def reversed_comparison(claim: str, passage: str) -> Comparison | None:
    """The comparison, when the claim says one side has more (or less) of a thing than
    the other and the passage's amounts for the two sides say the opposite; else
    None (`_sides`, `_amount_of`).  Not read in a claim that negates ("is not more
    than") or where a number follows "than" (a limit: "more than £30")."""
    lowered = claim.lower()
    match = _COMPARISON.search(lowered)
    if match is None or negates(lowered) or _LIMIT.match(lowered, match.end()):
        return None
    sides = _sides(lowered[: match.start()], lowered[match.end() :])
    if sides is None:
        return None
    facts = [fact for clause in rough_clauses(passage) for fact in _AND.split(clause)]
    stating = [
        (words.content_words(fact), found[0]) for fact in facts if len(found := _amounts(fact)) == 1
    ]
    pairs = [
        (stating[mine][1], stating[theirs][1])
        for mine in _picked(sides[0], stating)
        for theirs in _picked(sides[1], stating)
        if mine != theirs and stating[mine][1][1] == stating[theirs][1][1]
    ]
    if len(pairs) != 1:
        return None  # a side no clause states, or more than one reading
    first, second = pairs[0]
    if first[0] == second[0]:
        return None
    larger = match.group("word") in _LARGER
    if (first[0] > second[0]) == larger:
        return None
    return Comparison(match.group("word"), first[2], second[2])


def _sides(before: str, after: str) -> tuple[frozenset[str], frozenset[str]] | None:
    """The words naming each side that the other side lacks: the last content words
    before the comparison and the first after "than"; None where a side has none."""
    mine = words.content_sequence(before)[-_NAMING_WORDS:]
    theirs = words.content_sequence(after)[:_NAMING_WORDS]
    first, second = frozenset(mine) - frozenset(theirs), frozenset(theirs) - frozenset(mine)
    if not first or not second:
        return None
    return first, second


def _picked(side: frozenset[str], stating: list[tuple[frozenset[str], _Amount]]) -> set[int]:
    """The clauses (indexes into `stating`) a word of `side` picks out: one that stands
    in exactly one of them ("second" in "the second costs £110"; "permit", standing in
    every clause, picks out none)."""
    picked = set()
    for word in side:
        holding = [index for index, (content, _) in enumerate(stating) if word in content]
        if len(holding) == 1:
            picked.add(holding[0])
    return picked


def _amounts(clause: str) -> list[_Amount]:
    """(value, unit, as written) of each amount `clause` states."""
    found = []
    for detail in extract_details(clause):
        if detail.kind is not DetailKind.QUANTITY:
            continue
        try:
            found.append((float(detail.value), detail.unit, detail.surface))
        except ValueError:
            continue
    return found


_OPPOSITE_BOUNDS = {Bound.ABOVE: Bound.BELOW, Bound.BELOW: Bound.ABOVE}
_BOUND_WORDS = {Bound.ABOVE: "over", Bound.BELOW: "under"}
# A bound past the passage's limit on the same amount: "more than five devices" against
# "up to five devices", "under 18" against "at least 18" (limits.py).
_LIMITED_SIDE = {Bound.ABOVE: Side.UPPER, Bound.BELOW: Side.LOWER}
_LIMIT_WORDS = {Side.UPPER: "up to", Side.LOWER: "at least"}


def reversed_bound(claim: str, passage: str) -> tuple[str, str] | None:
    """(the claim's bound, the passage's) when the claim bounds an amount from the side
    the passage does not: "free delivery on orders under £40" against "free on orders
    over £40" (bounds.py), or past the passage's limit on it: "more than five devices"
    against "up to five devices"; None where the passage also bounds it the claim's way,
    or states it as it is."""
    bounded = [
        detail
        for detail in extract_details(claim)
        if detail.kind is DetailKind.QUANTITY and detail.bound in _OPPOSITE_BOUNDS
    ]
    if not bounded:
        return None
    amounts = [known for known in extract_details(passage) if known.kind is DetailKind.QUANTITY]
    for detail in bounded:
        opposite = _OPPOSITE_BOUNDS[detail.bound]
        stated = [
            known for known in amounts if known.unit == detail.unit and known.value == detail.value
        ]
        if stated and all(known.bound is opposite for known in stated):
            return (
                f"{_BOUND_WORDS[detail.bound]} {detail.surface}",
                f"{_BOUND_WORDS[opposite]} {stated[0].surface}",
            )
        limit = (_LIMITED_SIDE[detail.bound], detail.unit, detail.value)
        if (
            limit in stated_limits(passage)
            and limit not in negated_comparisons(claim)  # "may not ... more than five"
            and not any(known.bound is detail.bound for known in stated)
        ):
            return (
                f"{_BOUND_WORDS[detail.bound]} {detail.surface}",
                f"{_LIMIT_WORDS[limit[0]]} {detail.surface}",
            )
    return None
