"""`Judge.reading_matters`: where a judge says the verifier's reading cannot change a
claim's verdict, no reading does (docs/verifier.md#in-the-pipeline).

Each judge (the cosine rule and the shipped calibrated parameters, both embedders)
is asked about claims built to meet each override (a flipped word, a plain and a
counted flipped negation, an addition, a missing and a conflicting detail), plus a faithful
restatement and an unrelated claim, at cosines across the whole range; wherever it
says "not needed", the verdict without a reading must equal the verdict under every
reading on a grid that crosses each of the rules' bars.
"""

from __future__ import annotations

import collections
import itertools
import json
from typing import Any

import numpy as np
import pytest

from grounding_sidecar.detection.contract import Verdict, Verification
from grounding_sidecar.detection.judging import judges, overrides
from grounding_sidecar.detection.judging.calibration import CalibratedModel, params_path
from grounding_sidecar.detection.judging.corpus import SourceCorpus
from grounding_sidecar.detection.judging.evidence import ClaimEvidence
from grounding_sidecar.detection.judging.judges import CalibratedJudge, CosineJudge, Judge
from grounding_sidecar.detection.text.passages import Passage

PASSAGE = "The north depot opens at 9 AM and ships 400 parcels on weekdays, not on Sundays."
OTHER = "Parcels for the islands leave from the harbour office."
CLAIMS = (
    "The north depot opens at 9 AM and ships 400 parcels on weekdays, not on Sundays.",
    "The north depot closes at 9 AM and ships 400 parcels on weekdays, not on Sundays.",
    "The north depot opens at 9 AM and ships 400 parcels on weekdays and on Sundays.",
    "The north depot opens at 9 AM and does not ship 400 parcels on weekdays.",
    "The north depot opens at 9 AM and ships 400 parcels on weekdays, not on Sundays, "
    "after an approval from the regional transport authority.",
    "The north depot opens at 11 AM and ships 400 parcels on weekdays.",
    "The north depot opens at 9 AM and ships 400 parcels to Madrid on weekdays.",
    "On weekdays the north depot ships 400 parcels, opening at 9 AM.",
    "Penguins migrate across the southern ocean every winter.",
)
COSINES = tuple(float(c) for c in np.round(np.arange(0.2, 1.0001, 0.05), 2))
# Readings on both sides of every bar the rules use (entailed 0.5 and 0.9, contradicted
# 0.9) and at the clip's ends.
READINGS = tuple(
    Verification(entailed=e, contradicted=c, neither=max(0.0, 1.0 - e - c))
    for e, c in itertools.product((0.0, 0.3, 0.49, 0.5, 0.89, 0.9, 1.0), (0.0, 0.5, 0.89, 0.9, 1.0))
    if e + c <= 1.0
)


def _calibrated(name: str, cosine_threshold: float) -> CalibratedJudge:
    data = json.loads(params_path(name, with_verifier=True).read_text(encoding="utf-8"))
    return CalibratedJudge(CalibratedModel.from_json(data), cosine_threshold)


JUDGES: dict[str, Judge] = {
    "cosine-0.5": CosineJudge(0.5),
    "cosine-0.7": CosineJudge(0.7),
    "calibrated-hash": _calibrated("hash", 0.5),
    "calibrated-minilm": _calibrated("minilm", 0.7),
}


def _evidence(claim: str, cosine: float) -> ClaimEvidence:
    passages = [
        Passage("s0.0", 0, 0, len(PASSAGE), PASSAGE),
        Passage("s1.0", 1, 0, len(OTHER), OTHER),
    ]
    similarities = np.array([cosine, min(cosine, 0.3)], dtype=np.float32)
    return ClaimEvidence(claim, similarities, 0, passages, SourceCorpus([PASSAGE, OTHER]))


@pytest.mark.parametrize("name", JUDGES)
def test_where_the_reading_is_not_needed_no_reading_changes_the_verdict(name: str) -> None:
    judge = JUDGES[name]
    skipped = needed = 0
    for claim, cosine in itertools.product(CLAIMS, COSINES):
        evidence = _evidence(claim, cosine)
        if judge.reading_matters(evidence):
            needed += 1
            continue
        skipped += 1
        unread = judge.judge(evidence, None)
        for reading in READINGS:
            read = judge.judge(evidence, reading)
            assert read.verdict is unread.verdict, (claim, cosine, reading, read.rationale)
    # Both answers are given, or the test would prove nothing.
    assert skipped > 0 and needed > 0


@pytest.mark.parametrize("name", JUDGES)
def test_a_flip_on_a_similar_passage_is_always_read(name: str) -> None:
    # The confident contradiction is the verifier's own call: never skipped.
    assert JUDGES[name].reading_matters(_evidence(CLAIMS[1], 0.9))


@pytest.mark.parametrize("name", ["calibrated-hash", "calibrated-minilm"])
def test_an_unread_claim_over_the_floor_keeps_its_probability_on_its_verdicts_side(
    name: str,
) -> None:
    judge = JUDGES[name]
    assert isinstance(judge, CalibratedJudge)
    threshold = judge.model.threshold
    checked = 0
    for claim, cosine in itertools.product(CLAIMS, COSINES):
        evidence = _evidence(claim, cosine)
        if cosine < judge.support_floor or judge.reading_matters(evidence):
            continue
        unread = judge.judge(evidence, None)
        if unread.overruled_by is None:
            supported = unread.verdict is Verdict.SUPPORTED
            assert (unread.probability >= threshold) == supported, (claim, cosine)
            checked += 1
    assert checked > 0


def test_each_lexical_rule_runs_once_per_claim(monkeypatch: pytest.MonkeyPatch) -> None:
    # Deciding whether to read and then judging ask the same rules of the same claim:
    # each answer is found once (ClaimEvidence.findings), and it is the same answer.
    calls: collections.Counter[str] = collections.Counter()
    where = {"find_contrast": overrides, "find_inconsistency": overrides}
    where |= {"find_addition": overrides, "claim_features": judges}
    for name, module in where.items():
        original = getattr(module, name)

        def counted(*args: object, _name: str = name, _original: Any = original) -> object:
            calls[_name] += 1
            return _original(*args)

        monkeypatch.setattr(module, name, counted)
    judge = JUDGES["calibrated-minilm"]
    for claim in CLAIMS[:4]:
        evidence = _evidence(claim, 0.9)
        judge.reading_matters(evidence)
        judged = judge.judge(evidence, READINGS[0])
        assert judged.verdict is judge.judge(_evidence(claim, 0.9), READINGS[0]).verdict
    assert set(calls) == {"find_contrast", "find_inconsistency", "find_addition", "claim_features"}
    # 4 claims, each judged once more on fresh evidence: two asks per claim at most.
    assert max(calls.values()) <= 2 * 4, calls
