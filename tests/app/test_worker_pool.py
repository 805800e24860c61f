"""The worker pool: under overload it decides at once and never starts work that is
late, and work that left the queue leaves no wait behind."""

from __future__ import annotations

import asyncio
import contextlib

from grounding_sidecar.app.checks import CheckRunner
from grounding_sidecar.app.cost_model import CostModel
from grounding_sidecar.decision import CheckOutcome, Unchecked
from tests.app.check_inputs import POLICY, SOURCE
from tests.support.eventually import eventually_async
from tests.support.fake_detectors import FakeDetector, GatedDetector
from tests.support.runner import holding_a_worker, run_closing


class Clock:
    def __init__(self) -> None:
        self.now = 1000.0

    def __call__(self) -> float:
        return self.now


def queued_behind_a_running_check(
    runner: CheckRunner, detector: GatedDetector, clock: Clock, wait: float
) -> tuple[CheckOutcome, CheckOutcome]:
    """A check held running, a second one queued behind it; `wait` seconds pass on the
    clock before the first finishes and a worker reaches the second."""

    async def scenario() -> tuple[CheckOutcome, CheckOutcome]:
        first = await holding_a_worker(runner, detector, SOURCE, POLICY)
        second = asyncio.ensure_future(runner.run(SOURCE, [SOURCE], POLICY))
        await asyncio.sleep(0)  # the second check is queued behind the first
        assert runner.queued_chars == 2 * len(SOURCE)  # admitted
        clock.now += wait
        detector.gate.set()
        return await first, await second

    return run_closing(runner, scenario)


def test_a_queued_check_whose_deadline_passed_is_never_started() -> None:
    detector, clock = GatedDetector(), Clock()
    runner = CheckRunner(detector, deadline_seconds=5.0, workers=1, clock=clock)
    # Past the second check's deadline while it waits.
    first, second = queued_behind_a_running_check(runner, detector, clock, 6.0)
    assert first.result is not None  # the first one had started: it finishes
    assert second.unchecked is Unchecked.OVERLOADED
    assert len(detector.threads) == 1  # the late one never reached the detector
    assert runner.queued_chars == 0


def test_a_check_whose_wait_overran_is_shed_when_its_cost_no_longer_fits() -> None:
    detector, clock = GatedDetector(), Clock()
    per_check = 2 * len(SOURCE)
    # 1 s per check: admitted with 1 s queued ahead (1 + 1 <= 0.8 x 5), but the check
    # ahead takes 3.9 s; 1.1 s left at its start, its 1 s is over 80% of that.
    runner = CheckRunner(
        detector, deadline_seconds=5.0, workers=1, cost=CostModel(1.0 / per_check), clock=clock
    )
    first, second = queued_behind_a_running_check(runner, detector, clock, 3.9)
    assert first.result is not None
    assert second.unchecked is Unchecked.OVERLOADED
    assert len(detector.threads) == 1
    assert runner.counts.shed_counts()["start"] == 1


def test_a_check_starts_only_with_time_for_its_slower_runs() -> None:
    detector, clock = GatedDetector(), Clock()
    per_check = 2 * len(SOURCE)
    cost = CostModel()
    # A median of 1 s a check, 1.3 s nine times in ten.
    for seconds in (0.8, 0.9, 0.95, 1.0, 1.0, 1.0, 1.05, 1.1, 1.3, 1.4):
        cost.observe(per_check, seconds, check=True)
    runner = CheckRunner(detector, deadline_seconds=5.0, workers=1, cost=cost, clock=clock)
    # 1.5 s left when the worker reaches it: room for the median (1 / 0.8 = 1.25 s),
    # none for the slower runs (1.3 / 0.8 = 1.625 s), which would miss the deadline.
    first, second = queued_behind_a_running_check(runner, detector, clock, 3.5)
    assert first.result is not None
    assert second.unchecked is Unchecked.OVERLOADED
    assert runner.counts.shed_counts()["start"] == 1


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
        running = await holding_a_worker(runner, detector, SOURCE, POLICY)
        assert runner.estimated_wait() == 0.0  # a running check is no longer queued
        queued = asyncio.ensure_future(runner.run(SOURCE, [SOURCE], POLICY))
        await asyncio.sleep(0)
        assert abs(runner.estimated_wait() - 3.0) < 1e-9
        third = await runner.run(SOURCE, [SOURCE], POLICY)  # decided now, gate still shut
        detector.gate.set()
        return [await running, await queued, third]

    running, queued, third = run_closing(runner, scenario)
    assert running.result is not None and queued.result is not None
    assert third.unchecked is Unchecked.OVERLOADED
    assert len(detector.threads) == 2


