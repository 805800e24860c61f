"""The check runner: the server's `CheckService`, which runs each check under the
processor's own deadline.

FULL_DUPLEX_STREAMED gives Envoy no message timer while the processor holds a
response, so the deadline here is what keeps a held client from waiting forever.  The
runner composes three parts, each in a module of its own: the worker pool runs a check
and admits it only when it can finish in time (`worker_pool`; a check shed is
`Unchecked.OVERLOADED`: BLOCK refuses, LOG and FLAG deliver `unknown`), the cost model
estimates what a check will take (`cost_model`), and each exchange's preparation does
the work ahead of its answer (`preparation`).  A check run inline cannot be
interrupted; one that overran the deadline is treated exactly as a missed deadline, so
the outcome a client sees does not depend on where it ran.
"""

from __future__ import annotations

import asyncio
import logging
import threading
import time
from collections.abc import Callable, Coroutine, Sequence
from typing import Any

from grounding_sidecar.app.cost_model import CostModel, checked_chars
from grounding_sidecar.app.preparation import Preparation, StepOutcome
from grounding_sidecar.app.worker_pool import ADMISSION_SHARE, Shed, ShedWhen, WorkerPool
from grounding_sidecar.common.cpus import usable_cpus
from grounding_sidecar.decision import CheckOutcome, CheckPreparation, GroundingPolicy, Unchecked
from grounding_sidecar.detection import CheckMemo, Grader
from grounding_sidecar.detection.contract import CheckResult
from grounding_sidecar.detection.text.passages import SourceLimits

log = logging.getLogger(__name__)


class RunnerCounts:
    """Counters the metrics read at scrape time (cumulative, thread-safe): checks shed,
    by when, and preparation steps, by outcome."""

    def __init__(self) -> None:
        self._lock = threading.Lock()
        self.shed: dict[ShedWhen, int] = dict.fromkeys(ShedWhen, 0)
        self.steps: dict[StepOutcome, int] = dict.fromkeys(StepOutcome, 0)

    def count_shed(self, when: ShedWhen) -> None:
        with self._lock:
            self.shed[when] += 1

    def count_step(self, outcome: StepOutcome) -> None:
        with self._lock:
            self.steps[outcome] += 1

    def shed_counts(self) -> dict[str, int]:
        with self._lock:
            return {when.value: count for when, count in self.shed.items()}

    def step_counts(self) -> dict[str, int]:
        with self._lock:
            return {outcome.value: count for outcome, count in self.steps.items()}


