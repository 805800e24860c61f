"""Which fact a value is bound to, by the words around it.

A summary that merges the clauses of one sentence may give one fact the value the
sentence states of the other ("In 2023 the Munich office had 120 employees" against "In
2023 the Berlin office had 120 employees and the Munich office had 45 employees"):
every value is the passage's, so only where each stands tells the swap.
`bound_elsewhere` compares the claim's words around its value with the passage's words
around another value of its slot and around the passage's own statements of the
claim's value, and `substituted` finds a claim copied from the passage but for one
word of the other value's clause put in place of one of its own (misplaced.py asks both;
docs/detection.md#misplaced-details).
"""

from __future__ import annotations

import itertools
import re
from collections.abc import Sequence
from dataclasses import dataclass

from grounding_sidecar.detection.judging.alignment import Change, changed_words
from grounding_sidecar.detection.judging.value_clauses import (
    ValueClauses,
    apart,
    clause_breaks,
    token_pattern,
)
from grounding_sidecar.detection.text import words
from grounding_sidecar.detection.text.clauses import clause_around
from grounding_sidecar.detection.text.contrasts import contrast_table
from grounding_sidecar.detection.text.details import DetailKind, extract_details
from grounding_sidecar.detection.text.frequencies import PERIOD_NOUNS

# How many words of its clause either side of a value are read, and the fewest of them
# the claim must share with the words around the passage's other value.
CONTEXT_WORDS = 6
CONTEXT_MIN_SHARED = 2
# The places of one value a passage is read at: a pathological passage repeats it.
MAX_PLACES = 16


# What joins a clause to the one before it in its sentence: a clause opened by one may
# leave out the verb the two share ("Books are lent for three weeks and DVDs for one
# week").
JOINED = re.compile(r"(?:[,;]|\b(?:and|but|while|whereas|with))\s*$", re.IGNORECASE)
# How many characters before a clause are read for the word or mark that joins it.
_JOINER_REACH = 12
# The most words a joined clause leaves out between the claim's words it writes: the
# verb it shares with the clause before ("are lent", "costs").
VERB_GAP = 2


@dataclass(frozen=True, slots=True)
class Place:
    """The words of its clause around one place a text writes a value."""

    before: tuple[str, ...] | None  # nearest first; None: only function words (elided)
    after: tuple[str, ...]
    joined: bool = False  # the clause opens at a joining word or mark (`JOINED`)


def bound_elsewhere(claim: str, surface: str, other: str, own: Sequence[str], passage: str) -> bool:
    """Whether the words around `other` in `passage` continue the claim's words around
    its value (`surface`) further than the words around each of the passage's own
    statements of that value (`own`, as the passage writes it): as far on both sides
    and further on one, CONTEXT_MIN_SHARED words at least.  "the Munich office had
    ... employees" goes on around 45, only "office had ... employees" around 120 (a run
    stops at the first word that differs, so a frame the sentence shares, "In 2023",
    counts for neither).  Each side is compared on its own, and a clause that opens at
    its value with only function words ("and at 11 AM on Sundays", "and 4% in Asia":
    its subject and verb left out) is read as reaching as far before it as the place
    it is compared with: it shares the sentence's start."""
    mine, reaching = _reaching(claim, surface, other, passage)
    if mine is None or not reaching or _one_clause(passage, other, own):
        return False
    owned = [place for statement in own for place in places(passage, statement)]
    return bool(owned) and any(
        all(_further(mine, theirs, ours) for ours in owned) for theirs in reaching
    )


def reaches(claim: str, surface: str, other: str, passage: str) -> bool:
    """Whether the words around `other` in `passage` continue the claim's words around
    its value by CONTEXT_MIN_SHARED at least: what `bound_elsewhere` needs first, cheap
    to ask before the passage's statements of the value are looked up."""
    return bool(_reaching(claim, surface, other, passage)[1])


