"""Judges: from a claim's similarities to a verdict.

Two rules share one shape.  `CosineJudge` is the baseline rule
(docs/contract.md#grading): supported when the best cosine reaches the threshold.
`CalibratedJudge` asks the calibrated model for P(supported) from evidence
features (with the verifier on, its probabilities among them).  Both then apply
the same overrides: a confident contradiction from the verifier against a similar
passage (docs/verifier.md#in-the-pipeline), the consistency rule for a claim they
would support (a detail found in no source, or a flipped negation), and an addition
to the best passage that the verifier does not read as entailed.
"""

from __future__ import annotations

import dataclasses
import math
from collections.abc import Callable
from dataclasses import dataclass
from typing import Protocol, TypeVar, cast

import numpy as np
import numpy.typing as npt

from grounding_sidecar.detection.contract import Verdict, Verification
from grounding_sidecar.detection.judging.calibration import CalibratedModel
from grounding_sidecar.detection.judging.consistency import (
    Contrast,
    Finding,
    FindingKind,
    find_addition,
    find_contrast,
    find_inconsistency,
)
from grounding_sidecar.detection.judging.evidence import ClaimEvidence
from grounding_sidecar.detection.judging.features import (
    FEATURES,
    VERIFIER_LOGIT_CLIP,
    claim_features,
    verifier_features,
)
from grounding_sidecar.detection.text.passages import Passage

_Found = TypeVar("_Found")

# Width of the logistic that turns the cosine's distance to its threshold into a
# probability for the baseline rule (the calibrated rule has a real one).
_COSINE_PROBABILITY_SCALE = 0.05
# A passage this close under the cosine threshold is still "similar" enough for a
# disagreeing detail to make the claim a contradiction rather than a gap.
CONTRADICTION_MARGIN = 0.15
# The calibrated rule never supports a claim whose best passage is this far under the
# cosine threshold, whatever its other features say: a short fabricated premise can
# otherwise look plausible ("Since your parcel was damaged in transit", cosine 0.29).
SUPPORT_FLOOR_MARGIN = 0.3
# The verifier's P(contradicted) over which a claim whose best passage is similar
# (within CONTRADICTION_MARGIN of the cosine threshold) is contradictory, whatever
# the similarity says, when the contrast can be named (consistency.find_contrast).
# On the calibration mix (tools/training/fit_calibration.py) every bar from 0.9 to
# 0.99 scores alike; ver-v4's direction flips read 0.90-0.92 ("rose" for "fell"), so
# the bar is the range's low end (docs/verifier.md#explained-contradictions).
VERIFIER_CONTRADICTION = 0.9
# Counting negation words misreads "not only ... but also" and double negatives; a
# verifier this sure that the passage entails the claim overrules that count (never
# a missing or conflicting detail: those are looked up in every source, the verifier
# reads one passage).
VERIFIER_ENTAILMENT = 0.9
# A claim that restates its best passage with words no source uses
# (consistency.find_addition) keeps its support only when the verifier reads the
# passage as entailing it: P(entailed) at least this, the verifier's own call (not a
# bar fitted to the rule-made qualifiers it trained on; docs/verifier.md#additions).
VERIFIER_ADDITION_ENTAILED = 0.5
# A claim a later rule overrules reports the calibrated scorer's P(supported) times this
# share of its probability threshold: under the threshold, as its verdict says, and
# still ranked by the scorer's evidence among the claims the rules overrule.  On the
# calibration parts those claims are labelled supported about as often as the fitted
# probability says (a maximum-likelihood share of 0.8-0.9 of it, over the bound), so a
# flat 0 ranked them worst of all; 0.8 is the largest share of the threshold at which no
# calibration part ranks worse outside its noise.  The cosine rule's probability is no
# fitted one (a logistic of the distance to its threshold) and its overruled claims
# keep 0 (docs/detection.md#the-probability-of-an-overruled-claim).
OVERRULED_SHARE = 0.8


@dataclass(frozen=True, slots=True)
class Judgement:
    verdict: Verdict  # SUPPORTED, UNSUPPORTED or CONTRADICTORY
    score: float  # the raw best cosine, always reported
    best: Passage
    probability: float  # P(supported)
    overruled_ceiling: float  # an overruled claim reports `probability` times this
    rationale: str
    verification: Verification | None = None  # the verifier on `best`, when it read it
    overruled_by: FindingKind | None = None  # the finding that took a verdict's support away

    def overruled(self, verdict: Verdict, rationale: str, by: FindingKind) -> Judgement:
        """This judgement with a later rule's verdict: the rule, not the similarity,
        decides, so P(supported) falls to `overruled_ceiling` at most, in the scorer's
        order; a second rule leaves it there."""
        return dataclasses.replace(
            self,
            verdict=verdict,
            probability=self.probability * self.overruled_ceiling,
            overruled_ceiling=1.0,
            rationale=rationale,
            overruled_by=by,
        )


