"""Misplaced details: a value the sources state, bound to the wrong fact.

A RAG answer that mixes up its sources' facts states only values they hold ("Refunds
are issued within 30 days" when 30 days is the return window and refunds take 5
business days), so looking each detail up in every source finds it.  This rule reads
the claim against its best passage instead (docs/detection.md#misplaced-details).
"""

from __future__ import annotations

import itertools
from collections.abc import Callable, Sequence

from grounding_sidecar.detection.judging.bindings import (
    bound_elsewhere,
    named_with_own,
    reaches,
    requalified,
    substitutable,
    substituted,
    swapped,
)
from grounding_sidecar.detection.judging.corpus import SourceCorpus
from grounding_sidecar.detection.judging.owners import swapped_owners
from grounding_sidecar.detection.judging.slots import (
    conflicting,
    counterpart,
    counterparts,
    same_slot,
)
from grounding_sidecar.detection.judging.stated_elsewhere import (
    MISPLACEABLE,
    DetailClause,
    Elsewhere,
)
from grounding_sidecar.detection.judging.value_clauses import apart
from grounding_sidecar.detection.text import words
from grounding_sidecar.detection.text.details import Detail, DetailKind, extract_details

# The details a claim can take from one passage and put in another's slot: amounts
# with a unit ("30 days", "$20", "15%"), times of day, and bare numbers that count the
# same thing as the passage's (`_counts_alike`).  A passage's dates are most often of
# different events ("renewed on July 28" beside "premieres on Aug. 6") to stand
# against another one (docs/detection.md#misplaced-details).  The kinds are
# `stated_elsewhere.MISPLACEABLE`, which reads a value beside another of them.
# The details misplaced only where the best passage itself states them of another fact
# (`_rebound`): a date or a name ("The bridge was widened in 1932" against "The bridge
# opened in 1932 and was widened in 1958").
_REBOUND_ONLY = frozenset({DetailKind.DATE, DetailKind.ENTITY})


def misplaced_detail(
    claim: str,
    best_passage: str,
    near_passages: Callable[[], Sequence[str]],
    most_similar: Callable[[], Sequence[str]] | None = None,
) -> tuple[Detail, Detail] | None:
    """A detail of the claim and the best passage's detail it stands against, when the
    claim puts a detail the sources state where its best passage states another value
    of its slot and no passage about as similar to the claim (`near_passages`, the best
    one among them; asked only for a detail otherwise misplaced) states it of what the
    claim's clause speaks of, nor any of these or of the claim's most similar passages
    (`most_similar`, by default none more) beside another value the claim states
    beside it (stated_elsewhere.py): "Refunds are issued within 30 days" against "Refunds
    are issued within 5 business days", the 30 days being the return window another
    passage states.  A claim that keeps a value of that slot from the passage joins
    two passages' facts ("sales were $441 million; the forecast is $1.7 billion"): no
    finding, and so does one whose clause around the detail is about something else
    (`DetailClause`; a claim of one clause is about its best passage).  A value the best
    passage itself states is misplaced only where the passage binds it to another
    clause (`_rebound`), and two values are where the claim pairs them with each
    other's names (owners.py)."""
    mine = [
        detail
        for detail in extract_details(claim)
        if detail.kind in MISPLACEABLE or (detail.kind in _REBOUND_ONLY and not detail.initial)
    ]
    if not mine:
        return None
    stated = extract_details(best_passage)
    replaced = counterparts(claim, best_passage, stated)
    kept = [d for d in stated if d not in replaced]
    conflicts = [
        (detail, other)
        for detail in mine
        if not _keeps_its_count(detail, claim, kept, best_passage)
        and (other := _standing_against(detail, stated, replaced)) is not None
    ]
    found = (
        _misplaced(
            claim,
            best_passage,
            near_passages,
            most_similar,
            stated,
            kept,
            conflicts,
        )
        if conflicts
        else None
    )
    return (
        found
        or _swapped_pair(claim, best_passage, stated, mine)
        or swapped_owners(claim, best_passage)
    )


def _misplaced(
    claim: str,
    best_passage: str,
    near_passages: Callable[[], Sequence[str]],
    most_similar: Callable[[], Sequence[str]] | None,
    stated: Sequence[Detail],
    kept: Sequence[Detail],
    conflicts: Sequence[tuple[Detail, Detail]],
) -> tuple[Detail, Detail] | None:
    """The first conflict whose detail no other passage states as the claim does
    (stated_elsewhere.py) and whose clause is about the passage, rebound within
    the passage or misplaced from elsewhere (not where the claim keeps another value of
    its slot from the passage: it joins passages' facts)."""
    best = SourceCorpus([best_passage])
    passage_words = words.content_words(best_passage)
    elsewhere = Elsewhere(claim, best_passage, near_passages, most_similar)
    for detail, other in conflicts:
        clause = DetailClause.of(claim, detail)
        if not (clause.whole or clause.about(passage_words)):
            continue
        if best.contains(detail) and not _measured_only(detail, claim, stated):
            rebound = _rebound(claim, detail, other, best_passage, stated)
            if rebound is None:
                continue
            other = rebound
        elif _keeps_its_slot(detail, kept) or not _of_its_slot(detail, claim, other, best_passage):
            continue
        if not elsewhere.states(clause, detail):
            return detail, other
    return None


