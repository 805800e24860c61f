"""Passages other than the best that state a claim's value as the claim does, so that
a value the best passage states otherwise is no misplaced one (misplaced.py): a near
passage that states it of what the claim's clause speaks of, and a near or similar
passage that states it beside another value the claim states beside it.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from functools import cached_property

from grounding_sidecar.detection.judging.corpus import SourceCorpus
from grounding_sidecar.detection.judging.value_clauses import CLAUSE_BREAK
from grounding_sidecar.detection.text import words
from grounding_sidecar.detection.text.clauses import clause_around
from grounding_sidecar.detection.text.details import Detail, DetailKind, extract_details

# The details a claim can take from one passage and put in another's slot, and state
# beside each other: amounts and times of day (misplaced.py, which says why).
MISPLACEABLE = frozenset({DetailKind.QUANTITY, DetailKind.TIME})


class Elsewhere:
    """The passages one claim's values may be stated in, read once and only when a
    value otherwise misplaced asks: the near ones (`near_passages`, within
    overrides.NEAR_MARGIN of the best passage's cosine) and the most similar
    (`most_similar`, none when not given), the best passage left out."""

    def __init__(
        self,
        claim: str,
        best_passage: str,
        near_passages: Callable[[], Sequence[str]],
        most_similar: Callable[[], Sequence[str]] | None,
    ) -> None:
        self._claim, self._best = claim, best_passage
        self._read_near, self._read_similar = near_passages, most_similar

    def states(self, clause: DetailClause, detail: Detail) -> bool:
        """Whether a near passage states the claim's value of what its clause speaks
        of, or a near or similar one states it beside another of the clause's values."""
        if any(_states_it_of_the_claims(clause, detail, p, self._subject) for p in self._near):
            return True
        return any(_states_it_beside(self._claim, detail, p) for p in (*self._near, *self._similar))

    @cached_property
    def _near(self) -> list[str]:
        return [p for p in self._read_near() if p != self._best]

    @cached_property
    def _similar(self) -> list[str]:
        more = self._read_similar() if self._read_similar is not None else ()
        return [p for p in more if p != self._best and p not in self._near]

    @cached_property
    def _subject(self) -> frozenset[str]:
        """The claim's subject words where the best passage holds them all, else none."""
        subject = frozenset(words.subject_words(self._claim))
        return subject if subject <= words.content_words(self._best) else frozenset()


def _states_it_of_the_claims(
    clause: DetailClause, detail: Detail, passage: str, subject: frozenset[str]
) -> bool:
    """Whether a passage other than the best states the claim's value of what the
    claim's clause speaks of (`DetailClause.about`): the claim may then restate that
    passage.  A passage that states the value of something else excuses nothing: "The
    savings account pays 3.1% interest a year" beside "Personal loans are charged 7.9% a
    year" and the claim "A personal loan costs 3.1% a year"; nor does one that lacks a
    word of the claim's subject where the best passage holds it whole (`subject`, empty
    where it does not): "Free accounts can make 1,000 requests per minute" is the best
    passage's "Free accounts can make 100 requests per minute" with the 1,000 of "Paid
    accounts can make 1,000 ...", whose subject is another."""
    theirs = words.content_words(passage)
    if not subject <= theirs:
        return False
    return clause.about(theirs) and SourceCorpus([passage]).contains(detail)


def _states_it_beside(claim: str, detail: Detail, passage: str) -> bool:
    """Whether a passage states the claim's value beside another value the claim's
    clause states beside it: the claim restates that passage's pair of values, whatever
    words it uses ("The maximum for adults is four tablets within a 24-hour period"
    against "Do not take more than four tablets in 24 hours", where the best passage
    says "one tablet every six hours"; "open from 9 AM to 12 PM" against "it is open
    from 9:00 until noon")."""
    beside = [
        d
        for d in extract_details(clause_of(claim, detail.surface))
        if d != detail and d.kind in MISPLACEABLE
    ]
    if not beside:
        return False
    stated = SourceCorpus([passage])
    return stated.contains(detail) and any(stated.contains(d) for d in beside)


# The share of the content words of a detail's clause that a passage must use for the
# claim to be stating that passage's fact (`DetailClause.about`).
CLAUSE_SHARE = 0.4


@dataclass(frozen=True, slots=True)
class DetailClause:
    """The clause of a claim that states a detail, read once for the best passage and
    the near ones."""

    # The clause is the whole claim: then the best passage, the one most like the
    # claim, is what it speaks of, whatever words it uses ("The ride to the airport
    # lasts 15 minutes" against "The journey to the airport takes 35 minutes").
    whole: bool
    # Its content words less the detail's own; a clause with no other content word is
    # read as the whole claim.
    content: frozenset[str]

    @classmethod
    def of(cls, claim: str, detail: Detail) -> DetailClause:
        own = words.content_words(detail.surface)
        clause = clause_of(claim, detail.surface)
        content = words.content_words(clause) - own
        return cls(clause == claim, content or words.content_words(claim) - own)

    def about(self, passage_words: frozenset[str]) -> bool:
        """Whether the clause speaks of what the passage does: at least CLAUSE_SHARE of
        its content words are the passage's.  A long claim joining several passages'
        facts ("..., and their revenue is projected between $3.515 billion and $3.575
        billion") has a best passage that is not about each clause."""
        shared = len(self.content & passage_words)
        return bool(self.content) and shared >= CLAUSE_SHARE * len(self.content)


def clause_of(claim: str, surface: str) -> str:
    """The stretch of `claim` around `surface` between two clause breaks."""
    at = claim.find(surface)
    if at < 0:
        return claim
    breaks = [m.span() for m in CLAUSE_BREAK.finditer(claim)]
    opens, closes = clause_around(breaks, at, at + len(surface), len(claim))
    return claim[opens:closes]
