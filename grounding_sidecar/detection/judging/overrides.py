"""The rules after the scorer, which both judges apply the same way: a confident
contradiction from the verifier against a similar passage
(docs/verifier.md#in-the-pipeline), the consistency rule for a claim the scorer would
support (a detail found in no source, or a flipped negation), and an addition to the
best passage that the verifier does not read as entailed.  Each asks its lexical rule
once per claim (`once`), so deciding whether to read a claim and judging it share the
answers."""

from __future__ import annotations

import math
from collections.abc import Callable, Mapping
from typing import TypeVar, cast

import numpy as np

from grounding_sidecar.detection.contract import Verdict
from grounding_sidecar.detection.judging.additions import find_addition
from grounding_sidecar.detection.judging.alignment import changed_words
from grounding_sidecar.detection.judging.consistency import (
    Contrast,
    Finding,
    FindingKind,
    Pairing,
    find_contrast,
    find_inconsistency,
)
from grounding_sidecar.detection.judging.evidence import ClaimEvidence
from grounding_sidecar.detection.judging.features import TOP_K
from grounding_sidecar.detection.judging.judgement import Judgement
from grounding_sidecar.detection.text.passages import with_neighbours

_Found = TypeVar("_Found")

# A passage this close under the cosine threshold is still "similar" enough for a
# disagreeing detail to make the claim a contradiction rather than a gap.
CONTRADICTION_MARGIN = 0.15
# The verifier's P(contradicted) over which a claim whose best passage is similar
# (within CONTRADICTION_MARGIN of the cosine threshold) is contradictory, whatever
# the similarity says, when the contrast can be named (consistency.find_contrast).
# On the calibration mix (tools/training/fit_calibration.py) every bar from 0.9 to
# 0.99 scores alike; ver-v4's direction flips read 0.90-0.92 ("rose" for "fell"), so
# the bar is the range's low end (docs/verifier.md#explained-contradictions).  A claim
# copied from its passage but for one word of a contrast-table pair needs less: that the
# verifier not read it as entailed (under VERIFIER_ENTAILMENT).  With the passage's
# neighbours in its premise the verifier reads such swaps at 0.8-0.9 ("pears" for
# "apples", "pharmacist" for "nurse") and the restatements it must pass at the same
# level ("the pet" for "the dog"), so the words decide, and the verifier can only veto.
VERIFIER_CONTRADICTION = 0.9
# A claim copied from its passage but for a noun put in another's place
# (in_place.noun_in_place: no table pair, so the words alone do not decide; "staff"
# for "employees" is one) is contradictory as well when the verifier reads it as all
# but never entailed: "… is now a pharmacy" against "… is now a bakery" reads
# entailed 0.00, contradicted 0.6-0.9 with the passage's neighbours in the premise,
# where the near-synonyms it must pass read either entailed or contradicted over 0.9
# (docs/verifier.md#a-noun-put-in-anothers-place).
VERIFIER_NOT_ENTAILED = 0.05
# A passage this close to the best passage's cosine may be the one a claim's detail
# comes from: a detail one of them states of what the claim's clause speaks of is never
# misplaced (misplaced.py; docs/detection.md#misplaced-details).
NEAR_MARGIN = 0.2
# Counting negation words misreads "not only ... but also" and double negatives; a
# verifier this sure that the passage entails the claim overrules that count (never
# a missing or conflicting number, date or time: those are looked up in every source,
# the verifier reads one passage).
VERIFIER_ENTAILMENT = 0.9
# The P(entailed) from which the verifier's reading vetoes a one-word swap, by how the
# table holds the two words: for two things of a kind any reading short of entailed is
# no veto; for a noun put in another's place, which also names near-synonyms WordNet
# does not link ("staff" for "employees"), any reading but never entailed is; opposites
# have none (the verifier reads "The induction course is required" against "... is
# optional" as entailed, 0.99).
SWAP_VETO: Mapping[Pairing, float] = {
    Pairing.UNPAIRED: VERIFIER_NOT_ENTAILED,
    Pairing.PAIRED: VERIFIER_ENTAILMENT,
    Pairing.OPPOSITES: math.inf,
}
# A name is read off capitals, so a name may be one only as read: a song title's words
# ("Marcie Blane sang 'I Want to Be Bobby's Girl'"), a name beside its own derived word
# ("Stoic", "Stoicism"), a name the passage's neighbours give.  A name found in no
# source yields to the verifier's own call, that the passage more likely entails the
# claim than not, as an addition does (docs/verifier.md#names-the-verifier-reads).
VERIFIER_NAME_ENTAILED = 0.5
# Findings that yield to the verifier's entailment, and from what P(entailed): a
# negation counted by words; a word read as a name where the passage has another, at a
# sentence's start ("Employees must wear a helmet" against "Staff must wear a helmet",
# which the verifier reads as entailed at 0.99; "Adults" for "Children" it does not) or
# anywhere (a name against a name is a named contrast: only a confident entailment
# overrules it, since the verifier misses many swapped names, "GreatInsuranceXYZ" for
# "BestInsuranceXYZ" at 0.84); and a name found in no source.
_YIELDS_FROM: Mapping[FindingKind, float] = {
    FindingKind.NEGATION: VERIFIER_ENTAILMENT,
    FindingKind.FIRST_NOUN: VERIFIER_ENTAILMENT,
    FindingKind.CONFLICTING_NAME: VERIFIER_ENTAILMENT,
    FindingKind.MISSING_NAME: VERIFIER_NAME_ENTAILED,
}
# A claim that restates its best passage with words no source uses
# (additions.find_addition) keeps its support only when the verifier reads the
# passage as entailing it: P(entailed) at least this, the verifier's own call (not a
# bar fitted to the rule-made qualifiers it trained on; docs/verifier.md#additions).
VERIFIER_ADDITION_ENTAILED = 0.5


