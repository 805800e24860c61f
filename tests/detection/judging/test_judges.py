"""The judges: the calibrated rule never lifts a claim without a similar passage; the
cosine judge's addition rule takes support away unless the verifier reads entailment
(docs/verifier.md#additions); an overruled claim's probability stays under the
threshold, in the scorer's order."""

from __future__ import annotations

import numpy as np

from grounding_sidecar.detection import Grader, HashEmbedder
from grounding_sidecar.detection.contract import Verdict, Verification
from grounding_sidecar.detection.judging.calibration import CalibratedModel
from grounding_sidecar.detection.judging.consistency import FindingKind
from grounding_sidecar.detection.judging.corpus import SourceCorpus
from grounding_sidecar.detection.judging.evidence import ClaimEvidence
from grounding_sidecar.detection.judging.features import FEATURE_NAMES, FEATURES
from grounding_sidecar.detection.judging.judgement import OVERRULED_SHARE, Judgement
from grounding_sidecar.detection.judging.judges import CalibratedJudge, CosineJudge, copied_from
from grounding_sidecar.detection.judging.overrides import VERIFIER_ADDITION_ENTAILED
from grounding_sidecar.detection.text.passages import Passage

PASSAGE = "The staff canteen on the third floor serves breakfast until ten."
ADDED = "The staff canteen on the third floor serves breakfast until ten, cooked by a pastry chef."


def test_calibrated_rule_never_supports_without_a_similar_passage() -> None:
    """A model that calls everything supported still cannot lift a dissimilar claim."""
    zeros = np.zeros(len(FEATURES))
    credulous = CalibratedModel("tag", FEATURE_NAMES, zeros, zeros + 1, zeros, 10.0, 0.5, "test")
    grader = Grader(HashEmbedder(), judge=CalibratedJudge(credulous, cosine_threshold=0.5))
    source = "Order 5512 shipped on 3 June by ground freight from the Leeds depot."
    near = grader.check("Order 5512 shipped on 3 June by ground freight.", [source])
    assert near.claims[0].verdict.value == "supported"
    far = grader.check("Refunds always arrive quickly for everyone.", [source])
    (grade,) = far.claims
    assert grade.probability is not None and grade.probability > 0.99
    assert grade.verdict.value == "unsupported"
    assert grade.rationale.startswith("no similar passage")


def test_a_claim_made_of_its_passages_words_clears_the_floor_and_no_other() -> None:
    """A step copied out of a long instruction sits under the floor only because the
    passage says more; a claim with one word the passage does not use stays under it."""
    zeros = np.zeros(len(FEATURES))
    credulous = CalibratedModel("tag", FEATURE_NAMES, zeros, zeros + 1, zeros, 10.0, 0.5, "test")
    judge = CalibratedJudge(credulous, cosine_threshold=0.5)
    copied = _judged_by(judge, "Order 5512 shipped from the Leeds depot.", cosine=0.1)
    assert copied.verdict is Verdict.SUPPORTED
    one_word_more = _judged_by(judge, "Order 5512 shipped from the York depot.", cosine=0.1)
    assert one_word_more.verdict is Verdict.UNSUPPORTED
    assert one_word_more.rationale.startswith("no similar passage")


def test_a_copy_is_read_word_by_word_as_written() -> None:
    passage = "To start a return, log in to your account, open Orders and choose Return."
    assert copied_from("Log in to your account.", passage)
    assert copied_from("Open your orders.", passage)  # "orders" is "Orders", "order" too
    assert not copied_from("Log in to your partner account.", passage)
    # The stemmer reads "themes" as "them", a function word; as written it is new.
    assert not copied_from("We have several themes.", "We have several plans.")
    assert not copied_from("It is what it is.", passage)  # no word of its own to find


def _judged(
    claim: str, verification: Verification | None
) -> tuple[Verdict, str, FindingKind | None]:
    passage = Passage("s0.0", 0, 0, len(PASSAGE), PASSAGE)
    judge = CosineJudge(threshold=0.5)
    evidence = ClaimEvidence(
        claim, np.array([0.9], dtype=np.float32), 0, [passage], SourceCorpus([PASSAGE])
    )
    judgement = judge.judge(evidence, verification)
    return judgement.verdict, judgement.rationale, judgement.overruled_by


def test_the_judge_takes_support_away_when_the_verifier_does_not_read_entailment() -> None:
    entailed = VERIFIER_ADDITION_ENTAILED - 0.4
    reading = Verification(entailed=entailed, contradicted=0.05, neither=0.95 - entailed)
    verdict, rationale, overruled_by = _judged(ADDED, reading)
    assert verdict is Verdict.UNSUPPORTED
    assert overruled_by is FindingKind.ADDITION
    assert rationale.endswith(f"(verifier: entailed p {entailed:.2f})")


def test_the_judge_keeps_support_when_the_verifier_reads_entailment() -> None:
    entailed = VERIFIER_ADDITION_ENTAILED + 0.1
    reading = Verification(entailed=entailed, contradicted=0.05, neither=0.95 - entailed)
    assert _judged(ADDED, reading)[:2] == (Verdict.SUPPORTED, "matches s0.0 (0.90)")


def test_without_a_verifier_reading_words_alone_never_take_support_away() -> None:
    assert _judged(ADDED, None)[0] is Verdict.SUPPORTED


def _judged_by(judge: CosineJudge | CalibratedJudge, claim: str, cosine: float) -> Judgement:
    source = "Order 5512 shipped on 3 June by ground freight from the Leeds depot."
    passage = Passage("s0.0", 0, 0, len(source), source)
    evidence = ClaimEvidence(
        claim, np.array([cosine], dtype=np.float32), 0, [passage], SourceCorpus([source])
    )
    return judge.judge(evidence)


def test_an_overruled_claim_reports_its_scorers_probability_under_the_threshold() -> None:
    """The rule decides the verdict; the calibrated scorer's evidence still orders the
    claims it overrules, each under its threshold (OVERRULED_SHARE of it at most).  The
    cosine rule's probability is fitted to nothing: its overruled claims report 0."""
    zeros = np.zeros(len(FEATURES))
    on_cosine = zeros.copy()
    on_cosine[FEATURE_NAMES.index("max_cosine")] = 5.0  # P(supported) rises with the cosine
    model = CalibratedModel("tag", FEATURE_NAMES, zeros, zeros + 1, on_cosine, -3.0, 0.6, "test")
    judge = CalibratedJudge(model, cosine_threshold=0.5)
    changed = "Order 5512 shipped on 9 June by ground freight from the Leeds depot."
    readings = []
    for cosine in (0.8, 0.9):
        plain = _judged_by(judge, changed.replace("9 June", "3 June"), cosine)
        overruled = _judged_by(judge, changed, cosine)
        assert overruled.overruled_by is FindingKind.CONFLICTING_DETAIL
        assert overruled.verdict is Verdict.CONTRADICTORY
        assert overruled.probability == plain.probability * OVERRULED_SHARE * 0.6
        readings.append(overruled.probability)
    assert 0 < readings[0] < readings[1] < 0.6
    cosine_judgement = _judged_by(CosineJudge(threshold=0.5), changed, 0.9)
    assert cosine_judgement.overruled_by is FindingKind.CONFLICTING_DETAIL
    assert cosine_judgement.probability == 0.0  # no fitted probability to keep
