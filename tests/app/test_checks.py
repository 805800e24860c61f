"""The check runner under overload: decide at once, and never start work that is late."""

from __future__ import annotations

import asyncio
import threading
from collections.abc import Sequence
from typing import Any

from grounding_sidecar.app.checks import CheckRunner, CostModel
from grounding_sidecar.decision import (
    Action,
    CheckOutcome,
    GroundingPolicy,
    Unchecked,
    decide,
)
from grounding_sidecar.detection.contract import CheckResult
from tests.support.fake_detectors import FakeDetector

SOURCE = "The Eiffel Tower is located in Paris and was completed in 1889."
POLICY = GroundingPolicy(enabled=True, action=Action.BLOCK)


class GatedDetector(FakeDetector):
    """Blocks every check on `gate` until a test opens it."""

    def __init__(self) -> None:
        super().__init__()
        self.gate = threading.Event()
        self.entered = threading.Event()

    def check(self, answer: str, sources: Sequence[str], **options: Any) -> CheckResult:
        self.entered.set()
        assert self.gate.wait(timeout=30)
        return super().check(answer, sources, **options)


class Clock:
    def __init__(self) -> None:
        self.now = 1000.0

    def __call__(self) -> float:
        return self.now


def test_a_queued_check_whose_deadline_passed_is_never_started() -> None:
    detector, clock = GatedDetector(), Clock()
    runner = CheckRunner(detector, deadline_seconds=5.0, workers=1, clock=clock)

    async def scenario() -> tuple[CheckOutcome, CheckOutcome]:
        first = asyncio.ensure_future(runner.run(SOURCE, [SOURCE], POLICY))
        await asyncio.get_running_loop().run_in_executor(None, detector.entered.wait, 10)
        second = asyncio.ensure_future(runner.run(SOURCE, [SOURCE], POLICY))
        await asyncio.sleep(0)  # the second check is queued behind the first
        assert runner.queued_chars == 2 * len(SOURCE)
        clock.now += 6.0  # past the second check's deadline while it waits
        detector.gate.set()
        return await first, await second

    try:
        first, second = asyncio.run(scenario())
    finally:
        runner.close()
    assert first.result is not None  # the first one had started: it finishes
    assert second.unchecked is Unchecked.OVERLOADED
    assert len(detector.threads) == 1  # the late one never reached the detector
    assert runner.queued_chars == 0


def test_on_an_idle_server_every_check_is_tried() -> None:
    detector = FakeDetector()
    # Costs say one character takes a second; with nothing queued it is tried anyway.
    runner = CheckRunner(detector, deadline_seconds=5.0, workers=1, cost=CostModel(1.0))
    try:
        outcome = asyncio.run(runner.run(SOURCE, [SOURCE], POLICY))
    finally:
        runner.close()
    assert outcome.result is not None
    assert runner.queued_chars == 0


def test_work_queued_ahead_counts_against_a_new_check() -> None:
    detector = GatedDetector()
    per_check = 2 * len(SOURCE)
    # 3 s per check: one queued is 3 s of waiting, and a new one's own cost counts as
    # at most half the deadline: 3 + 2.5 > 5, refused at once.
    runner = CheckRunner(detector, deadline_seconds=5.0, workers=1, cost=CostModel(3.0 / per_check))

    async def scenario() -> list[CheckOutcome]:
        running = asyncio.ensure_future(runner.run(SOURCE, [SOURCE], POLICY))
        await asyncio.get_running_loop().run_in_executor(None, detector.entered.wait, 10)
        assert runner.estimated_wait() == 0.0  # a running check is no longer queued
        queued = asyncio.ensure_future(runner.run(SOURCE, [SOURCE], POLICY))
        await asyncio.sleep(0)
        assert abs(runner.estimated_wait() - 3.0) < 1e-9
        third = await runner.run(SOURCE, [SOURCE], POLICY)  # decided now, gate still shut
        detector.gate.set()
        return [await running, await queued, third]

    try:
        running, queued, third = asyncio.run(scenario())
    finally:
        runner.close()
    assert running.result is not None and queued.result is not None
    assert third.unchecked is Unchecked.OVERLOADED
    assert len(detector.threads) == 2


def test_the_cost_model_learns_from_completed_checks() -> None:
    model = CostModel()
    assert model.estimate(1000) == 0.0  # unknown until a check completed
    model.observe(1000, 0.5)
    assert model.estimate(1000) == 0.5
    model.observe(2000, 1.0)
    model.observe(100, 20.0)  # one stalled check does not move the median
    assert model.estimate(1000) == 0.5


def test_an_overloaded_check_fails_closed_under_block_and_is_delivered_under_log() -> None:
    outcome = CheckOutcome(None, Unchecked.OVERLOADED)
    block = decide(outcome, POLICY, "t" * 32)
    assert block.refusal is not None and block.refusal.code.value == "grounding_unverified"
    assert "overloaded" in block.refusal.message
    log = decide(outcome, GroundingPolicy(enabled=True, action=Action.LOG), "t" * 32)
    assert log.deliver and log.verdict.value == "unknown"