def reading_can_override(
    evidence: ClaimEvidence, verdict: Verdict, cosine_threshold: float
) -> bool:
    """Whether a verifier reading can change what `overridden` makes of a claim the
    scorer gives `verdict` whatever the reading: each rule's reading-free condition
    (the same functions the rules apply) decides whether the reading takes part.
    (1) The confident contradiction: a contrast named on a similar passage.  (2) The
    consistency rule: a finding that applies and that the verifier's entailment can
    overrule (a negation counted by words, a name: `_YIELDS_FROM`; any other finding
    decides alone).  (3) The addition rule: a claim still supported, with an
    addition."""
    if _named_contrast(evidence, cosine_threshold) is not None:
        return True
    finding = _applicable_finding(evidence, verdict, cosine_threshold)
    if finding is not None:
        return finding.kind in _YIELDS_FROM
    return verdict is Verdict.SUPPORTED and _addition(evidence) is not None


def overridden(evidence: ClaimEvidence, judgement: Judgement, cosine_threshold: float) -> Judgement:
    """The verifier's confident contradiction first, then the consistency rule, then
    an addition the verifier does not read as entailed."""
    contradiction = _verifier_contradiction(evidence, judgement, cosine_threshold)
    if contradiction is not None:
        return contradiction
    return _without_addition(evidence, _with_consistency(evidence, judgement, cosine_threshold))


def _verifier_contradiction(
    evidence: ClaimEvidence, judgement: Judgement, cosine_threshold: float
) -> Judgement | None:
    """Contradictory when the verifier is confident that a similar passage says the
    opposite (or, for a one-word swap of a contrast-table pair, does not read it as
    entailed: `_one_word_swap`): similarity cannot see a flipped meaning, the verifier
    can.  Weighed against the lexical evidence (`find_contrast`): a claim made only of the
    sources' own words (a reordering, active for passive) is left to the other rules,
    and so is one where no word stands against a word of the passage and no negation
    differs: on real answers the verifier misreads paraphrase as swaps ("build" for
    "create"), and a contradiction the rationale cannot name is one a user cannot
    check."""
    verification = judgement.verification
    contradicted = verification.contradicted if verification is not None else None
    if contradicted is None or verification is None:
        return None  # no reading, or a two-label checker's (it has no contradiction)
    contrast = _named_contrast(evidence, cosine_threshold)
    if contrast is None:
        return None
    if contradicted < VERIFIER_CONTRADICTION and not (
        _one_word_swap(evidence, contrast) and verification.entailed < SWAP_VETO[contrast.pairing]
    ):
        return None
    passage_id = judgement.best.passage_id
    rationale = (
        f"contradicted by {passage_id}: {contrast.describe(passage_id)} "
        f"(verifier p {contradicted:.2f}, cosine {judgement.score:.2f})"
    )
    return judgement.overruled(Verdict.CONTRADICTORY, rationale, FindingKind.CONTRAST)


def _one_word_swap(evidence: ClaimEvidence, contrast: Contrast) -> bool:
    """Whether the claim is its best passage word for word but for the contrast's word."""
    return any(
        change.word == contrast.claim_word and change.other == contrast.passage_word
        for change in changed_words(evidence.claim, evidence.best.text)
    )


