"""Runs detector checks off the event loop, under the processor's own deadline.

FULL_DUPLEX_STREAMED gives Envoy no message timer while the processor holds a
response, so the deadline here is what keeps a held client from waiting forever.
The detector is CPU-bound and synchronous: it runs in a thread pool sized to the
cores (numpy releases the GIL in the matrix work), shared by every stream.

Tiny checks may run inline instead (`inline_max_chars`, off unless the server sets it
for a detector known to be cheap, see `wiring.Detection.inline_max_chars`): handing a
check of a few hundred characters to a worker thread and waking the loop again cost
more than the check (measured through Envoy: about 0.3 ms per request, on a 0.5 ms
check).  An inline check cannot be interrupted either; one that overran the deadline
is treated exactly as a missed deadline, so the outcome a client sees does not depend
on where it ran.

Under overload a first-in-first-out queue makes every check late: each waits behind
work whose results will be thrown away, and nobody gets a verdict.  So the runner
sheds, deciding at once instead of after the deadline (`Unchecked.OVERLOADED`: BLOCK
refuses, LOG and FLAG deliver `unknown`): a check whose estimated wait plus own cost
exceeds the deadline is not admitted, and a queued check is never started once it can
no longer finish in time.  Costs are estimated per character of text the detector
reads, from the checks that completed (`CostModel`).

Work ahead of the answer (`Preparation`, one per checked exchange): the sources'
passages are embedded as soon as the request body is read, and the settled sentences
of a streamed answer are checked as they arrive, into the exchange's `CheckMemo`; the
final check, the whole check of the whole answer, then only computes what is new
(detection/memo.py: results never depend on the chunking).  This work is optional: it
is admitted only while the pool has room (`PREPARATION_ROOM` of the deadline), never
delays a final check (which cancels any not started), and stops past
`INCREMENTAL_MAX_CHARS` of streamed answer.
"""

from __future__ import annotations

import asyncio
import logging
import statistics
import threading
import time
from collections import deque
from collections.abc import Callable, Coroutine, Sequence
from concurrent.futures import Future, ThreadPoolExecutor
from enum import StrEnum
from typing import Any, TypeVar

from grounding_sidecar.common.cpus import usable_cpus
from grounding_sidecar.decision import CheckOutcome, CheckPreparation, GroundingPolicy, Unchecked
from grounding_sidecar.detection import CheckMemo, Grader
from grounding_sidecar.detection.contract import CheckResult
from grounding_sidecar.detection.text.passages import SourceLimits

log = logging.getLogger(__name__)

T = TypeVar("T")
# A check is admitted when its estimated wait and cost fit in this share of the time it
# has left: costs are estimates, and under load the ones that overrun would otherwise
# end just past the deadline, having held a worker for nothing.
ADMISSION_SHARE = 0.8
# Work ahead of the answer is admitted only while the estimated wait stays under this
# share of the deadline: under load the pool's time goes to checks somebody awaits.
PREPARATION_ROOM = 0.25
# A streamed answer longer than this is left to the final check: every incremental
# step re-reads the settled text, so past a few pages the steps cost more than they save.
INCREMENTAL_MAX_CHARS = 32_000


class CostModel:
    """Seconds of detector work per character of checked text: the median of the last
    `window` completed checks (one stalled check must not make the server shed), or
    `seconds_per_char` until the first one completes (0: unknown, nothing is shed)."""

    def __init__(self, seconds_per_char: float = 0.0, *, window: int = 31) -> None:
        self._rates: deque[float] = deque(maxlen=window)
        self._median = seconds_per_char
        self._lock = threading.Lock()

    def estimate(self, chars: int) -> float:
        return self._median * chars

    def observe(self, chars: int, seconds: float) -> None:
        if chars <= 0:
            return
        with self._lock:
            self._rates.append(seconds / chars)
            self._median = statistics.median(self._rates)