def _reaching(
    claim: str, surface: str, other: str, passage: str
) -> tuple[Place | None, list[Place]]:
    """The claim's first place of its value, and the places of `other` in `passage`
    whose words continue the claim's around it by CONTEXT_MIN_SHARED at least."""
    mine = places(claim, surface)[:1]
    if not mine:
        return None, []
    theirs = places(passage, other)
    return mine[0], [place for place in theirs if _shared(mine[0], place) >= CONTEXT_MIN_SHARED]


def swapped(
    claim: str,
    first: tuple[str, Sequence[str]],
    second: tuple[str, Sequence[str]],
    passage: str,
) -> bool:
    """Whether a claim stating two values of one slot puts each where the passage puts
    the other (each given as the claim's surface and the passage's statements of it):
    the clause around each value in the claim shares more content words with the
    passage's clause around the other value than with the one around its own.
    "Kenya's Ruth Chebet won the women's marathon ..., finishing 12 seconds ahead of
    Brazil's Luana Ferraz" against "Brazil's Luana Ferraz won the women's marathon ...,
    finishing 12 seconds ahead of Kenya's Ruth Chebet".  Whole clauses, not the words
    right around each value: a swap moves what is attached to a value with it
    ("Kenya's")."""
    if not apart(claim, first[0], second[0]):
        return False  # one clause shares as much with either: no side is nearer
    values = frozenset(words.words(" ".join((first[0], second[0], *first[1], *second[1]))))
    said, read = ValueClauses(claim, values), ValueClauses(passage, values)
    said.set_frame(first[0], second[0])
    read.set_frame(first[1][0] if first[1] else "", second[1][0] if second[1] else "")
    return _nearer_other(said, first, second, read) and _nearer_other(said, second, first, read)


def substituted(
    changes: Sequence[Change], surface: str, other: str, own: Sequence[str], passage: str
) -> bool:
    """Whether one of `changes` (`substitutable`: the claim copies a stretch of the
    passage but for one word) puts a content word that only the clause around `other`
    (another value of its slot) has in place of one that only the clause around the
    passage's own statement of the claim's value (`surface`; `own`) has.  "Refresh
    tokens expire after one hour" against "Access tokens expire after one hour; refresh
    tokens are valid for 30 days": the value keeps its verb and takes the other fact's
    subject, where the words right around it (`bound_elsewhere`) still match its own.
    Word for word but for that one, so a paraphrase ("living on less than three euros
    each per day" for "... each a day, or ... 10 euro cents per kilometre") is not read
    as a swap."""
    if not changes or not own or _one_clause(passage, other, own):
        return False
    values = frozenset(words.words(" ".join((surface, other, *own))))
    read = ValueClauses(passage, values)
    theirs = read.words_around(other)
    ours = frozenset().union(*(read.words_around(statement) for statement in own))
    return any(
        words.stem(change.word) in theirs - ours and words.stem(change.other) in ours - theirs
        for change in changes
    )


def requalified(claim: str, surface: str, other: str, own: Sequence[str], passage: str) -> bool:
    """Whether the claim's clause around its value (`surface`) names a thing that only
    the passage's clause around `other` (another value of its slot) names, where only
    the clause of the passage's own statement of the value (`own`) names another
    thing of its kind, which the claim leaves out (`ContrastTable.contrast`, or two
    periods): "On Saturdays the office opens at 9 AM" against "The office is open
    Monday to Friday from 9 AM to 5 PM and on Saturday from 10 AM to 2 PM" gives
    Saturday the weekdays' hour, however the rest is worded."""
    if not own:
        return False
    values = frozenset(words.words(" ".join((surface, other, *own))))
    said = ValueClauses(claim, values).words_around(surface)
    read = ValueClauses(passage, values)
    theirs = read.words_around(other)
    if not said & theirs:
        return False  # most conflicts end here, before the other clauses are read
    ours = frozenset().union(*(read.words_around(statement) for statement in own))
    named = sorted(said & (theirs - ours))
    if not named or _one_clause(passage, other, own):
        return False
    dropped = sorted(ours - theirs - said)
    if not dropped:
        return False
    if any(map(_period, named)) and any(map(_period, dropped)):
        return True  # "a year" where the value's clause says "per month"
    return contrast_table().first_pair(named, dropped) is not None