def _measured_only(detail: Detail, claim: str, stated: Sequence[Detail]) -> bool:
    """Whether the claim's bare number is one the best passage writes only as an amount
    of a unit the claim does not count it in: "Adults may take up to six tablets in 24
    hours" counts tablets where "Adults should take one tablet every six hours" counts
    one, and its six are hours ("at most 18 vacation days" counts the days of "18 days
    per year").  The passage then does not state the claim's number: it is misplaced
    from elsewhere or nowhere, as any number the passage lacks."""
    if detail.unit or detail.kind is not DetailKind.QUANTITY:
        return False
    same = [
        d for d in stated if d.kind is DetailKind.QUANTITY and detail.value in (d.value, d.written)
    ]
    if not same or not all(d.unit for d in same):
        return False
    counted = _counted_words(claim, detail)
    return all(counted.isdisjoint(words.content_words(d.surface)) for d in same)


# How many words after a bare number name what it counts ("18 paid vacation days").
_COUNTED_REACH = 3


def _counted_words(claim: str, detail: Detail) -> frozenset[str]:
    """The content words (stemmed) of the few words after the claim's bare number."""
    after = _words_after(detail, claim)[:_COUNTED_REACH]
    return frozenset(word for word in after if word not in words.STOPWORDS)


# The claim's values read pair by pair for a swap: a claim listing dozens of names
# would cost a check its time, and a swap of two facts names few values.
_MAX_SWAPPED = 8


def _swapped_pair(
    claim: str, passage: str, stated: Sequence[Detail], mine: Sequence[Detail]
) -> tuple[Detail, Detail] | None:
    """Two values of one slot that the claim states and the passage states too, each
    where the passage puts the other (bindings.swapped): "Kenya's Ruth Chebet won ...,
    finishing 12 seconds ahead of Brazil's Luana Ferraz" against the passage's
    Ferraz winning ahead of Chebet."""
    pairs = [
        (first, second)
        for first, second in itertools.combinations(mine[:_MAX_SWAPPED], 2)
        if same_slot(first, second) and apart(claim, first.surface, second.surface)
    ]
    if not pairs:
        return None  # most claims: one value of a slot, or both in one clause
    best = SourceCorpus([passage])
    statements: dict[Detail, list[str]] = {}
    for first, second in pairs:
        if not (best.contains(first) and best.contains(second)):
            continue
        for detail in (first, second):
            if detail not in statements:
                statements[detail] = _statements(detail, stated)
        if swapped(
            claim, (first.surface, statements[first]), (second.surface, statements[second]), passage
        ) and not _one_states_the_other(first, second):
            return first, second
    return None


def _one_states_the_other(first: Detail, second: Detail) -> bool:
    """Whether two details are one value written two ways, or one states more of it
    ("November 28" and "November 28, 1972")."""
    return SourceCorpus([first.surface]).contains(second) or SourceCorpus(
        [second.surface]
    ).contains(first)


def _statements(detail: Detail, stated: Sequence[Detail]) -> list[str]:
    """The passage's statements of a claim's value, each once: those of its very value,
    or else those that hold it however written ("02:00" of "2:00"; looked up one by
    one, the dearer way)."""
    same = [
        d.surface
        for d in stated
        if (d.kind, d.value, d.unit) == (detail.kind, detail.value, detail.unit)
    ]
    if same:
        return list(dict.fromkeys(same))
    return list(
        dict.fromkeys(d.surface for d in stated if SourceCorpus([d.surface]).contains(detail))
    )


def _keeps_its_slot(detail: Detail, kept: Sequence[Detail]) -> bool:
    """Whether the claim keeps another value of `detail`'s slot from the passage: for a
    claim joining passages' facts, any other bare number counts."""
    return bool(_other_values(detail, kept))


def _keeps_its_count(detail: Detail, claim: str, kept: Sequence[Detail], passage: str) -> bool:
    """`_keeps_its_slot`, where for a bare number only one counting the same thing
    counts: within one passage, "45 employees" keeps no slot by keeping the year 2023."""
    return any(
        not _bare(detail) or _counts_alike(detail, claim, k, passage)
        for k in _other_values(detail, kept)
    )


def _other_values(detail: Detail, kept: Sequence[Detail]) -> list[Detail]:
    return [k for k in kept if same_slot(detail, k) and k.value != detail.value]


def _of_its_slot(detail: Detail, claim: str, other: Detail, passage: str) -> bool:
    """Whether `detail` fills `other`'s slot by kind and unit alone: a quantity or a
    time, and a bare number only where it counts what `other` counts."""
    if detail.kind not in MISPLACEABLE:
        return False
    return not _bare(detail) or _counts_alike(detail, claim, other, passage)