class _Shed(Exception):
    """A queued check that could no longer finish in time: it was not started."""


class ShedWhen(StrEnum):
    ADMISSION = "admission"  # it could not have finished even if admitted now
    START = "start"  # admitted, but a worker reached it too late


class StepOutcome(StrEnum):
    """What became of one step of work ahead of the answer."""

    DONE = "done"
    NO_ROOM = "no_room"  # not admitted: the pool's wait was over its share
    CANCELLED = "cancelled"  # the final check began, or the client left, before it ran
    FAILED = "failed"


class RunnerCounts:
    """Counters the metrics read at scrape time (cumulative, thread-safe)."""

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
        # Answer + sources + references at most this long run on the event loop.
        self.inline_max_chars = inline_max_chars
        self.workers = workers or usable_cpus()
        self.cost = cost or CostModel()
        self._clock = clock
        self._pool = ThreadPoolExecutor(
            max_workers=self.workers, thread_name_prefix="grounding-check"
        )
        self._background: set[asyncio.Task[None]] = set()
        self._queue_lock = threading.Lock()
        self._queued_chars = 0  # admitted to the pool, not started yet
        self._queued_since: dict[int, float] = {}  # the same work, when each was queued
        self._next_token = 0
        self.counts = RunnerCounts()

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
    ) -> CheckOutcome:
        detector = self.detector
        if detector is None:  # the exchange refuses earlier; this is a guard
            return CheckOutcome(None, Unchecked.CHECK_FAILED)
        started = time.perf_counter()
        memo: CheckMemo | None = None
        prepared_chars = 0
        if isinstance(preparation, Preparation):
            # Waits only for a step already running (one not started is cancelled), and
            # that wait is part of the check's deadline.
            try:
                await asyncio.wait_for(preparation.settle(), timeout=self.deadline_seconds)
            except TimeoutError:
                preparation.cancel()
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
            )

        checked = _checked_chars(answer, sources, policy)
        try:
            if self.runs_inline(checked):
                result = check()
                if time.perf_counter() - started > self.deadline_seconds:
                    return CheckOutcome(None, Unchecked.DEADLINE_MISSED)
            else:
                left = self.deadline_seconds - (time.perf_counter() - started)
                chars = max(checked - prepared_chars, 1)
                future = self.submit(
                    check, chars, admit_within=left * ADMISSION_SHARE, shed_after=left
                )
                if future is None:
                    self.counts.count_shed(ShedWhen.ADMISSION)
                    return CheckOutcome(None, Unchecked.OVERLOADED)
                result = await asyncio.wait_for(asyncio.wrap_future(future), timeout=left)
        except _Shed:
            self.counts.count_shed(ShedWhen.START)
            return CheckOutcome(None, Unchecked.OVERLOADED)
        except TimeoutError:
            # The worker thread cannot be interrupted; its result is discarded.
            return CheckOutcome(None, Unchecked.DEADLINE_MISSED)
        except Exception:
            log.exception("grounding check failed")
            return CheckOutcome(None, Unchecked.CHECK_FAILED)
        elapsed = time.perf_counter() - started
        return CheckOutcome(result, truncated=truncated, seconds=elapsed)

    def begin(
        self, sources: Sequence[str], policy: GroundingPolicy, *, progressive: bool = False
    ) -> CheckPreparation | None:
        """Start the work a check of an answer to these sources will need (call from
        the event loop); None when there is no detector.  `progressive`: each step grades
        the settled prefix whole, for a stream released as it is verified."""
        if self.detector is None:
            return None
        return Preparation(self, self.detector, sources, policy, progressive=progressive)

    @property
    def queued_chars(self) -> int:
        """Characters of checks admitted to the pool and not started yet."""
        return self._queued_chars

    def estimated_wait(self) -> float:
        """Seconds a check admitted now would wait for a worker: the queued work at its
        estimated cost, and at least as long as the oldest queued work has waited (the
        queue is first in, first out; under load, costs estimated from checks that
        completed lag behind), 0 with nothing queued."""
        by_cost = self.cost.estimate(self._queued_chars) / self.workers
        oldest = next(iter(self._queued_since.values()), None)
        return max(by_cost, self._clock() - oldest) if oldest is not None else by_cost

    def submit(
        self,
        work: Callable[[], T],
        chars: int,
        *,
        admit_within: float,
        shed_after: float | None,
    ) -> Future[T] | None:
        """`work` queued for a worker; None when the work queued ahead plus its own cost
        would take longer than `admit_within` seconds.  When a worker reaches it and its
        own cost no longer fits in `ADMISSION_SHARE` of the time left before `shed_after`
        (seconds from now), it raises `_Shed` instead of running: the rule of admission,
        applied again with what the queue really took, so that a check whose wait
        overran its estimate is answered now rather than at its deadline.

        The own cost counts at most half the deadline: an estimate is an estimate, and on
        an idle server every check is tried.  Work cancelled before it started leaves
        the queue too, so the estimated wait never counts it.
        """
        own = min(self.cost.estimate(chars), self.deadline_seconds / 2)
        with self._queue_lock:
            if self.estimated_wait() + own > admit_within:
                return None
            self._queued_chars += chars
            token = self._next_token = self._next_token + 1
            self._queued_since[token] = self._clock()
        finish_by = None if shed_after is None else self._clock() + shed_after

        def dequeue() -> None:
            with self._queue_lock:
                if self._queued_since.pop(token, None) is not None:
                    self._queued_chars -= chars

        def guarded() -> T:
            dequeue()
            if finish_by is not None and own > ADMISSION_SHARE * (finish_by - self._clock()):
                raise _Shed
            started = time.perf_counter()
            result = work()
            self.cost.observe(chars, time.perf_counter() - started)
            return result

        future = self._pool.submit(guarded)
        future.add_done_callback(lambda f: dequeue() if f.cancelled() else None)
        return future

    def has_room_ahead(self) -> bool:
        """Whether work ahead of an answer could be admitted now (before its own cost)."""
        return self.estimated_wait() <= self.deadline_seconds * PREPARATION_ROOM

    def runs_inline(self, chars: int) -> bool:
        """Whether work over `chars` characters is small enough for the event loop."""
        return self.inline_max_chars > 0 and chars <= self.inline_max_chars

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
        self._pool.shutdown(wait=False, cancel_futures=True)


