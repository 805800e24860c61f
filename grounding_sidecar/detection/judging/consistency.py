"""Consistency: does a claim agree with the sources on the details it states?

"Deadline June 15" and "deadline June 22" embed almost identically, so after
scoring, each claim's details are looked up in every kept source (not only the
best passage: a detail checked against a single sentence misfires on a fifth of
supported claims).  A detail found nowhere is a finding; it is a contradiction
when the best-matching passage states a different detail of the same kind, and
missing support otherwise.  A detail found, but only in passages less similar to the
claim than one that states another value of its slot, is misplaced (misplaced.py),
a contradiction too, and so are a frequency no source states where the passage states
another (periods.py) and a thing the sources name elsewhere put in a fact the claim
copies (swapped.py).  A flipped negation against the best passage
(polarity.py) is a contradiction.  The findings' kinds are shared by the addition
rule (additions.py).
"""

from __future__ import annotations

import enum
from collections.abc import Callable, Sequence
from dataclasses import dataclass

from grounding_sidecar.detection.contract import Verdict
from grounding_sidecar.detection.judging.alignment import copied_whole
from grounding_sidecar.detection.judging.continued import continued_after_ending
from grounding_sidecar.detection.judging.corpus import SourceCorpus
from grounding_sidecar.detection.judging.counts import changed_count
from grounding_sidecar.detection.judging.denied import denied_elsewhere, negation_stated_elsewhere
from grounding_sidecar.detection.judging.extended import extended_list, restricted_list
from grounding_sidecar.detection.judging.forms import WordForms, words_in
from grounding_sidecar.detection.judging.in_place import noun_in_place
from grounding_sidecar.detection.judging.misplaced import misplaced_detail
from grounding_sidecar.detection.judging.moved import moved_into_place
from grounding_sidecar.detection.judging.periods import changed_period
from grounding_sidecar.detection.judging.polarity import Flip, negation_flip, restates_negation
from grounding_sidecar.detection.judging.prices import free_called_paid, priced_as_free
from grounding_sidecar.detection.judging.rewordings import reworded_flip
from grounding_sidecar.detection.judging.slots import (
    common_first_nouns,
    conflicting,
    counterparts,
    first_word_synonyms,
    substitutes_first_word,
)
from grounding_sidecar.detection.judging.span_ends import states_the_end
from grounding_sidecar.detection.judging.superlatives import opposite_superlative
from grounding_sidecar.detection.judging.swapped import swapped_word
from grounding_sidecar.detection.judging.unchanged import changed_where_kept
from grounding_sidecar.detection.judging.unlimited import lifted_limit
from grounding_sidecar.detection.text.contrasts import contrast_table
from grounding_sidecar.detection.text.details import (
    Detail,
    DetailKind,
    extract_details,
)
from grounding_sidecar.detection.text.negation import (
    CUE_WORDS,
    cues,
    lessened,
    negates_any,
)
from grounding_sidecar.detection.text.quantifiers import lifted_restriction

# Names the lexical rules every judge applies: which details a text states and how they
# compare (details.py, clock.py, shares.py), the consistency findings and the contrast
# and addition tests here.  Part of the metric definition version, so results graded
# under different rules never mix; what each version reads that the one before did not:
# docs/detection.md#rules-versions.
RULES_VERSION = "rules-v36"


class FindingKind(enum.Enum):
    MISSING_DETAIL = "missing_detail"  # a detail found in no source
    CONFLICTING_DETAIL = "conflicting_detail"  # the best passage states another value
    # The same two findings for a name: a name is read off capitals (a song title's
    # words, "Stoic" beside "Stoicism"), so unlike a number or a date it may be missing
    # only as read; the verifier's entailment overrules them (judging/overrides.py).
    MISSING_NAME = "missing_name"
    CONFLICTING_NAME = "conflicting_name"
    NEGATION = "negation"  # negation parity differs from the best passage
    SWAPPED_WORD = "swapped_word"  # a thing the sources name elsewhere, in the passage's slot
    NEGATED_WORD = "negated_word"  # one side negates a word the other states plainly
    ADDITION = "addition"  # the best passage restated, with words no source uses
    CONTRAST = "contrast"  # a word no source uses where the best passage has its opposite
    # A common noun read as a name where it replaces the best passage's first word
    # ("Employees must ..." against "Staff must ..."; slots.common_first_nouns).
    FIRST_NOUN = "first_noun"