def _standing_against(
    detail: Detail, stated: Sequence[Detail], replaced: Sequence[Detail]
) -> Detail | None:
    """The passage's dropped detail of `detail`'s slot: for a name, the passage's own
    statement of the claim's name does not make it the same thing as another name."""
    if detail.kind is DetailKind.ENTITY:
        return counterpart(detail, replaced)
    return conflicting(detail, stated, replaced)


def _rebound(
    claim: str, detail: Detail, other: Detail, passage: str, stated: Sequence[Detail]
) -> Detail | None:
    """The value of the fact the claim gives its value (`detail`) to, where the
    passage states that value of another fact: `other`, where the words right around
    it continue the claim's words around its value further than those around any of
    the passage's own statements of it, or the claim copies the passage but for one
    word, a word of the clause around `other` put in place of one of its own; or any
    other value of the slot whose clause names a thing the claim's clause names in
    place of one of its kind (`_requalified`; bindings.py).  None where the claim
    names what the clause of the passage's own statement names and the clause of
    `other` does not."""
    near = reaches(claim, detail.surface, other.surface, passage)
    # A clause's words say which fact a value is of only where the two values are of
    # one kind: a year and "45 employees" share a clause without filling one slot.
    alike = not _bare(detail) or _counts_alike(detail, claim, other, passage)
    changes = substitutable(claim, passage) if not near and alike else []
    if not (near or changes):
        # Most conflicts end here, the lookups of the claim's value left to the few
        # whose clause names a word of another value's clause.
        return _requalified(claim, detail, passage, stated) if alike else None
    if SourceCorpus([detail.surface]).contains(other):
        return None  # `other` states less of the claim's value: "November 28" of "... 1972"
    # `other` itself may be one of the passage's statements of the claim's value.
    own = _statements(detail, stated)
    if named_with_own(_other_names(claim, detail), other.surface, own, passage):
        return None
    if near:
        bound = bound_elsewhere(claim, detail.surface, other.surface, own, passage)
    else:
        bound = substituted(changes, detail.surface, other.surface, own, passage)
    if bound:
        return None if _qualified_as_its_own(claim, detail, other, own, passage) else other
    return _requalified(claim, detail, passage, stated) if alike else None


def _qualified_as_its_own(
    claim: str, detail: Detail, other: Detail, own: Sequence[str], passage: str
) -> bool:
    """Whether the claim's clause names a thing that only the clause of one of the
    passage's own statements of its value names, in place of one of its kind that only
    the clause of `other` names (bindings.requalified, the two turned round): the words
    right around the value may go on as the other clause's further, yet the claim
    keeps the value's own fact.  "Employees can accrue at most 18 vacation days a year"
    against "Employees accrue 1.5 vacation days per month, up to a maximum of 18 days
    per year" says "year", not "month"."""
    return any(
        requalified(claim, detail.surface, statement, [other.surface], passage) for statement in own
    )


def _requalified(
    claim: str, detail: Detail, passage: str, stated: Sequence[Detail]
) -> Detail | None:
    """The first other value of the slot whose clause names a thing the claim's clause
    names in place of one of its kind that only the clause of the passage's own
    statement names (bindings.requalified): the claim gives that thing this value."""
    others = [
        other
        for other in _other_values(detail, stated)
        if not _bare(detail) or _counts_alike(detail, claim, other, passage)
    ]
    if not others:
        return None
    own = _statements(detail, stated)
    return next(
        (
            other
            for other in others
            if requalified(claim, detail.surface, other.surface, own, passage)
            # `other` states less of the claim's value: "November 28" of "... 1972"
            and not SourceCorpus([detail.surface]).contains(other)
        ),
        None,
    )


def _other_names(claim: str, detail: Detail) -> list[str]:
    """The names the claim states beside `detail` (itself a name, or a value); not a
    capital that only starts the sentence ("Revenue grew ..."): the passage's later
    clause leaves such a subject out."""
    return [
        d.surface
        for d in extract_details(claim)
        if d.kind is DetailKind.ENTITY and not d.initial and d.surface != detail.surface
    ]


def _bare(detail: Detail) -> bool:
    return detail.kind is DetailKind.QUANTITY and not detail.unit


def _counts_alike(detail: Detail, claim: str, other: Detail, passage: str) -> bool:
    """Whether two bare numbers count one thing: the same word right after each ("up to
    20 books" against "up to 12 books").  A bare number counts things of too many
    kinds to stand against another one otherwise ("5 users", "3 stores")."""
    counted = _counted(detail, claim)
    return counted is not None and counted == _counted(other, passage)


def _counted(detail: Detail, text: str) -> str | None:
    after = _words_after(detail, text)
    return after[0] if after and after[0] not in words.STOPWORDS else None


def _words_after(detail: Detail, text: str) -> tuple[str, ...]:
    """The words (stemmed) after the first place `text` writes the detail."""
    at = text.lower().find(detail.surface.lower())
    return words.words(text[at + len(detail.surface) :]) if at >= 0 else ()
