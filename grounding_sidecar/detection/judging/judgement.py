"""A judge's verdict on one claim, and what a later rule that overrules it leaves of it."""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass

from grounding_sidecar.detection.contract import Verdict, Verification
from grounding_sidecar.detection.judging.consistency import FindingKind
from grounding_sidecar.detection.text.passages import Passage

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
