"""A claim that states what one of its most similar passages denies, in a statement of
its own: "Several serious adverse events in the VITAL-K trial were attributed to the
vitamin K2 supplements" against a source whose last sentence says "No serious adverse
events related to the supplements were reported", where the best passage by cosine is
another ("The VITAL-K trial tested whether daily vitamin K2 supplements slow ...",
cosine 0.68 against 0.47).

The negation rule (polarity.py) reads the best passage only.  Here a statement (a
sentence, or a clause with a subject of its own that a semicolon, ", and" or ", but"
joins to it: `_statements`) of one of
the claim's TOP_K most similar passages counts when its negation is a plain flip of the
claim (it negates a word the claim states with no negation at all), it speaks of the
claim (at least half of its content words are the claim's) and it names nothing the
claim does not (no entity, number, date or time of its own): "The drug is not approved
in the US" never stands against "The drug is approved in the EU".  A claim whose best
passage holds nearly all its content words, its subject's among them, is stated
there: a denial elsewhere is the sources disagreeing, not a flip ("Cash value life
insurance may be good for some people" against "term life insurance (which has no cash
value) may be the way to go").
"""

from __future__ import annotations

from collections.abc import Sequence

from grounding_sidecar.detection.judging.polarity import Flip, negation_flip
from grounding_sidecar.detection.text import words
from grounding_sidecar.detection.text.clauses import STATEMENT_JOIN
from grounding_sidecar.detection.text.details import DetailKind, extract_details
from grounding_sidecar.detection.text.negation import negated_words, negates
from grounding_sidecar.detection.text.sentences import BlockKind, split_sentences

# The share of a denying statement's content words the claim must use: the two then
# speak of one thing (as polarity.PAIRED_CLAUSE_SHARE for a clause).
SPOKEN_OF_SHARE = 0.5
# The share of the claim's content words a best passage that states the claim holds.
STATED_SHARE = 0.8


def denied_elsewhere(claim: str, best_passage: str, passages: Sequence[str]) -> str | None:
    """The first statement of `passages` (the claim's most similar, most similar first;
    the best passage is the negation rule's) that denies what the claim states, or
    None."""
    others = [p for p in passages if p != best_passage and negates(p)]
    if not others:
        return None  # most claims: no other similar passage negates anything
    mine = words.content_words(claim)
    if _states(best_passage, claim, mine):
        return None
    named = {(d.kind, d.value) for d in extract_details(claim)}
    for passage in others:
        for statement in _statements(passage):
            if _denies(claim, statement, mine, named):
                return statement
    return None


def _states(best_passage: str, claim: str, mine: frozenset[str]) -> bool:
    """Whether the best passage states the claim: it holds nearly all the claim's
    content words (`mine`), its subject's among them.  "Personalised items can be
    returned within 30 days" is not stated by "Items can be returned within 30 days
    with a receipt": the item the claim speaks of is one a similar passage denies
    ("Personalised items cannot be returned")."""
    theirs = words.content_words(best_passage)
    if len(mine & theirs) < STATED_SHARE * len(mine):
        return False
    return all(word in theirs for word in words.subject_words(claim))


def _statements(passage: str) -> list[str]:
    """The statements of the passage's sentences (`clauses.STATEMENT_JOIN`): "We do
    not refund sale items, and they cannot be exchanged for store credit" denies two
    things, each in words enough of its own for a claim to speak of."""
    return [
        statement.strip()
        for segment in split_sentences(passage)
        if segment.kind is BlockKind.TEXT
        for statement in STATEMENT_JOIN.split(passage[segment.start : segment.end])
        if statement.strip()
    ]


def negation_stated_elsewhere(claim: str, best_passage: str, passages: Sequence[str]) -> bool:
    """Whether a statement of `passages` (the claim's most similar) negates a word the
    claim negates, as often, speaking of it and naming nothing it does not: "There will be no
    trains on Tuesday during the strike" is stated by "..., but no trains will run on
    Tuesday" where the best passage by cosine, "Train drivers will strike on Monday and
    Tuesday", names trains plainly.  The negation rule then reads a source that says
    the claim, not a flip (as a denial elsewhere is the sources disagreeing)."""
    others = [p for p in passages if p != best_passage and negates(p)]
    negated = _negated(claim)
    if not others or not negated:
        return False
    mine = words.content_words(claim)
    named = {(d.kind, d.value) for d in extract_details(claim)}
    return any(
        not negated.isdisjoint(_negated(statement))
        and _speaks_of(statement, mine, named)
        and negation_flip(claim, statement) is None
        for passage in others
        for statement in _statements(passage)
    )


def _negated(text: str) -> set[str]:
    """The words the text's negation cues negate: "does not assure competitive prices"
    and "without compromising the quality" negate different things."""
    return {word for negated in negated_words(text) for word in negated}


def _denies(
    claim: str, statement: str, mine: frozenset[str], named: set[tuple[DetailKind, str]]
) -> bool:
    if not negates(statement) or not _speaks_of(statement, mine, named):
        return False
    return negation_flip(claim, statement) is Flip.PLAIN


def _speaks_of(statement: str, mine: frozenset[str], named: set[tuple[DetailKind, str]]) -> bool:
    """Whether a statement speaks of the claim whose content words are `mine` and whose
    details are `named`: at least half its content words are the claim's, and it names
    nothing the claim does not."""
    theirs = words.content_words(statement)
    if not theirs or len(theirs & mine) < SPOKEN_OF_SHARE * len(theirs):
        return False
    return all((d.kind, d.value) in named for d in extract_details(statement))