class Preparation:
    """The work one exchange starts before its answer is complete, one step at a time:
    the sources' passages first, then, each time the answer grew, its settled
    sentences.  Steps run in the pool (inline for a cheap detector) and write only to
    `memo`; a step that fails is logged and left to the final check."""

    def __init__(
        self,
        runner: CheckRunner,
        detector: Grader,
        sources: Sequence[str],
        policy: GroundingPolicy,
        *,
        progressive: bool = False,
    ) -> None:
        self.memo = CheckMemo()
        self.prepared_chars = 0  # of the final check's text: the kept sources, the answer
        # Progressive: the latest settled prefix graded whole, (its length, result).
        self.verified: tuple[int, CheckResult] | None = None
        self._progressive = progressive
        self._runner = runner
        self._detector = detector
        self._sources = sources
        self._policy = policy
        self._limits = _limits(policy)
        self._answer_text: Callable[[], str] | None = None
        self._grew = asyncio.Event()
        self._closed = False
        self._step: Future[Any] | None = None
        self._task = asyncio.get_running_loop().create_task(self._run_steps())

    def answer_grew(self, text: Callable[[], str]) -> None:
        """More of the answer arrived; `text()` gives all of it so far (called only
        when a step starts, so a burst of chunks costs one join)."""
        if not self._closed:
            self._answer_text = text
            self._grew.set()

    async def settle(self) -> None:
        """Start nothing more; cancel a step not started, await one that runs."""
        self._closed = True
        self._grew.set()
        if self._step is not None:
            self._step.cancel()  # only succeeds before a worker took it
        await asyncio.wait({self._task})

    def cancel(self) -> None:
        """The exchange ended without a check: drop whatever has not run."""
        self._closed = True
        if self._step is not None:
            self._step.cancel()
        self._task.cancel()

    async def _run_steps(self) -> None:
        source_chars = _checked_chars("", self._sources, self._policy)
        if await self._run_step(self._prepare_sources, source_chars):
            self.prepared_chars = source_chars
        covered = 0
        while True:
            await self._grew.wait()
            self._grew.clear()
            if self._closed or self._answer_text is None:
                return
            if not self._runner.has_room_ahead():
                self._runner.counts.count_step(StepOutcome.NO_ROOM)
                continue  # not even the text is joined: the next chunk asks again
            text = self._answer_text()
            if len(text) > INCREMENTAL_MAX_CHARS:
                return

            if self._progressive:

                def check_settled(text: str = text) -> tuple[int, CheckResult] | None:
                    return self._check_settled(text)

                graded = await self._run_step(check_settled, len(text))
                if graded is not None and graded[0] > covered:
                    self.prepared_chars += graded[0] - covered
                    covered = graded[0]
                    self.verified = graded
                continue

            def prepare_answer(text: str = text, covered: int = covered) -> int:
                return self._prepare_answer(text, covered)

            now_covered = await self._run_step(prepare_answer, len(text) - covered)
            if now_covered is not None and now_covered > covered:
                self.prepared_chars += now_covered - covered
                covered = now_covered

    def _prepare_sources(self) -> bool:
        self._detector.prepare_sources(
            self._sources,
            self.memo,
            limits=self._limits,
            policy=self._policy.claim_policy,
            references=self._policy.references,
        )
        return True

    def _check_settled(self, text: str) -> tuple[int, CheckResult] | None:
        return self._detector.check_settled(
            text,
            self._sources,
            self.memo,
            limits=self._limits,
            policy=self._policy.claim_policy,
            references=self._policy.references,
        )

    def _prepare_answer(self, text: str, covered: int) -> int:
        return self._detector.prepare_answer(
            text,
            self._sources,
            self.memo,
            covered=covered,
            limits=self._limits,
            policy=self._policy.claim_policy,
            references=self._policy.references,
        )

    async def _run_step(self, step: Callable[[], T], chars: int) -> T | None:
        runner = self._runner
        count = runner.counts.count_step
        try:
            if runner.runs_inline(chars):
                result = step()
            else:
                room = runner.deadline_seconds * PREPARATION_ROOM
                future = runner.submit(step, chars, admit_within=room, shed_after=None)
                if future is None:
                    count(StepOutcome.NO_ROOM)
                    return None  # the final check does this work
                self._step = future
                result = await asyncio.wrap_future(future)
        except asyncio.CancelledError:
            count(StepOutcome.CANCELLED)
            task = asyncio.current_task()
            if task is not None and task.cancelling():
                raise  # the exchange ended
            return None  # settle() cancelled the step before it started
        except Exception:
            count(StepOutcome.FAILED)
            log.warning("work ahead of a check failed; the check does it", exc_info=True)
            return None
        finally:
            self._step = None
        count(StepOutcome.DONE)
        return result


def _limits(policy: GroundingPolicy) -> SourceLimits:
    return SourceLimits(max_sources=policy.max_sources, max_source_length=policy.max_source_length)


def _checked_chars(answer: str, sources: Sequence[str], policy: GroundingPolicy) -> int:
    """The text the detector reads: the answer, the sources its limits keep (past
    `max_sources` or over `max_source_length` they are dropped), the references."""
    kept = [s for s in sources[: policy.max_sources] if len(s) <= policy.max_source_length]
    return len(answer) + sum(map(len, kept)) + sum(map(len, policy.references))