class Pairing(enum.Enum):
    """How the contrast table holds a contrast's two words."""

    # Not a pair of the table: a lifted restriction, a noun put in another's place.
    UNPAIRED = "unpaired"
    # A pair of the table or nouns of one kind (`ContrastTable.first_pair`) not marked as
    # opposites: two things of a kind ("tea", "coffee"), an indirect antonym.
    PAIRED = "paired"
    # A pair the table marks as saying opposite things ("required", "optional").
    OPPOSITES = "opposites"


@dataclass(frozen=True, slots=True)
class Contrast:
    """What makes a verifier contradiction explainable: the claim's word and the best
    passage's word it stands against (both as written, lower case), or a negation
    that differs (`claim_word` and `passage_word` None)."""

    claim_word: str | None = None
    passage_word: str | None = None
    pairing: Pairing = Pairing.UNPAIRED

    def describe(self, passage_id: str) -> str:
        if self.claim_word is None:
            return f"negation differs from {passage_id}"
        return f"'{self.claim_word}' where {passage_id} says '{self.passage_word}'"


@dataclass(frozen=True, slots=True)
class Finding:
    verdict: Verdict  # UNSUPPORTED or CONTRADICTORY
    rationale: str
    kind: FindingKind


def find_inconsistency(
    claim: str,
    best_passage: str,
    best_passage_id: str,
    corpus: SourceCorpus,
    near_passages: Callable[[], Sequence[str]] | None = None,
    most_similar: Callable[[], Sequence[str]] | None = None,
) -> Finding | None:
    """A reason the claim is not supported despite a similar passage, or None: a
    detail found in no source, one misplaced (misplaced.py; `near_passages` gives the
    passages about as similar to the claim as the best, by default the best alone), a
    period changed, a priced thing called free, a limit called unlimited (unlimited.py),
    a count changed (counts.py), a restricted list extended (extended.py), a
    superlative turned (superlatives.py), a thing ended said to go on (continued.py),
    a thing kept as it was said to have changed (unchanged.py),
    a flip said in other words against a near passage (rewordings.py), a thing
    swapped in, a thing moved into another's place in one sentence (moved.py), a
    flipped negation, or what a sentence of one of the claim's most
    similar passages denies (denied.py) or lists beyond the claim's "only"
    (extended.restricted_list; `most_similar` gives them, by default the near ones)."""
    missing = [
        detail
        for detail in extract_details(claim)
        if not corpus.contains(detail)
        and (not detail.initial or _named_first_word(claim, best_passage))
    ]
    if missing:
        stated = extract_details(best_passage)
        replaced = counterparts(claim, best_passage, stated)
        for detail in missing:
            other = conflicting(detail, stated, replaced)
            if other is not None:
                return Finding(
                    Verdict.CONTRADICTORY,
                    f"{detail.kind.value} '{detail.surface}' where {best_passage_id} "
                    f"says '{other.surface}'",
                    _detail_kind(detail, claim, best_passage, FindingKind.CONFLICTING_DETAIL),
                )
        first = next((detail for detail in missing if not detail.loose), None)
        if first is not None:  # a loose length counts only against a stated one
            return Finding(
                Verdict.UNSUPPORTED,
                f"{first.kind.value} '{first.surface}' appears in no source",
                _detail_kind(first, claim, best_passage, FindingKind.MISSING_DETAIL),
            )
    near = near_passages or (lambda: [best_passage])
    similar = most_similar or near
    misplaced = misplaced_detail(claim, best_passage, near, most_similar)
    if misplaced is not None:
        detail, other = misplaced
        return Finding(
            Verdict.CONTRADICTORY,
            f"{detail.kind.value} '{detail.surface}' where {best_passage_id} says "
            f"'{other.surface}' (the sources state '{detail.surface}' of something else)",
            FindingKind.CONFLICTING_DETAIL,
        )
    period = changed_period(claim, best_passage, corpus)
    if period is not None:
        return _said_against(*period, best_passage_id, what="frequency ")
    price = priced_as_free(claim, best_passage)
    if price is not None:
        return _said_against("free", price, best_passage_id)
    free = free_called_paid(claim, best_passage)
    if free is not None:
        return _said_against("paid", free, best_passage_id)
    lifted = lifted_limit(claim, best_passage)
    if lifted is not None:
        return _said_against(*lifted, best_passage_id)
    count = changed_count(claim, best_passage, near)
    if count is not None:
        return _said_against(*count, best_passage_id, what="count ")
    extended = extended_list(claim, best_passage)
    if extended is not None:
        return _said_against(*extended, best_passage_id)
    restricted = restricted_list(claim, best_passage, similar)
    if restricted is not None:
        return Finding(
            Verdict.CONTRADICTORY,
            f"'{restricted[0]}' where a similar passage says '{restricted[1]}'",
            FindingKind.CONFLICTING_DETAIL,
        )
    superlative = opposite_superlative(claim, best_passage, near)
    if superlative is not None:
        return _said_against(*superlative, best_passage_id)
    continued = continued_after_ending(claim, best_passage)
    if continued is not None:
        return _said_against(*continued, best_passage_id)
    changed = changed_where_kept(claim, best_passage)
    if changed is not None:
        return _said_against(*changed, best_passage_id)
    # A claim its best passage writes word for word states what that passage states: a
    # flip against another passage is the sources disagreeing (as for a denial).
    reworded = reworded_flip(claim, [best_passage] if copied_whole(claim, best_passage) else near())
    if reworded is not None:
        return Finding(Verdict.CONTRADICTORY, reworded, FindingKind.CONFLICTING_DETAIL)
    swap = swapped_word(claim, best_passage, corpus, near)
    if swap is not None:
        return Finding(
            Verdict.CONTRADICTORY,
            f"'{swap.word}' where {best_passage_id} says '{swap.other}' "
            f"(the sources name '{swap.word}' elsewhere)",
            FindingKind.SWAPPED_WORD,
        )
    moved = moved_into_place(claim, best_passage)
    if moved is not None:
        return Finding(
            Verdict.CONTRADICTORY,
            f"'{moved[0]}' where {best_passage_id} says '{moved[1]}' "
            f"(the sentence names '{moved[0]}' elsewhere)",
            FindingKind.SWAPPED_WORD,
        )
    flip = negation_flip(claim, best_passage)
    if flip is not None and not negation_stated_elsewhere(claim, best_passage, similar()):
        return Finding(
            Verdict.CONTRADICTORY,
            f"negation differs from {best_passage_id}",
            FindingKind.NEGATED_WORD if flip is Flip.PLAIN else FindingKind.NEGATION,
        )
    denial = denied_elsewhere(claim, best_passage, similar())
    if denial is not None:
        return Finding(
            Verdict.CONTRADICTORY,
            f"negation differs from a similar passage: '{_shortened(denial)}'",
            FindingKind.NEGATED_WORD,
        )
    return None


