"""Judges: from a claim's similarities to a verdict.

Two rules share one shape.  `CosineJudge` is the baseline rule
(docs/contract.md#grading): supported when the best cosine reaches the threshold.
`CalibratedJudge` asks the calibrated model for P(supported) from evidence
features (with the verifier on, its probabilities among them).  Both then apply
the same later rules (overrides.py) and decide alike whether a verifier reading can
change a verdict (`Judge.reading_matters`).
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from typing import Protocol

import numpy as np
import numpy.typing as npt

from grounding_sidecar.detection.contract import Verdict, Verification
from grounding_sidecar.detection.judging.calibration import CalibratedModel
from grounding_sidecar.detection.judging.evidence import ClaimEvidence
from grounding_sidecar.detection.judging.features import (
    FEATURES,
    VERIFIER_LOGIT_CLIP,
    claim_features,
    verifier_features,
)
from grounding_sidecar.detection.judging.judgement import OVERRULED_SHARE, Judgement
from grounding_sidecar.detection.judging.overrides import once, overridden, reading_can_override
from grounding_sidecar.detection.text import words

# Width of the logistic that turns the cosine's distance to its threshold into a
# probability for the baseline rule (the calibrated rule has a real one).
_COSINE_PROBABILITY_SCALE = 0.05
# The calibrated rule never supports a claim whose best passage is this far under the
# cosine threshold, whatever its other features say: a short fabricated premise can
# otherwise look plausible ("Since your parcel was damaged in transit", cosine 0.29).
# A claim whose every word its best passage uses is no such premise: a step copied out
# of a long instruction ("Log in to your account." against "To start a return, log in
# to your account, open Orders, ...") sits under the floor only because the passage
# says more (`copied_from`).
SUPPORT_FLOOR_MARGIN = 0.3


def copied_from(claim: str, passage: str) -> bool:
    """Whether `passage` uses every word of `claim` but function words, each in some
    form, and the claim has such a word.  A word is read as written, not only as its
    stem: the stemmer reads "themes" as "them", a function word, and a claim of
    "themes" where the passage says "plans" is no copy."""
    theirs = frozenset(words.words(passage))
    written = (token.lower() for token in words.written(claim))
    mine = [words.stem(token) for token in written if token not in words.STOPWORDS]
    return bool(mine) and all(word in theirs for word in mine)


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
        return reading_can_override(evidence, _verdict(supported), self.threshold)

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
        return overridden(evidence, judgement, self.threshold)


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
            # Too far for a contradiction, and read as the parameters were fitted: under
            # the floor the fit's claims were never read (`_verifier_features`).
            return False
        features = _features(evidence)
        if self.model.uses_verifier:
            low, high = self.model.probability(_reading_extremes(self.model, features))
            if (low >= self.model.threshold) != (high >= self.model.threshold):
                return True
            supported = bool(low >= self.model.threshold)
        else:
            supported = float(self.model.probability(features)) >= self.model.threshold
        return reading_can_override(evidence, _verdict(supported), self.cosine_threshold)

    def judge(self, evidence: ClaimEvidence, verification: Verification | None = None) -> Judgement:
        best, cosine = evidence.best, evidence.cosine
        if cosine < self.support_floor:
            verification = None  # never read under the floor, as the parameters were fitted
        features = _features(evidence)
        if self.model.uses_verifier:
            features = np.concatenate([features, self._verifier_features(evidence, verification)])
        probability = float(self.model.probability(features))
        reading = f"{best.passage_id}, cosine {cosine:.2f}, p {probability:.2f}"
        floor = self.support_floor
        clears_floor = cosine >= floor or copied_from(evidence.claim, best.text)
        supported = probability >= self.model.threshold and clears_floor
        if supported:
            rationale = f"matches {reading}"
        elif not clears_floor:
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
        return overridden(evidence, judgement, self.cosine_threshold)

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


def _verdict(supported: bool) -> Verdict:
    return Verdict.SUPPORTED if supported else Verdict.UNSUPPORTED


def _features(evidence: ClaimEvidence) -> npt.NDArray[np.float64]:
    """The claim's evidence features (features.py), computed once per claim like the
    lexical rules' findings, and read-only: deciding whether to read and judging share
    them."""

    def computed() -> npt.NDArray[np.float64]:
        features = claim_features(evidence)
        features.setflags(write=False)
        return features

    return once(evidence, "features", computed)
