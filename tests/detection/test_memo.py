"""The memo keeps only valid model work, as copies: a check that reads it gets the
result a check without it gets (its use while a stream arrives: grading/test_incremental.py)."""

from __future__ import annotations

from typing import Any

import numpy as np

from grounding_sidecar.detection import CheckMemo, Grader, HashEmbedder
from grounding_sidecar.detection.contract import CheckResult
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
