"""Preparation, the work ahead of the answer: done once, cancellable, and only when
the pool has room."""

from __future__ import annotations

import asyncio
from typing import Any

from grounding_sidecar.app.checks import CheckRunner
from grounding_sidecar.app.cost_model import CostModel
from grounding_sidecar.app.preparation import Preparation
from grounding_sidecar.decision import CheckOutcome, CheckPreparation
from grounding_sidecar.detection import Grader, HashEmbedder, SourceLimits
from tests.app.check_inputs import ANSWER, POLICY, SOURCE, SOURCES
from tests.support.eventually import eventually_async
from tests.support.fake_detectors import GatedDetector
from tests.support.fake_embedders import RecordingEmbedder
from tests.support.runner import holding_a_worker, run_closing


def recording_runner(**options: Any) -> tuple[CheckRunner, RecordingEmbedder, RecordingEmbedder]:
    claims, passages = RecordingEmbedder(), RecordingEmbedder()
    grader = Grader(claims, passage_embedder=passages)
    return CheckRunner(grader, deadline_seconds=5.0, workers=1, **options), claims, passages


def test_sources_and_settled_sentences_are_embedded_once_before_the_end() -> None:
    runner, claims, passages = recording_runner()
    partial = ANSWER[: ANSWER.index("designed")]

    async def scenario() -> tuple[CheckOutcome, list[str], list[str]]:
        preparation = runner.begin(SOURCES, POLICY)
        assert isinstance(preparation, Preparation)
        await eventually_async(lambda: preparation.memo.sizes[1], what="the sources' passages")
        preparation.answer_grew(lambda: partial)
        await eventually_async(lambda: preparation.memo.sizes[0] == 2, what="the settled sentences")
        before = (list(claims.texts), list(passages.texts))
        outcome = await runner.run(ANSWER, SOURCES, POLICY, preparation=preparation)
        return outcome, *before

    outcome, claims_before, passages_before = run_closing(runner, scenario)
    assert claims_before == ["The Eiffel Tower is located in Paris.", "It is 330 metres tall."]
    assert passages.texts == passages_before  # the check embedded no passage again
    assert claims.texts[len(claims_before) :] == ["It was designed by Eiffel."]
    assert outcome.result is not None
    plain = Grader(HashEmbedder()).check(ANSWER, SOURCES, limits=SourceLimits())
    assert outcome.result.verdict is plain.verdict
    assert [c.verdict for c in outcome.result.claims] == [c.verdict for c in plain.claims]


def test_a_cancelled_preparation_never_runs_its_queued_work() -> None:
    detector = GatedDetector()
    runner = CheckRunner(detector, deadline_seconds=5.0, workers=1)

    async def scenario() -> CheckPreparation | None:
        first = await holding_a_worker(runner, detector, SOURCE, POLICY)
        preparation = runner.begin(SOURCES, POLICY)  # its source step queues behind
        await eventually_async(lambda: runner.queued_chars > 0, what="the queued source step")
        assert preparation is not None
        preparation.cancel()  # the client went away
        await asyncio.sleep(0)
        assert runner.queued_chars == 0
        detector.gate.set()
        await first
        return preparation

    preparation = run_closing(runner, scenario)
    assert isinstance(preparation, Preparation)
    assert preparation.memo.sizes == (0, 0, 0, 0)


def test_no_work_ahead_while_the_pool_has_no_room() -> None:
    detector = GatedDetector()
    runner = CheckRunner(detector, deadline_seconds=5.0, workers=1, cost=CostModel(0.1))

    async def scenario() -> CheckPreparation | None:
        first = await holding_a_worker(runner, detector, SOURCE, POLICY)
        second = asyncio.ensure_future(runner.run(SOURCE, [SOURCE], POLICY))
        await eventually_async(lambda: runner.queued_chars, what="the queued check")
        queued = runner.queued_chars
        preparation = runner.begin(SOURCES, POLICY)
        await asyncio.sleep(0.05)
        assert runner.queued_chars == queued  # the optional work was not admitted
        detector.gate.set()
        await first, await second
        return preparation

    preparation = run_closing(runner, scenario)
    assert isinstance(preparation, Preparation)
    assert preparation.memo.sizes == (0, 0, 0, 0)
