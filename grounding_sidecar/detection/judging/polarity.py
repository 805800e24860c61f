"""Polarity: does a claim negate what its best passage states, or state what it negates?

Counted by parity: the claim's cues (text/negation.py: "not", "never", "cannot", a
word negated by a prefix the passage uses without it; a limit such as "no later than"
only where the passage uses its comparative; a denying verb such as "denied" and an
"unless" only to take a flip away) against the passage's cues that speak of the
claim, cues that negate the same words counting once (`_negations`), the passage's
statement by statement against a claim that negates once at most
(`_statement_negations`), and none of a text whose every cue an "if" supposes, unless
the other negates by a prefix alone (`_stated`).  A passage's
cue speaks of the claim when the word it negates is one of the claim's, unless the
passage also states that word plainly in another clause and the claim shares no other
word of the cue's clause ("The warranty covers manufacturing defects; accidental
damage is not covered" against "The warranty covers manufacturing defects").

A negation reworded on both sides is no flip: a claim's cue whose negated word the
passage never uses pairs with a passage cue whose negated word the claim never uses,
when the claim speaks of that cue's clause ("Paid leave is not available to
contractors" against "Contractors are not eligible for paid leave").

A flip is plain (`Flip.PLAIN`) when one side negates a word the other states with no
negation at all ("The laptop has an HDMI port" against "..., but no HDMI port"), or
forbids what the other, holding no negation either, permits ("Smoking is banned in
public buildings" against "You can smoke in public buildings"): no reading of double
negatives or "not only" can explain it away (and the verifier reads that permission as
entailed, p 0.98).  Any other flip is
counted (`Flip.COUNTED`) and the verifier's entailment may overrule it
(judging/overrides.py).
"""

from __future__ import annotations

import bisect
import collections
import enum
from collections.abc import Callable, Sequence
from functools import lru_cache

from grounding_sidecar.detection.judging.restated import Antonyms, counts_in, free_restated
from grounding_sidecar.detection.text import words
from grounding_sidecar.detection.text.clauses import rough_clauses, statement_ends
from grounding_sidecar.detection.text.implied_negations import implied_negations
from grounding_sidecar.detection.text.negation import (
    Cue,
    conditions,
    cues,
    denials,
    permits,
    prohibitions,
)

# The share of a passage cue's clause the claim must use for a reworded negation of the
# claim to pair with it: the two then speak of one thing.
PAIRED_CLAUSE_SHARE = 0.5


class Flip(enum.Enum):
    PLAIN = "plain"  # one side negates a word the other states without any negation
    COUNTED = "counted"  # the counts differ otherwise


# Cached per (claim, passage): the scorer's features, the contrast rule and the
# consistency rule each ask it of a claim and its best passage.
@lru_cache(maxsize=4_096)
def negation_flip(claim: str, passage: str) -> Flip | None:
    """How the claim's negation differs from the passage's, or None when it agrees.  A
    denying verb and an "unless" only take a flip away: read as cues on both sides,
    they must leave the difference standing ("you may not be allowed to board" against
    "may be denied boarding" is none; nor is "You need the flood extension for flood
    damage to be covered" against "Flood damage is not covered unless you add the flood
    extension"), but they make none of their own ("declined to model" against "refused
    to model", "is banning the app" against "is prohibiting the app"), except a
    prohibition against a permission (`_forbids`)."""
    # Negations without a cue word, the claim's and the passage's: read once for both ways.
    implied = implied_negations(claim, passage)
    if not cues(claim) and not cues(passage):
        if _forbids(claim, passage) or _forbids(passage, claim):
            return Flip.PLAIN
        if not any(implied):
            return None  # nothing negates on either side: most pairs, at a cached lookup
    flip = _flip(claim, passage, _cues, implied)
    if flip is None or _flip(claim, passage, _every_cue, implied) is None:
        return None
    return flip


def restates_negation(opposites: tuple[str, str], claim: str, passage: str) -> bool:
    """Whether a claim's word, the opposite of one the passage writes (`opposites`: the
    claim's word, the passage's), restates the passage's negation of that word: the
    claim does not negate its own word, and the passage negates its word in the clause
    the claim speaks of ("The library is closed on Sundays" against "The library is
    open on weekdays. It is not open on Sundays"), where against a clause that states
    the word plainly the opposite flips it ("closed on weekdays").  The claim speaks
    of the clause whose other words it uses the largest share of (a pronoun's clause
    names its subject in another); a tie leaves the word stated plainly."""
    mine, theirs = (_comparable_word(words.stem(word)) for word in opposites)
    if any(mine in _comparable(cue.negated) for cue in cues(claim)):
        return False  # "without decreasing" against "without increasing"
    negating = [
        cue for cue in cues(passage) if not cue.narrow and theirs in _comparable(cue.negated)
    ]
    if not negating:
        return False
    claim_words = _comparable(words.content_words(claim))
    negated = max(_share_used(_comparable(cue.clause), claim_words) for cue in negating)
    plain = [
        _share_used(clause_words - {theirs}, claim_words)
        for clause, clause_words in _clauses_read(passage)
        if theirs in clause_words and not cues(clause)
    ]
    return negated > max(plain, default=0.0)


