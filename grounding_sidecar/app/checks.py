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
"""

from __future__ import annotations

import asyncio
import logging
import statistics
import threading
import time
from collections import deque
from collections.abc import Callable, Coroutine, Sequence
from concurrent.futures import ThreadPoolExecutor
from typing import Any

from grounding_sidecar.common.cpus import usable_cpus
from grounding_sidecar.decision import CheckOutcome, GroundingPolicy, Unchecked
from grounding_sidecar.detection import Grader
from grounding_sidecar.detection.contract import CheckResult
from grounding_sidecar.detection.text.passages import SourceLimits

log = logging.getLogger(__name__)


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
    ) -> CheckOutcome:
        detector = self.detector
        if detector is None:  # the exchange refuses earlier; this is a guard
            return CheckOutcome(None, Unchecked.CHECK_FAILED)
        limits = SourceLimits(
            max_sources=policy.max_sources, max_source_length=policy.max_source_length
        )

        def check() -> CheckResult:
            return detector.check(
                answer,
                sources,
                limits=limits,
                policy=policy.claim_policy,
                references=policy.references,
            )

        started = time.perf_counter()
        try:
            if self._runs_inline(answer, sources, policy):
                result = check()
                if time.perf_counter() - started > self.deadline_seconds:
                    return CheckOutcome(None, Unchecked.DEADLINE_MISSED)
            else:
                guarded = self._admit(check, _checked_chars(answer, sources, policy))
                if guarded is None:
                    return CheckOutcome(None, Unchecked.OVERLOADED)
                future = asyncio.get_running_loop().run_in_executor(self._pool, guarded)
                result = await asyncio.wait_for(future, timeout=self.deadline_seconds)
        except _Shed:
            return CheckOutcome(None, Unchecked.OVERLOADED)
        except TimeoutError:
            # The worker thread cannot be interrupted; its result is discarded.
            return CheckOutcome(None, Unchecked.DEADLINE_MISSED)
        except Exception:
            log.exception("grounding check failed")
            return CheckOutcome(None, Unchecked.CHECK_FAILED)
        elapsed = time.perf_counter() - started
        return CheckOutcome(result, truncated=truncated, seconds=elapsed)

    @property
    def queued_chars(self) -> int:
        """Characters of checks admitted to the pool and not started yet."""
        return self._queued_chars

    def estimated_wait(self) -> float:
        """Seconds a check admitted now would wait for a worker (0 while costs are unknown)."""
        return self.cost.estimate(self._queued_chars) / self.workers

    def _admit(
        self, check: Callable[[], CheckResult], chars: int
    ) -> Callable[[], CheckResult] | None:
        """`check` wrapped to be shed if it starts too late; None when it cannot make its
        deadline even now (its own cost plus the work queued ahead of it).

        The own cost counts at most half the deadline: an estimate is an estimate, and on
        an idle server every check is tried.
        """
        own = min(self.cost.estimate(chars), self.deadline_seconds / 2)
        with self._queue_lock:
            if self.estimated_wait() + own > self.deadline_seconds:
                return None
            self._queued_chars += chars
        finish_by = self._clock() + self.deadline_seconds

        def guarded() -> CheckResult:
            with self._queue_lock:
                self._queued_chars -= chars
            if self._clock() + own >= finish_by:
                raise _Shed  # its result would come too late: spend the worker elsewhere
            started = time.perf_counter()
            result = check()
            self.cost.observe(chars, time.perf_counter() - started)
            return result

        return guarded

    def _runs_inline(self, answer: str, sources: Sequence[str], policy: GroundingPolicy) -> bool:
        budget = self.inline_max_chars - len(answer)
        if self.inline_max_chars <= 0 or budget < 0:
            return False
        # Only what the detector will read: sources past `max_sources` are dropped.
        for text in (*sources[: policy.max_sources], *policy.references):
            budget -= len(text)
            if budget < 0:
                return False
        return True

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


def _checked_chars(answer: str, sources: Sequence[str], policy: GroundingPolicy) -> int:
    """About the text the detector reads: the answer, the sources its limits keep, the
    references."""
    kept = [s for s in sources[: policy.max_sources] if len(s) <= policy.max_source_length]
    return len(answer) + sum(map(len, kept)) + sum(map(len, policy.references))