def _said_against(said: str, stated: str, passage_id: str, what: str = "") -> Finding:
    """A contradiction of the claim's words against the best passage's: "frequency
    'weekly' where s0.0 says 'monthly'"."""
    return Finding(
        Verdict.CONTRADICTORY,
        f"{what}'{said}' where {passage_id} says '{stated}'",
        FindingKind.CONFLICTING_DETAIL,
    )


def _shortened(text: str, limit: int = 80) -> str:
    return text if len(text) <= limit else text[: limit - 3].rstrip() + "..."


def _named_first_word(claim: str, best_passage: str) -> bool:
    """Whether a claim's capitalised first word may be a name standing in for the
    passage's: it replaces the passage's first word and is no synonym of it."""
    return substitutes_first_word(claim, best_passage) and not first_word_synonyms(
        claim, best_passage
    )


def _detail_kind(detail: Detail, claim: str, best_passage: str, kind: FindingKind) -> FindingKind:
    """`kind`, its name's kind for a name (`_NAME_KINDS`), or FIRST_NOUN for a
    sentence's capitalised first word that is a common noun put in place of the
    passage's first word."""
    if detail.initial and common_first_nouns(claim, best_passage):
        return FindingKind.FIRST_NOUN
    if detail.kind is DetailKind.ENTITY:
        return _NAME_KINDS.get(kind, kind)
    return kind