def _share_used(clause: frozenset[str] | set[str], claim_words: set[str]) -> float:
    """The share of a clause's words the claim uses (0 for a clause of none)."""
    return len(clause & claim_words) / len(clause) if clause else 0.0


def _clauses_read(passage: str) -> tuple[tuple[str, frozenset[str]], ...]:
    """Each rough clause of `passage` (clauses.rough_clauses) with its comparable
    content words (each clause's words are cached, `words.content_words`)."""
    return tuple(
        (clause, frozenset(_comparable(words.content_words(clause))))
        for clause in rough_clauses(passage)
    )


def _forbids(text: str, other: str) -> bool:
    """Whether `text` forbids what `other` permits, neither holding a negation cue: a
    prohibition ("banned", "closed to") whose negated words (its clause's, when none
    follows it) `other` uses, beside a word that permits ("Smoking is banned in public
    buildings" against "You can smoke in public buildings", "The bridge is closed to
    trucks" against "Trucks are allowed on the bridge").  A text that denies too
    restates it ("Members were barred" against "Members were refused entry")."""
    found = prohibitions(text)
    if not found or not permits(other) or denials(other):
        return False
    other_words = _comparable(words.content_words(other))
    return any(not _comparable(cue.negated or cue.clause).isdisjoint(other_words) for cue in found)


def _cues(text: str, other_words: set[str]) -> tuple[Cue, ...]:
    return cues(text)


def _stated(
    found: Sequence[Cue], other_by_prefix: bool, other_cues: Sequence[Cue]
) -> tuple[Cue, ...]:
    """The cues of a text, `found`, that count: none where an "if" supposes every one
    of them, since the text then states no negation ("Medications should be stored in
    a cool, dry place" against "if medications aren't stored properly they may not
    work"; `Cue.supposed`), unless the other text negates by a prefix alone
    (`other_by_prefix`), which a condition's negation may restate ("The deposit is
    refunded if the bike comes back without damage" against "... returned when the
    bike is brought back undamaged").  Against a cue it counts only where that cue
    negates its word too (`other_cues`): "If you have no receipt, you get store
    credit" restates "Without a receipt, we offer store credit", where "if the website
    is not working" restates no "don't make it a habit".  Beside a stated one, a
    supposed cue counts as any other ("If you are not a member, you cannot book" flips
    "Visitors who are not members can book")."""
    if other_by_prefix or not all(cue.supposed for cue in found):
        return tuple(found)
    negated_there = {word for cue in other_cues for word in _comparable(cue.negated)}
    return tuple(cue for cue in found if not negated_there.isdisjoint(_comparable(cue.negated)))


def _every_cue(text: str, other_words: set[str]) -> tuple[Cue, ...]:
    """Cues, denials, and each "unless" whose condition the other text (its comparable
    content words) speaks of: "not covered unless you add the flood extension" against
    "You need the flood extension", not against "Children under 12 can safely take this
    product" ("should not take it unless directed by a doctor")."""
    spoken_of = tuple(c for c in conditions(text) if not _negates_none_of(c, other_words))
    return (*cues(text), *denials(text), *spoken_of)