def _period(word: str) -> bool:
    """Whether a content word (stemmed: "days" keeps its "s") names a period a value is
    counted over (`frequencies.PERIOD_NOUNS`), each of a kind with the others: the
    contrast table leaves periods to the frequency rules, which read "weekly" and "per
    month" but not a bare period after a count ("18 days a year")."""
    return word.removesuffix("s") in PERIOD_NOUNS


def substitutable(claim: str, passage: str) -> list[Change]:
    """The changes that make the claim a stretch of the passage but for one word, each
    a content word for a content word: what `substituted` reads, cheap to ask before
    the passage's statements of the value are looked up."""
    return [
        change
        for change in changed_words(claim, passage)
        if change.word.isalpha()
        and change.other.isalpha()
        and words.stem(change.word) not in words.STOPWORDS
        and words.stem(change.other) not in words.STOPWORDS
    ]


def named_with_own(names: Sequence[str], other: str, own: Sequence[str], passage: str) -> bool:
    """Whether the claim names (`names`) a thing that the passage names in the clause
    of one of its own statements of the value (`own`) and not in the clause of `other`,
    which names a thing of its own instead: the names say whose fact the value is,
    however the claim words the rest ("FibreOne Plus provides 500 Mbps download
    speeds" against "FibreOne Basic offers 150 Mbps download speeds ..., while FibreOne
    Plus offers 500 Mbps").  A clause that names nothing may leave out the subject the
    sentence gave both ("The Voyager policy covers medical expenses up to $2 million
    and trip cancellation up to $5,000")."""
    if not names:
        return False
    patterns = [token_pattern(name) for name in names]
    clauses = ValueClauses(passage, frozenset())
    theirs = clauses.clause_text(other)
    if not any(
        detail.kind is DetailKind.ENTITY
        and not any(pattern.search(detail.surface) for pattern in patterns)
        for detail in extract_details(theirs)
    ):
        return False  # the other clause names nothing of its own
    not_theirs = [pattern for pattern in patterns if pattern.search(theirs) is None]
    return any(
        pattern.search(clauses.clause_text(statement))
        for statement in own
        for pattern in not_theirs
    )


def _nearer_other(
    claim: ValueClauses,
    mine: tuple[str, Sequence[str]],
    other: tuple[str, Sequence[str]],
    passage: ValueClauses,
) -> bool:
    """Whether the claim's clause around its value shares more content words (the two
    values' own aside, and those the claim's clause around the other value uses too,
    which tell its two facts apart in neither: "per dollar" of both "2 points per
    dollar online" and "1 point per dollar in store") with the passage's clause around
    the other value than with any around the passage's statements of its own."""
    said = claim.words_around(mine[0]) - claim.words_around(other[0])
    if not said:
        return False
    theirs = max((len(said & passage.words_around(s)) for s in other[1]), default=0)
    ours = max((len(said & passage.words_around(s)) for s in mine[1]), default=0)
    return theirs > ours


def places(text: str, surface: str) -> list[Place]:
    """Each place `text` writes `surface` as a whole token (at most MAX_PLACES), with
    up to CONTEXT_WORDS words of its clause either side."""
    breaks = clause_breaks(text)
    found = []
    for match in itertools.islice(token_pattern(surface).finditer(text), MAX_PLACES):
        opens, closes = clause_around(breaks, match.start(), match.end(), len(text))
        before = text[opens : match.start()]
        nearest = words.words(before)[::-1][:CONTEXT_WORDS]
        elided = not words.content_words(before)
        after = words.words(text[match.end() : closes])[:CONTEXT_WORDS]
        joined = JOINED.search(text[max(0, opens - _JOINER_REACH) : opens]) is not None
        found.append(Place(None if elided else nearest, after, joined))
    return found


