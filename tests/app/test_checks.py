"""The check runner: an overloaded check's outcome, and a preparation that stalls
never holds the check past its deadline."""

from __future__ import annotations

import asyncio

from grounding_sidecar.app.checks import CheckRunner
from grounding_sidecar.decision import (
    Action,
    CheckOutcome,
    GroundingPolicy,
    Unchecked,
    decide,
)
from grounding_sidecar.detection import Grader, GraderSettings, HashEmbedder
from tests.app.check_inputs import ANSWER, POLICY, SOURCES
from tests.support.fake_detectors import GatedDetector
from tests.support.runner import run_closing


def test_an_overloaded_check_fails_closed_under_block_and_is_delivered_under_log() -> None:
    outcome = CheckOutcome(None, Unchecked.OVERLOADED)
    block = decide(outcome, POLICY, "t" * 32)
    assert block.refusal is not None and block.refusal.code.value == "grounding_unverified"
    assert "overloaded" in block.refusal.message
    log = decide(outcome, GroundingPolicy(enabled=True, action=Action.LOG), "t" * 32)
    assert log.deliver and log.verdict.value == "unknown"


def test_a_stalled_step_ahead_never_holds_the_check_past_its_deadline() -> None:
    detector = GatedDetector()  # its check, which prepare_answer runs, stalls
    runner = CheckRunner(detector, deadline_seconds=0.3, workers=1)

    async def scenario() -> CheckOutcome:
        preparation = runner.begin(SOURCES, POLICY)
        assert preparation is not None
        preparation.answer_grew(lambda: ANSWER)
        await asyncio.get_running_loop().run_in_executor(None, detector.entered.wait, 10)
        outcome = await runner.run(ANSWER, SOURCES, POLICY, preparation=preparation)
        detector.gate.set()
        return outcome

    outcome = run_closing(runner, scenario)
    assert outcome.unchecked is Unchecked.DEADLINE_MISSED


def test_the_question_reaches_the_detector_for_a_short_answer() -> None:
    asking = Grader(HashEmbedder(), GraderSettings(short_answers_with_question=True))
    assert asking.warm_up() is None  # as a server does before ready: tables loaded
    runner = CheckRunner(asking, deadline_seconds=5.0, workers=1)

    async def scenario() -> tuple[CheckOutcome, CheckOutcome]:
        alone = await runner.run("Paris.", SOURCES, POLICY)
        asked = await runner.run("Paris.", SOURCES, POLICY, question="Where is the tower?")
        return alone, asked

    alone, asked = run_closing(runner, scenario)
    assert alone.verdict.value == "unknown"
    assert asked.result is not None and asked.result.claims[0].formed_with_question