def _flip(
    claim: str,
    passage: str,
    read: Callable[[str, set[str]], tuple[Cue, ...]],
    implied: tuple[int, int],
) -> Flip | None:
    """The difference, with the cues `read` finds in each text (given the other's
    comparable content words) and the negations each states without a cue word
    (`implied`: the claim's, the passage's; implied_negations.py)."""
    claim_words = _comparable(words.content_words(claim))
    passage_words = _comparable(words.content_words(passage))
    claim_implied, passage_implied = implied
    read_theirs = read(passage, claim_words)
    antonyms = Antonyms(claim, passage)
    read_mine = tuple(
        cue
        for cue in read(claim, passage_words)
        if counts_in(cue, passage)
        and not antonyms.restated_by(cue)
        and not free_restated(cue, passage)
    )
    theirs = _stated(read_theirs, bool(claim_implied) and not read_mine, read_mine)
    mine = _stated(read_mine, bool(passage_implied) and not read_theirs, read_theirs)
    plainly = _PlainUses(passage)
    speaks = [_speaks_of(cue, claim, claim_words, plainly) for cue in theirs]
    counted = [cue for cue, speaking in zip(theirs, speaks, strict=True) if speaking]
    aside = [
        cue
        for cue, speaking in zip(theirs, speaks, strict=True)
        if not speaking and _shared(cue, claim_words)
    ]
    # A claim's reworded negation pairs off with a passage cue set aside: none to pair
    # with, none to look for.
    paired = min(len(_reworded(mine, passage, passage_words, aside)), len(aside)) if aside else 0
    claim_count = _negations(mine) + claim_implied
    # A claim that negates once at most states one thing, which each of the passage's
    # statements states or negates; a claim's several negations pair with the
    # passage's, counted together.
    said = _statement_negations(counted, passage) if claim_count <= 1 else _negations(counted)
    passage_count = said + paired + passage_implied
    if claim_count % 2 == passage_count % 2:
        return _negated_apart(mine, passage_count, passage_words)
    if not mine and not theirs and claim_implied + passage_implied == 1:
        return Flip.PLAIN  # one word negated by its prefix, the other text's plain word
    if claim_count == 0 and any(cue.negated for cue in counted):
        return Flip.PLAIN
    if not theirs and claim_count == 1 and len(mine) == 1 and mine[0].negated:
        return Flip.COUNTED if _negates_none_of(mine[0], passage_words) else Flip.PLAIN
    return Flip.COUNTED


def _negated_apart(mine: Sequence[Cue], passage_count: int, passage_words: set[str]) -> Flip | None:
    """A claim whose negations count even against a passage that negates nothing: two
    negations of two things ("The agent fails to explain the plans and cannot assure
    competitive prices" against "The agent explains the plans and assures competitive
    prices"; "Neither the drug nor the placebo reduced pain") flip each thing they
    negate, no double negative, where one of them negates a word the passage states."""
    if passage_count or not mine:
        return None
    if any(cue.negated and not _negates_none_of(cue, passage_words) for cue in mine):
        return Flip.PLAIN
    return None


def _negations(found: Sequence[Cue]) -> int:
    """How many negations `found` counts for parity: cues that negate the same words
    are one negation said again ("does not include roaming and does not include
    international calls", "Pets are not allowed, and smoking is not allowed either"),
    not a double negative, which negates something else ("not covered unless you add
    the extension")."""
    return len({cue.negated for cue in found})


def _reworded(
    mine: Sequence[Cue], passage: str, passage_words: set[str], aside: Sequence[Cue]
) -> list[Cue]:
    """The claim's cues that negate in other words than the passage: a word it never
    uses, uses only in other clauses (`_said_apart`), or uses in the clause of a cue
    set aside, whose negation the claim's moves onto that word ("This product is not
    for children younger than 12" against "Children under 12 should not use this
    product")."""
    return [
        cue
        for cue in mine
        if cue.negated
        and (
            _negates_none_of(cue, passage_words)
            or _said_apart(cue, passage)
            or _negated_in_clause_of(cue, aside, passage)
        )
    ]


def _negated_in_clause_of(cue: Cue, aside: Sequence[Cue], passage: str) -> bool:
    """Whether every word a claim's cue negates is a word of the clause of one of the
    passage's negation cues in `aside` (a denial sets an alternative aside, which a
    claim negating the rest of its clause flips: "Epigenetic changes do not occur in
    the chromosome" against "... occur in the chromosome rather than in the DNA
    sequence"), where no cue of the passage negates that word itself ("without
    experiencing burnout" in a sentence that also says "isn't a static goal")."""
    negated = _comparable(cue.negated)
    plain = cues(passage)
    if any(not negated.isdisjoint(_comparable(other.negated)) for other in plain):
        return False  # the passage negates the claim's word itself: no negation moved
    return any(negated <= _comparable(other.clause) for other in aside if other in plain)


def _said_apart(cue: Cue, passage: str) -> bool:
    """Whether a claim's cue negates a word the passage uses only in clauses that share
    no other word with the cue's clause: the negation is then reworded as well ("flash
    is not permitted in the galleries" against "Photography is welcome, but visitors
    can't use a flash in the galleries", where "welcome" permits photography)."""
    negated = _comparable(cue.negated)
    clause = _comparable(cue.clause)
    return bool(clause) and all(
        clause.isdisjoint(clause_words)
        for _, clause_words in _clauses_read(passage)
        if not negated.isdisjoint(clause_words)
    )