class Judge(Protocol):
    @property
    def tag(self) -> str:
        """The rule's part of the metric definition version, e.g. `t0.70`."""

    def reading_matters(self, evidence: ClaimEvidence) -> bool:
        """Whether the verifier's reading of (best passage, claim), whatever it says,
        can change the claim's verdict: claims where it cannot are not worth a
        verifier run, and `judge` without a reading gives them the verdict any
        reading would."""

    def judge(self, evidence: ClaimEvidence, verification: Verification | None = None) -> Judgement:
        """`verification` is the verifier's reading of (best passage, claim), if any."""


@dataclass(frozen=True, slots=True)
class CosineJudge:
    threshold: float

    @property
    def tag(self) -> str:
        return f"t{self.threshold:.2f}"

    def reading_matters(self, evidence: ClaimEvidence) -> bool:
        # The cosine decides; only the overrides read the verifier.
        supported = evidence.cosine >= self.threshold
        return _reading_can_override(evidence, _verdict(supported), self.threshold)

    def judge(self, evidence: ClaimEvidence, verification: Verification | None = None) -> Judgement:
        best, cosine = evidence.best, evidence.cosine
        probability = 1.0 / (1.0 + math.exp(-(cosine - self.threshold) / _COSINE_PROBABILITY_SCALE))
        supported = cosine >= self.threshold
        rationale = (
            f"matches {best.passage_id} ({cosine:.2f})"
            if supported
            else f"closest {best.passage_id} scores {cosine:.2f} < {self.threshold:.2f}"
        )
        no_fitted_probability = 0.0  # an overruled claim reports 0 (OVERRULED_SHARE)
        judgement = Judgement(
            _verdict(supported),
            cosine,
            best,
            probability,
            no_fitted_probability,
            rationale,
            verification,
        )
        return _overridden(evidence, judgement, self.threshold)


@dataclass(frozen=True, slots=True)
class CalibratedJudge:
    model: CalibratedModel
    cosine_threshold: float  # the embedder's: bounds "similar" for contradictions

    @property
    def support_floor(self) -> float:
        """The cosine under which no claim is supported, whatever P(supported) says."""
        return self.cosine_threshold - SUPPORT_FLOOR_MARGIN

    @property
    def tag(self) -> str:
        return f"{self.model.tag}/p{self.model.threshold:.2f}c{self.support_floor:.2f}"

    def reading_matters(self, evidence: ClaimEvidence) -> bool:
        if evidence.cosine < self.support_floor:
            return False  # unsupported whatever P(supported), and too far for a contradiction
        features = _features(evidence)
        if self.model.uses_verifier:
            low, high = self.model.probability(_reading_extremes(self.model, features))
            if (low >= self.model.threshold) != (high >= self.model.threshold):
                return True
            supported = bool(low >= self.model.threshold)
        else:
            supported = float(self.model.probability(features)) >= self.model.threshold
        return _reading_can_override(evidence, _verdict(supported), self.cosine_threshold)

    def judge(self, evidence: ClaimEvidence, verification: Verification | None = None) -> Judgement:
        best, cosine = evidence.best, evidence.cosine
        features = _features(evidence)
        if self.model.uses_verifier:
            features = np.concatenate([features, self._verifier_features(evidence, verification)])
        probability = float(self.model.probability(features))
        reading = f"{best.passage_id}, cosine {cosine:.2f}, p {probability:.2f}"
        floor = self.support_floor
        supported = probability >= self.model.threshold and cosine >= floor
        if supported:
            rationale = f"matches {reading}"
        elif cosine < floor:
            rationale = f"no similar passage ({reading}; cosine < {floor:.2f})"
        else:
            rationale = f"weak support ({reading} < {self.model.threshold:.2f})"
        judgement = Judgement(
            _verdict(supported),
            cosine,
            best,
            probability,
            OVERRULED_SHARE * self.model.threshold,
            rationale,
            verification,
        )
        return _overridden(evidence, judgement, self.cosine_threshold)

    def _verifier_features(
        self, evidence: ClaimEvidence, verification: Verification | None
    ) -> npt.NDArray[np.float64]:
        """The reading's features.  A claim at or over the support floor without a
        reading is one whose reading could not change the verdict (`reading_matters`):
        it is scored as if the verifier read it as it reads the fitting data's average
        claim, which lies between the extremes and so keeps the verdict.  Under the
        floor, an unread claim reads -8 for both, as the parameters were fitted."""
        if verification is None and evidence.cosine >= self.support_floor:
            return self.model.mean[len(FEATURES) :].copy()
        return verifier_features(verification)