def _with_consistency(
    evidence: ClaimEvidence, judgement: Judgement, cosine_threshold: float
) -> Judgement:
    """The consistency rule on top of a judge's similarity verdict.

    A claim the judge would support loses it to any finding (a detail found in no
    source, a flipped negation).  An unsupported claim whose best passage is still
    near (within CONTRADICTION_MARGIN of the cosine threshold) becomes contradictory
    when that passage states a different detail: similar text that disagrees.  A
    finding of a kind in `_YIELDS_FROM` yields to the verifier's entailment.
    """
    finding = _applicable_finding(evidence, judgement.verdict, cosine_threshold)
    if finding is None:
        return judgement
    verification = judgement.verification
    if verification is not None and verification.entailed >= _YIELDS_FROM.get(
        finding.kind, math.inf
    ):
        return judgement
    return judgement.overruled(finding.verdict, finding.rationale, finding.kind)


def _without_addition(evidence: ClaimEvidence, judgement: Judgement) -> Judgement:
    """A supported claim that restates its best passage and adds words no source uses
    is unsupported unless the verifier reads the passage as entailing it ("... was
    approved by the legal team before it went live on Monday" against "The page went
    live on Monday"): the copied words make the similarity and the calibrated
    P(supported) high, whatever the addition says.  Without a verifier reading the
    rule does not apply: words alone misjudge paraphrase."""
    verification = judgement.verification
    if (
        judgement.verdict is not Verdict.SUPPORTED
        or verification is None
        or verification.entailed >= VERIFIER_ADDITION_ENTAILED
    ):
        return judgement
    finding = _addition(evidence)
    if finding is None:
        return judgement
    rationale = f"{finding.rationale} (verifier: entailed p {verification.entailed:.2f})"
    return judgement.overruled(finding.verdict, rationale, finding.kind)


def _named_contrast(evidence: ClaimEvidence, cosine_threshold: float) -> Contrast | None:
    """What the contradiction override needs besides the verifier's confidence: a best
    passage similar enough to be the same subject (within CONTRADICTION_MARGIN of the
    cosine threshold; further away it is a gap, not a contradiction) and a contrast the
    rationale can name."""
    best = evidence.best
    if evidence.cosine < cosine_threshold - CONTRADICTION_MARGIN:
        return None
    return once(
        evidence,
        "contrast",
        lambda: find_contrast(
            evidence.claim,
            best.text,
            evidence.corpus,
            with_neighbours(evidence.passages, evidence.best_index),
        ),
    )


def _applicable_finding(
    evidence: ClaimEvidence, verdict: Verdict, cosine_threshold: float
) -> Finding | None:
    """The consistency finding that overrules a claim the judge gives `verdict`, before
    the verifier's say: any finding on a supported claim; on an unsupported one, only a
    contradiction on a passage still near (within CONTRADICTION_MARGIN of the cosine
    threshold)."""
    near = evidence.cosine >= cosine_threshold - CONTRADICTION_MARGIN
    if verdict is Verdict.UNSUPPORTED and not near:
        return None
    best = evidence.best
    finding = once(
        evidence,
        "inconsistency",
        lambda: find_inconsistency(
            evidence.claim,
            best.text,
            best.passage_id,
            evidence.corpus,
            lambda: _near_passages(evidence),
            lambda: _most_similar(evidence),
        ),
    )
    if finding is None:
        return None
    if verdict is Verdict.UNSUPPORTED and finding.verdict is not Verdict.CONTRADICTORY:
        return None
    return finding


def _most_similar(evidence: ClaimEvidence) -> list[str]:
    """The TOP_K passages most similar to the claim, most similar first (denied.py)."""
    return [evidence.passages[index].text for index in evidence.most_similar(TOP_K)]


def _near_passages(evidence: ClaimEvidence) -> list[str]:
    """The passages within NEAR_MARGIN of the best passage's cosine, the best among
    them: the claim may state what any of them says (misplaced.py)."""
    near = np.flatnonzero(evidence.similarities >= evidence.cosine - NEAR_MARGIN)
    return [evidence.passages[int(index)].text for index in near]


def _addition(evidence: ClaimEvidence) -> Finding | None:
    best = evidence.best
    return once(
        evidence,
        "addition",
        lambda: find_addition(evidence.claim, best.text, best.passage_id, evidence.corpus),
    )


def once(evidence: ClaimEvidence, rule: str, find: Callable[[], _Found]) -> _Found:
    """`find()`, asked once per claim: what a lexical rule finds depends only on the
    claim, its best passage and the sources (`ClaimEvidence.findings`)."""
    if rule not in evidence.findings:
        evidence.findings[rule] = find()
    return cast(_Found, evidence.findings[rule])