def test_work_cancelled_in_the_queue_leaves_no_phantom_wait() -> None:
    detector = GatedDetector()
    runner = CheckRunner(detector, deadline_seconds=0.3, workers=1)

    async def scenario() -> tuple[CheckOutcome, CheckOutcome]:
        first = asyncio.ensure_future(runner.run(SOURCE, [SOURCE], POLICY))
        second = asyncio.ensure_future(runner.run(SOURCE, [SOURCE], POLICY))
        outcomes = await first, await second  # the first misses its deadline running
        detector.gate.set()
        await eventually_async(lambda: detector.threads, what="the first check's end")
        return outcomes

    first, second = run_closing(runner, scenario)
    assert first.unchecked is Unchecked.DEADLINE_MISSED
    assert second.unchecked is Unchecked.OVERLOADED  # never started: taken out and shed
    assert runner.queued_chars == 0  # else every later check would see a longer wait
    assert len(detector.threads) == 1


def test_a_check_still_queued_when_it_could_no_longer_finish_is_shed_then() -> None:
    """Behind a check that runs past every estimate, the queued one is answered when a
    worker would shed it (0.5 s in: its 0.4 s no longer fits in 80% of what is left),
    not when its deadline passes."""
    detector = GatedDetector()
    cost = CostModel(0.4 / (2 * len(SOURCE)))  # 0.4 s a check
    runner = CheckRunner(detector, deadline_seconds=1.0, workers=1, cost=cost)

    async def scenario() -> CheckOutcome:
        first = await holding_a_worker(runner, detector, SOURCE, POLICY)
        second = await runner.run(SOURCE, [SOURCE], POLICY)
        assert not first.done()  # answered while the check ahead still runs
        detector.gate.set()
        await first
        return second

    second = run_closing(runner, scenario)
    assert second.unchecked is Unchecked.OVERLOADED
    assert runner.counts.shed_counts()["start"] == 1
    assert len(detector.threads) == 1  # it never reached the detector
    assert runner.queued_chars == 0


def test_a_queued_check_whose_client_left_never_runs() -> None:
    detector = GatedDetector()
    runner = CheckRunner(detector, deadline_seconds=5.0, workers=1)

    async def scenario() -> None:
        first = await holding_a_worker(runner, detector, SOURCE, POLICY)
        second = asyncio.ensure_future(runner.run(SOURCE, [SOURCE], POLICY))
        await asyncio.sleep(0)  # queued behind the first
        assert runner.queued_chars == 2 * len(SOURCE)
        second.cancel()  # the exchange ended: Exchange.on_cancelled cancels its check
        with contextlib.suppress(asyncio.CancelledError):
            await second
        assert runner.queued_chars == 0
        detector.gate.set()
        await first

    run_closing(runner, scenario)
    assert len(detector.threads) == 1  # the second never reached the detector


def test_admission_sees_how_long_the_oldest_queued_check_has_waited() -> None:
    """Costs still unknown (nothing completed): the queue's age alone sheds at once."""
    detector, clock = GatedDetector(), Clock()
    runner = CheckRunner(detector, deadline_seconds=5.0, workers=1, clock=clock)

    async def scenario() -> CheckOutcome:
        first = await holding_a_worker(runner, detector, SOURCE, POLICY)
        second = asyncio.ensure_future(runner.run(SOURCE, [SOURCE], POLICY))
        await asyncio.sleep(0)
        clock.now += 5.5  # the queued one has waited longer than any deadline
        assert runner.estimated_wait() == 5.5
        third = await runner.run(SOURCE, [SOURCE], POLICY)
        detector.gate.set()
        await first, await second
        return third

    third = run_closing(runner, scenario)
    assert third.unchecked is Unchecked.OVERLOADED
    assert runner.counts.shed_counts()["admission"] == 1
