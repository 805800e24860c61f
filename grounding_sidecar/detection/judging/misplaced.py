"""Misplaced details: a value the sources state, bound to the wrong fact.

A RAG answer that mixes up its sources' facts states only values they hold ("Refunds
are issued within 30 days" when 30 days is the return window and refunds take 5
business days), so looking each detail up in every source finds it.  This rule reads
the claim against its best passage instead (docs/detection.md#misplaced-details).
"""

from __future__ import annotations

import itertools
import re
from collections.abc import Callable, Sequence

from grounding_sidecar.detection.judging.corpus import SourceCorpus
from grounding_sidecar.detection.judging.slots import conflicting, counterparts, same_slot
from grounding_sidecar.detection.text import words
from grounding_sidecar.detection.text.clauses import SENTENCE_END, clause_around, rough_sentences
from grounding_sidecar.detection.text.details import Detail, DetailKind, extract_details

# The details a claim can take from one passage and put in another's slot: amounts
# with a unit ("30 days", "$20", "15%"), times of day, and bare numbers that count the
# same thing as the passage's (`_counts_alike`).  A passage's dates are most often of
# different events ("renewed on July 28" beside "premieres on Aug. 6") to stand
# against another one (docs/detection.md#misplaced-details).
_MISPLACEABLE = frozenset({DetailKind.QUANTITY, DetailKind.TIME})


def misplaced_detail(
    claim: str, best_passage: str, near_passages: Callable[[], Sequence[str]]
) -> tuple[Detail, Detail] | None:
    """A detail of the claim and the best passage's detail it stands against, when the
    claim puts a detail the sources state where its best passage states another value
    of its slot and no passage about as similar to the claim (`near_passages`, the best
    one among them; asked only when a detail stands against the passage's) states
    it: "Refunds are issued within 30 days" against "Refunds
    are issued within 5 business days", the 30 days being the return window another
    passage states.  A claim that keeps a value of that slot from the passage joins
    two passages' facts ("sales were $441 million; the forecast is $1.7 billion"): no
    finding, and so does one whose clause around the detail is about something else
    (`_about`).  A value the best passage itself states is misplaced only where the
    passage binds it to another clause (`_bound_to_another_clause`)."""
    mine = [detail for detail in extract_details(claim) if detail.kind in _MISPLACEABLE]
    if not mine:
        return None
    stated = extract_details(best_passage)
    replaced = counterparts(claim, best_passage, stated)
    kept = [d for d in stated if d not in replaced]
    conflicts = [
        (detail, other)
        for detail in mine
        if not any(same_slot(detail, k) and k.value != detail.value for k in kept)
        and (other := conflicting(detail, stated, replaced)) is not None
        and (not _bare(detail) or _counts_alike(detail, claim, other, best_passage))
    ]
    if not conflicts:
        return None
    others = SourceCorpus([p for p in near_passages() if p != best_passage])
    best = SourceCorpus([best_passage])
    passage_words = words.content_words(best_passage)
    for detail, other in conflicts:
        if others.contains(detail) or not _about(claim, detail, passage_words):
            continue
        if not best.contains(detail) or _bound_to_another_clause(
            claim, detail, other, best_passage
        ):
            return detail, other
    return None


def _bound_to_another_clause(claim: str, detail: Detail, other: Detail, passage: str) -> bool:
    """Whether the passage states the claim's value in a clause the claim speaks of less
    than the clause holding `other`, in one sentence: "no monthly fee if you deposit at
    least $5" against "no monthly fee if you deposit at least $500 each month; otherwise
    the fee is $5".  Across sentences of a long passage the counts of shared words say
    little ("a three-year contract" beside "the 39-year-old")."""
    sentence = next((s for s in rough_sentences(passage) if other.surface in s), "")
    clauses = _clauses(sentence)
    with_other = [c for c in clauses if other.surface in c]
    with_mine = [c for c in clauses if SourceCorpus([c]).contains(detail)]
    if not with_other or not with_mine or with_other[0] in with_mine:
        return False
    # Every word counts here, function words too: "Check-in is from 11 AM" is about
    # "Check-in is from 3 PM", not "check-out is by 11 AM".
    claim_words = frozenset(words.words(claim)) - frozenset(words.words(detail.surface))
    return _shared(claim_words, with_other[0]) > max(_shared(claim_words, c) for c in with_mine)


def _clauses(text: str) -> list[str]:
    found = [*_CLAUSE_BREAK.finditer(text), *SENTENCE_END.finditer(text)]
    breaks = sorted({0, *(m.start() for m in found), len(text)})
    return [text[start:end] for start, end in itertools.pairwise(breaks) if text[start:end]]


def _shared(claim_words: frozenset[str], clause: str) -> int:
    return len(claim_words & frozenset(words.words(clause)))


def _bare(detail: Detail) -> bool:
    return detail.kind is DetailKind.QUANTITY and not detail.unit


def _counts_alike(detail: Detail, claim: str, other: Detail, passage: str) -> bool:
    """Whether two bare numbers count one thing: the same word right after each ("up to
    20 books" against "up to 12 books").  A bare number counts things of too many
    kinds to stand against another one otherwise ("5 users", "3 stores")."""
    counted = _counted(detail, claim)
    return counted is not None and counted == _counted(other, passage)


def _counted(detail: Detail, text: str) -> str | None:
    at = text.lower().find(detail.surface.lower())
    after = words.words(text[at + len(detail.surface) :]) if at >= 0 else ()
    return after[0] if after and after[0] not in words.STOPWORDS else None


# The share of the content words of a detail's clause that its best passage must use
# for the claim to be stating that passage's fact (`_about`).
CLAUSE_SHARE = 0.4
# What ends a clause: punctuation, and the words that join a second fact to a first.
_CLAUSE_BREAK = re.compile(r"[,;:()]|\b(?:and|but|while|whereas|which|with)\b", re.IGNORECASE)


def _about(claim: str, detail: Detail, passage_words: frozenset[str]) -> bool:
    """Whether the clause of `claim` that states `detail` speaks of what the passage
    does: at least CLAUSE_SHARE of its content words (less the detail's own) are the
    passage's.  A long claim joining several passages' facts ("..., and their revenue
    is projected between $3.515 billion and $3.575 billion") has a best passage that
    is not about each clause.  A clause with no other content word is read as the
    whole claim."""
    own = words.content_words(detail.surface)
    content = words.content_words(_clause(claim, detail.surface)) - own
    content = content or words.content_words(claim) - own
    return bool(content) and len(content & passage_words) >= CLAUSE_SHARE * len(content)


def _clause(claim: str, surface: str) -> str:
    """The stretch of `claim` around `surface` between two clause breaks."""
    at = claim.find(surface)
    if at < 0:
        return claim
    breaks = [m.span() for m in _CLAUSE_BREAK.finditer(claim)]
    opens, closes = clause_around(breaks, at, at + len(surface), len(claim))
    return claim[opens:closes]