def _reading_extremes(
    model: CalibratedModel, features: npt.NDArray[np.float64]
) -> npt.NDArray[np.float64]:
    """Two feature rows: the claim's evidence with the verifier reading that gives the
    lowest P(supported), and with the one that gives the highest.  Each verifier
    feature is a log-odds clipped to ±VERIFIER_LOGIT_CLIP and the model is linear in
    it, so every reading's P(supported) lies between the two."""
    weights = model.weights[len(FEATURES) :]
    lowest = np.where(weights > 0, -VERIFIER_LOGIT_CLIP, VERIFIER_LOGIT_CLIP)
    return np.stack([np.concatenate([features, lowest]), np.concatenate([features, -lowest])])


def _reading_can_override(
    evidence: ClaimEvidence, verdict: Verdict, cosine_threshold: float
) -> bool:
    """Whether a verifier reading can change what `_overridden` makes of a claim the
    scorer gives `verdict` whatever the reading: each rule's reading-free condition
    (the same functions the rules apply) decides whether the reading takes part.
    (1) The confident contradiction: a contrast named on a similar passage.  (2) The
    consistency rule: a negation finding that applies, which the verifier's entailment
    can overrule (any other finding decides alone).  (3) The addition rule: a claim
    still supported, with an addition."""
    if _named_contrast(evidence, cosine_threshold) is not None:
        return True
    finding = _applicable_finding(evidence, verdict, cosine_threshold)
    if finding is not None:
        return finding.kind is FindingKind.NEGATION
    return verdict is Verdict.SUPPORTED and _addition(evidence) is not None


def _verdict(supported: bool) -> Verdict:
    return Verdict.SUPPORTED if supported else Verdict.UNSUPPORTED


def _overridden(
    evidence: ClaimEvidence, judgement: Judgement, cosine_threshold: float
) -> Judgement:
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
    opposite: similarity cannot see a flipped meaning, the verifier can.  Weighed
    against the lexical evidence (`find_contrast`): a claim made only of the
    sources' own words (a reordering, active for passive) is left to the other rules,
    and so is one where no word stands against a word of the passage and no negation
    differs: on real answers the verifier misreads paraphrase as swaps ("build" for
    "create"), and a contradiction the rationale cannot name is one a user cannot
    check."""
    verification = judgement.verification
    contradicted = verification.contradicted if verification is not None else None
    if contradicted is None or contradicted < VERIFIER_CONTRADICTION:
        return None  # no reading, or a two-label checker's (it has no contradiction)
    contrast = _named_contrast(evidence, cosine_threshold)
    if contrast is None:
        return None
    passage_id = judgement.best.passage_id
    rationale = (
        f"contradicted by {passage_id}: {contrast.describe(passage_id)} "
        f"(verifier p {contradicted:.2f}, cosine {judgement.score:.2f})"
    )
    return judgement.overruled(Verdict.CONTRADICTORY, rationale, FindingKind.CONTRAST)


def _with_consistency(
    evidence: ClaimEvidence, judgement: Judgement, cosine_threshold: float
) -> Judgement:
    """The consistency rule on top of a judge's similarity verdict.

    A claim the judge would support loses it to any finding (a detail found in no
    source, a flipped negation).  An unsupported claim whose best passage is still
    near (within CONTRADICTION_MARGIN of the cosine threshold) becomes contradictory
    when that passage states a different detail: similar text that disagrees.
    """
    finding = _applicable_finding(evidence, judgement.verdict, cosine_threshold)
    if finding is None:
        return judgement
    verification = judgement.verification
    if (
        finding.kind is FindingKind.NEGATION
        and verification is not None
        and verification.entailed >= VERIFIER_ENTAILMENT
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
    return _once(
        evidence, "contrast", lambda: find_contrast(evidence.claim, best.text, evidence.corpus)
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
    finding = _once(
        evidence,
        "inconsistency",
        lambda: find_inconsistency(evidence.claim, best.text, best.passage_id, evidence.corpus),
    )
    if finding is None:
        return None
    if verdict is Verdict.UNSUPPORTED and finding.verdict is not Verdict.CONTRADICTORY:
        return None
    return finding


def _addition(evidence: ClaimEvidence) -> Finding | None:
    best = evidence.best
    return _once(
        evidence,
        "addition",
        lambda: find_addition(evidence.claim, best.text, best.passage_id, evidence.corpus),
    )


def _features(evidence: ClaimEvidence) -> npt.NDArray[np.float64]:
    """The claim's evidence features (features.py), computed once per claim like the
    lexical rules' findings, and read-only: deciding whether to read and judging share
    them."""

    def computed() -> npt.NDArray[np.float64]:
        features = claim_features(evidence)
        features.setflags(write=False)
        return features

    return _once(evidence, "features", computed)


def _once(evidence: ClaimEvidence, rule: str, find: Callable[[], _Found]) -> _Found:
    """`find()`, asked once per claim: what a lexical rule finds depends only on the
    claim, its best passage and the sources (`ClaimEvidence.findings`)."""
    if rule not in evidence.findings:
        evidence.findings[rule] = find()
    return cast(_Found, evidence.findings[rule])