def _one_clause(passage: str, other: str, own: Sequence[str]) -> bool:
    """Whether a clause of the passage states both `other` and the claim's value: it
    relates them, and the claim may restate it with their roles worded anew ("canceled
    by CBS on November 14" for "CBS announced the cancellation of The Millers on
    November 14")."""
    bounds = sorted({0, *(start for start, _ in clause_breaks(passage)), len(passage)})
    return any(
        token_pattern(other).search(clause) and any(token_pattern(s).search(clause) for s in own)
        for clause in (passage[start:end] for start, end in itertools.pairwise(bounds))
    )


def _further(claim: Place, theirs: Place, ours: Place) -> bool:
    """Whether `theirs` continues the claim's words as far as `ours` on both sides and
    further on one; a side a clause left out (its subject and verb, or what follows its
    value) reaches as far as the other place's."""
    their_before, our_before = _reaching_as_far(
        _run_before(claim, theirs), _run_before(claim, ours)
    )
    their_after, our_after = _reaching_as_far(_run_after(claim, theirs), _run_after(claim, ours))
    return (
        their_before >= our_before
        and their_after >= our_after
        and (their_before, their_after) != (our_before, our_after)
    )


def _reaching_as_far(theirs: int | None, ours: int | None) -> tuple[int, int]:
    """Two runs on one side, a side a clause left out (None) as far as the other's."""
    if theirs is None:
        theirs = ours or 0
    return theirs, theirs if ours is None else ours


def _shared(claim: Place, place: Place) -> int:
    """How many words around a place continue the claim's, both sides together (a side
    the clause left out shares none)."""
    return (_run_before(claim, place) or 0) + (_run_after(claim, place) or 0)


def _run_before(claim: Place, place: Place) -> int | None:
    """The run before a place (`_gapped_run`); None when its clause left that side out:
    only function words before the value."""
    if place.before is None:
        return None
    return _gapped_run(claim.before or (), place.before, place.joined)


def _run_after(claim: Place, place: Place) -> int | None:
    """The run after a place (`_gapped_run`); None when its clause left out all the
    claim writes after the value, at a joined clause that ends with it ("and premium
    members 10." for "Premium members get 10 free guest passes a year", the rest the
    clause before's)."""
    if place.joined and not place.after and claim.after:
        return None
    return _gapped_run(claim.after, place.after, place.joined)


def _gapped_run(mine: Sequence[str], theirs: Sequence[str], joined: bool) -> int:
    """How many words of `mine` `theirs` continues; for a joined clause whose words the
    claim writes on that side in its order with a gap between them (the verb the
    clause shares with the one before it, left out), as far as the last of them:
    "and DVDs for one week" reaches "DVDs" in "DVDs are lent for one week", "the Pro
    plan $25" reaches "The" in "The Pro plan costs $25", and "and premium members 10"
    reaches "Premium" in "Premium members get 2 ...", past "Basic members get 2"."""
    run = _run(mine, theirs)
    if joined and run < len(theirs):
        return _subsequence_reach(mine, theirs) or run
    return run


def _subsequence_reach(mine: Sequence[str], theirs: Sequence[str]) -> int:
    """How far into `mine` `theirs`'s words run in their order with at most VERB_GAP of
    `mine`'s left out between them (0 where they do not)."""
    at = 0
    for word in theirs:
        try:
            at = mine.index(word, at, at + VERB_GAP + 1) + 1
        except ValueError:
            return 0
    return at if at - len(theirs) <= VERB_GAP else 0


def _run(mine: Sequence[str], theirs: Sequence[str]) -> int:
    """How many of the first words of two sequences agree."""
    count = 0
    for a, b in zip(mine, theirs, strict=False):
        if a != b:
            break
        count += 1
    return count
