"""The memo keeps only valid model work, as copies, and judgements only for the same
evidence: a check that reads it gets the result a check without it gets (its use while
a stream arrives: grading/test_incremental.py)."""

from __future__ import annotations

from typing import Any

import numpy as np

from grounding_sidecar.detection import CheckMemo, Grader, HashEmbedder
from grounding_sidecar.detection.contract import CheckResult, Verdict, Verification
from grounding_sidecar.detection.judging.corpus import SourceCorpus
from grounding_sidecar.detection.judging.evidence import ClaimEvidence
from grounding_sidecar.detection.judging.judgement import Judgement
from grounding_sidecar.detection.text.passages import Passage
from tests.support.fake_embedders import RecordingEmbedder
from tests.support.fake_verifiers import CONTRADICTS, MarkerVerifier

SOURCES = [
    "The Eiffel Tower is located in Paris and was completed in 1889. It is 330 metres tall.",
    "Refunds are issued within 14 days of the return. Returns are accepted for 30 days.",
]
SENTENCES = [
    "The Eiffel Tower is located in Paris and was completed in 1889.",
    "It is 330 metres tall and stands in Paris.",
    "Refunds are issued within 14 days of the return.",
    f"Returns are accepted for 30 days {CONTRADICTS} after delivery.",
    "The Great Wall of China is visible from the moon with the naked eye.",
    "# Shipping times",
    "- Orders ship from Rotterdam by rail freight on Mondays.",
    "Dr. Smith approved the refund policy in 2024.",
]


def make_grader() -> tuple[Grader, RecordingEmbedder, RecordingEmbedder, MarkerVerifier]:
    claims, passages, verifier = RecordingEmbedder(), RecordingEmbedder(), MarkerVerifier()
    grader = Grader(claims, passage_embedder=passages, verifier=verifier)
    return grader, claims, passages, verifier


def comparable(result: CheckResult) -> dict[str, Any]:
    data = result.to_dict()
    data.pop("timings", None)
    return data


def test_a_failed_model_run_is_not_remembered() -> None:
    grader, _, passages, _ = make_grader()
    memo = CheckMemo()
    passages.fail_once = True
    grader.prepare_sources(SOURCES, memo)
    assert memo.sizes[1] == 0
    result = grader.check(SENTENCES[0], SOURCES, memo=memo)
    assert comparable(result) == comparable(make_grader()[0].check(SENTENCES[0], SOURCES))


def test_memo_rows_are_copies() -> None:
    memo = CheckMemo()
    embedder = memo.passage_embedder(HashEmbedder())
    first = embedder.embed(["a passage about rail freight"])
    first[:] = 0.0
    again = embedder.embed(["a passage about rail freight"])
    assert np.array_equal(again, HashEmbedder().embed(["a passage about rail freight"]))


class CountingJudge:
    """Judges every claim supported on its best passage, counting what it is asked."""

    tag = "counting"

    def __init__(self) -> None:
        self.asked = 0
        self.judged = 0

    def reading_matters(self, evidence: ClaimEvidence) -> bool:
        self.asked += 1
        return True

    def judge(self, evidence: ClaimEvidence, verification: Verification | None = None) -> Judgement:
        self.judged += 1
        return Judgement(Verdict.SUPPORTED, evidence.cosine, evidence.best, 1.0, 0.8, "ok")


def evidence_on(corpus: SourceCorpus, passages: list[Passage], row: list[float]) -> ClaimEvidence:
    similarities = np.asarray(row, dtype=np.float32)
    best = int(similarities.argmax())
    return ClaimEvidence("Trains leave hourly.", similarities, best, passages, corpus)


def test_a_judgement_is_kept_only_for_the_same_evidence() -> None:
    text = "Trains leave hourly from the main station."
    passages, corpus = [Passage("s0.0", 0, 0, len(text), text)], SourceCorpus([text])
    backend, memo = CountingJudge(), CheckMemo()
    judge = memo.judge(backend)
    first = judge.judge(evidence_on(corpus, passages, [0.9]))
    same = evidence_on(corpus, passages, [0.9])
    assert not judge.reading_matters(same)  # its judgement holds the reading it got
    assert judge.judge(same) is first and backend.judged == 1
    # Another row, or the same row over another exchange's passages, is judged anew.
    assert judge.reading_matters(evidence_on(corpus, passages, [0.8]))
    judge.judge(evidence_on(corpus, passages, [0.8]))
    judge.judge(evidence_on(SourceCorpus([text]), list(passages), [0.9]))
    assert backend.judged == 3 and memo.sizes[3] == 2