_NAME_KINDS = {
    FindingKind.MISSING_DETAIL: FindingKind.MISSING_NAME,
    FindingKind.CONFLICTING_DETAIL: FindingKind.CONFLICTING_NAME,
}


def find_contrast(
    claim: str, best_passage: str, corpus: SourceCorpus, premise: str | None = None
) -> Contrast | None:
    """Why the claim may say the opposite of its best passage, in words, or None.

    Both need a word of the claim that no source uses (a claim made only of the
    sources' words is a reordering or an active for a passive, which the verifier
    misreads as a swap), and then either a word of the claim that the passage does
    not use standing against a word of the passage that the claim dropped (antonyms,
    co-hyponyms, the project's contrast lists: "closed" for "open", "phone" for
    "email"; "any" for "only", quantifiers.py), or a negation that differs as the
    consistency rule reads it (polarity.py: a negation reworded on both sides, or
    restating a denying verb, "cannot smoke" for "smoking is banned", differs in
    nothing).  Without one, a verifier contradiction is most often a paraphrase it
    misreads (docs/verifier.md#explained-contradictions).

    A word never stands against its own inflection (`ContrastTable.lemmas`): the
    name in "Checkout-service latency rose" is not a contrast to the passage's
    "services".  And the flipped word need only be new to the passage, not to every
    source: "rose" for "fell" is a flip even where another source says "error rates
    rose", and a qualifier or name beside it does not hide it."""
    if not corpus.has_word_outside(claim):
        return None
    if negation_flip(claim, best_passage) is not None:
        return Contrast()
    table = contrast_table()
    mine = WordForms(claim, table)
    theirs = WordForms(best_passage, table)
    new_words = mine.new_beside(theirs)
    if new_words:
        turned = _negated_by(claim, passage_negates=bool(cues(best_passage)))
        new_words = [word for word in new_words if word not in turned]
    dropped = theirs.dropped_by(mine) if new_words else []
    found = table.first_pair(new_words, dropped) if dropped else None
    if (
        found is not None
        and table.opposite(*found)
        and restates_negation(found, claim, premise or best_passage)
    ):
        # The claim's opposite restates the passage's negation ("closed" for "not open").
        dropped = [word for word in dropped if word != found[1]]
        found = table.first_pair(new_words, dropped) if dropped else None
    if found is not None and not states_the_end(claim, found, best_passage, table):
        pairing = Pairing.OPPOSITES if table.opposite(*found) else Pairing.PAIRED
        return Contrast(*found, pairing)
    lifted = lifted_restriction(claim, best_passage)
    if lifted is not None:
        return Contrast(*lifted)
    in_place = noun_in_place(claim, best_passage)
    return Contrast(*in_place) if in_place is not None else None


def _negated_by(claim: str, passage_negates: bool) -> frozenset[str]:
    """The words a claim's own negation turns around, which stand against nothing: the
    cue words themselves ("No planet has a hotter surface" against "the hottest surface
    of any planet": whether a negation differs is polarity's to say), "any" after a
    negation says "none" ("You cannot smoke in any public building"
    restates "Smoking is banned in all public buildings", "doesn't charge any monthly
    fees" restates "has no monthly fees"); and, in a passage that negates nothing, the
    word a cue negates ("not open" restates "closed", "not required" restates
    "optional").  Against a passage that negates too, that word still may ("Without
    credited evaluation metrics" against "Without standard evaluation metrics")."""
    turned = set(CUE_WORDS) | ({"any"} if negates_any(claim) else set())
    if not passage_negates:
        turned |= {cue.written for cue in cues(claim) if cue.written}
    return frozenset(turned | _lessened(claim))


def _lessened(claim: str) -> set[str]:
    """The words a claim writes after "least" or "less" (`negation.lessened`): turned
    around as a negated word is, they stand against nothing ("least" against the
    passage's "most" still does)."""
    written = words_in(claim)
    return {word for at, word in enumerate(written) if lessened(written, at)}