def _statement_negations(found: Sequence[Cue], passage: str) -> int:
    """How many negations a passage's cues `found` count for parity, statement by
    statement (`clauses.statement_ends`): a double negative is said in one statement ("not
    covered unless you add the extension"), so where every statement holding a cue
    negates an odd number of times (or every one an even number), the passage negates
    as its first such statement does.  "No pets. The hotel doesn't allow pets" says
    "no" twice, and negates "The hotel allows pets".  Statements that disagree count
    together (`_negations`).  Read only against a claim that negates once at most: a
    claim that negates two things ("She does not respond to visitors, her eyes do not
    follow a person") pairs its two with the passage's two statements ("she does not
    respond to visitors, and her eyes do not follow a person"), counted together."""
    ends = statement_ends(passage) if len(found) > 1 else []
    if not ends:
        return _negations(found)
    by_statement: dict[int, list[Cue]] = collections.defaultdict(list)
    for cue in found:
        by_statement[bisect.bisect_right(ends, cue.at)].append(cue)
    counts = [_negations(cues_of) for _, cues_of in sorted(by_statement.items())]
    if len({count % 2 for count in counts}) == 1:
        return counts[0]
    return _negations(found)


def _speaks_of(cue: Cue, claim: str, claim_words: set[str], plainly: _PlainUses) -> bool:
    """Whether a passage's cue negates something the claim states.  A cue that negates
    no word of its own (its verb left out: "but iridium and silver cannot") speaks of
    the claim where the claim uses a word of its clause, or its clause has none:
    "Aqua regia dissolves gold" against "Gold can be dissolved in aqua regia but
    iridium and silver cannot" is no flip, "Aqua regia dissolves silver" is."""
    if not cue.negated:
        return not cue.clause or not _comparable(cue.clause).isdisjoint(claim_words)
    if cue.narrow:
        return cue.negated[0] in words.written(claim.lower())
    if _negates_none_of(cue, claim_words):
        return False
    if plainly.stated_plainly(cue) and cue.clause:
        return not _comparable(cue.clause).isdisjoint(claim_words)
    return True


class _PlainUses:
    """How often a passage uses each word, and which words its cues negate: read once
    per passage, asked once per cue."""

    def __init__(self, passage: str) -> None:
        self._uses = collections.Counter(_comparable_word(w) for w in words.words(passage))
        # Which of the passage's cues negate each word: looked up, since a passage can
        # hold thousands of cues and each is asked about.
        self._negating: dict[str, list[int]] = collections.defaultdict(list)
        for index, other in enumerate((*cues(passage), *denials(passage))):
            for word in _comparable(other.negated):
                self._negating[word].append(index)

    def stated_plainly(self, cue: Cue) -> bool:
        """Whether the passage uses a word the cue negates more often than its cues
        negate it: once plainly, in another clause."""
        negated = _comparable(cue.negated)
        uses = sum(self._uses[word] for word in negated)
        return uses > self._cues_negating_any(negated)

    def _cues_negating_any(self, negated: set[str]) -> int:
        # One word, the usual case: its cues are counted without gathering them.
        if len(negated) == 1:
            (word,) = negated
            return len(self._negating.get(word, ()))
        return len(set().union(*(self._negating.get(word, ()) for word in negated)))


def _shared(cue: Cue, claim_words: set[str]) -> bool:
    """Whether the claim uses at least PAIRED_CLAUSE_SHARE of the cue's clause."""
    return _share_used(_comparable(cue.clause), claim_words) >= PAIRED_CLAUSE_SHARE


def _negates_none_of(cue: Cue, other_words: set[str]) -> bool:
    return _comparable(cue.negated).isdisjoint(other_words)


def _comparable(stems: frozenset[str] | tuple[str, ...]) -> set[str]:
    return {_comparable_word(word) for word in stems}


def _comparable_word(stemmed: str) -> str:
    """The stemmer keeps "include" whole and cuts "includes" to "includ": compared
    without a final "e", "does not include SSO" speaks of the claim's "includes".  The
    words that permit are one word here: "Pets are not allowed in the cabin" speaks of
    "Pets are permitted in the cabin" and of "Pets are welcome"; so are the words of
    what a plan covers ("does not include living costs", "covers living costs")."""
    plain = stemmed.rstrip("e")
    return _READ_AS_ONE.get(plain, plain)


# Stems (without a final "e") of the words that permit, read as one (`_comparable_word`),
# and of the words that say what a plan or a price covers ("does not include living
# costs" against "covers tuition and living costs").
_READ_AS_ONE = {
    "permit": "allow",
    "permitt": "allow",
    "welcom": "allow",
    "cover": "includ",
    "contain": "includ",
}