class CheckRunner:
    """The `CheckService` of a server; `detector` is None when the configured embedder
    failed to load."""

    def __init__(
        self,
        detector: Grader | None,
        *,
        deadline_seconds: float,
        workers: int | None = None,
        inline_max_chars: int = 0,
        cost: CostModel | None = None,
        clock: Callable[[], float] = time.monotonic,
    ) -> None:
        self.detector = detector
        self.deadline_seconds = deadline_seconds
        self.pool = WorkerPool(
            deadline_seconds=deadline_seconds,
            workers=workers or usable_cpus(),
            inline_max_chars=inline_max_chars,
            cost=cost or CostModel(),
            clock=clock,
        )
        self.counts = RunnerCounts()
        self._background: set[asyncio.Task[None]] = set()

    @property
    def available(self) -> bool:
        return self.detector is not None

    async def run(
        self,
        answer: str,
        sources: Sequence[str],
        policy: GroundingPolicy,
        *,
        truncated: bool = False,
        preparation: CheckPreparation | None = None,
        question: str | None = None,
    ) -> CheckOutcome:
        detector = self.detector
        if detector is None:  # the exchange refuses earlier; this is a guard
            return CheckOutcome(None, Unchecked.CHECK_FAILED)
        started = time.perf_counter()
        memo: CheckMemo | None = None
        prepared_chars = 0
        if isinstance(preparation, Preparation):
            if not await self._settled(preparation):
                return CheckOutcome(None, Unchecked.DEADLINE_MISSED)
            memo, prepared_chars = preparation.memo, preparation.prepared_chars
        limits = _limits(policy)

        def check() -> CheckResult:
            return detector.check(
                answer,
                sources,
                limits=limits,
                policy=policy.claim_policy,
                references=policy.references,
                memo=memo,
                question=question,
            )

        checked = checked_chars(answer, sources, policy)
        try:
            if self.pool.runs_inline(checked):
                result = check()
                if time.perf_counter() - started > self.deadline_seconds:
                    return CheckOutcome(None, Unchecked.DEADLINE_MISSED)
            else:
                result = await self._in_pool(check, max(checked - prepared_chars, 1), started)
        except Shed as shed:
            self.counts.count_shed(shed.when)
            return CheckOutcome(None, Unchecked.OVERLOADED)
        except TimeoutError:
            # The worker thread cannot be interrupted; its result is discarded.
            return CheckOutcome(None, Unchecked.DEADLINE_MISSED)
        except Exception:
            log.exception("grounding check failed")
            return CheckOutcome(None, Unchecked.CHECK_FAILED)
        elapsed = time.perf_counter() - started
        return CheckOutcome(result, truncated=truncated, seconds=elapsed)

    async def _settled(self, preparation: Preparation) -> bool:
        """Whether the preparation settled within the deadline: the check waits only for
        a step already running (one not started is cancelled), and that wait is part of
        the check's deadline."""
        try:
            await asyncio.wait_for(preparation.settle(), timeout=self.deadline_seconds)
        except TimeoutError:
            preparation.cancel()
            return False
        return True

    async def _in_pool(
        self, check: Callable[[], CheckResult], chars: int, started: float
    ) -> CheckResult:
        """`check` run by a worker within what is left of the deadline; raises `Shed`
        when the pool cannot finish it in time, `TimeoutError` when it did not.

        A check still queued when a worker reaching it would shed it is taken out of
        the queue then and shed: behind work that overran its estimates it would
        otherwise wait out its whole deadline before anything answered."""
        left = self.deadline_seconds - (time.perf_counter() - started)
        future = self.pool.submit(
            check, chars, admit_within=left * ADMISSION_SHARE, shed_after=left
        )
        if future is None:
            raise Shed(ShedWhen.ADMISSION)
        running = asyncio.wrap_future(future)
        try:
            await asyncio.wait({running}, timeout=max(self.pool.start_by(chars, left), 0.0))
        except asyncio.CancelledError:  # the client left: a queued check never runs
            running.cancel()
            raise
        if not running.done() and future.cancel():  # True only while it is still queued
            raise Shed(ShedWhen.START)
        left = self.deadline_seconds - (time.perf_counter() - started)
        return await asyncio.wait_for(running, timeout=max(left, 0.0))

    def begin(
        self, sources: Sequence[str], policy: GroundingPolicy, *, progressive: bool = False
    ) -> CheckPreparation | None:
        """Start the work a check of an answer to these sources will need (call from
        the event loop); None when there is no detector.  `progressive`: each step grades
        the settled prefix whole, for a stream released as it is verified."""
        if self.detector is None:
            return None
        return Preparation(
            self.pool,
            self.detector,
            sources,
            policy,
            _limits(policy),
            count_step=self.counts.count_step,
            progressive=progressive,
        )

    @property
    def queued_chars(self) -> int:
        """Characters of checks admitted to the pool and not started yet."""
        return self.pool.queued_chars

    def estimated_wait(self) -> float:
        """Seconds a check admitted now would wait for a worker."""
        return self.pool.estimated_wait()

    def spawn(self, work: Coroutine[Any, Any, None]) -> None:
        """Run an after-delivery check that must outlive its ext_proc stream."""
        task = asyncio.get_running_loop().create_task(work)
        self._background.add(task)
        task.add_done_callback(self._background.discard)

    async def drain(self, timeout: float) -> None:
        """Let after-delivery checks finish (graceful shutdown)."""
        if self._background:
            await asyncio.wait(set(self._background), timeout=timeout)

    def close(self) -> None:
        self.pool.close()


def _limits(policy: GroundingPolicy) -> SourceLimits:
    return SourceLimits(max_sources=policy.max_sources, max_source_length=policy.max_source_length)
