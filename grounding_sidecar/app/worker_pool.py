"""The worker threads every check and preparation step runs in, and their admission.

The detector is CPU-bound and synchronous: it runs in a thread pool sized to the cores
(numpy releases the GIL in the matrix work), shared by every stream.  Tiny work may run
on the event loop instead (`inline_max_chars`, off unless the server sets it for a
detector known to be cheap, see `wiring.Detection.inline_max_chars`): handing a check of
a few hundred characters to a worker thread and waking the loop again cost more than
the check (measured through Envoy: about 0.3 ms per request, on a 0.5 ms check).

Under overload a first-in-first-out queue makes every check late: each waits behind
work whose results will be thrown away, and nobody gets a verdict.  So the pool sheds,
deciding at once instead of after the deadline: work whose estimated wait plus own cost
(`cost_model.CostModel`: the queue's work at its median, its own at the tail of what a
check costs) exceeds the time it was given is not admitted, and queued work is never
started once it can no longer finish in time (`Shed`).
"""

from __future__ import annotations

import threading
import time
from collections.abc import Callable
from concurrent.futures import Future, ThreadPoolExecutor
from enum import StrEnum
from typing import TypeVar

from grounding_sidecar.app.cost_model import CostModel

T = TypeVar("T")
# Work is admitted when its estimated wait and cost fit in this share of the time it
# has left: costs are estimates, and under load the ones that overrun would otherwise
# end just past the deadline, having held a worker for nothing.
ADMISSION_SHARE = 0.8


class ShedWhen(StrEnum):
    ADMISSION = "admission"  # it could not have finished even if admitted now
    START = "start"  # admitted, but a worker reached it too late


class Shed(Exception):
    """Work that could not finish in time: it was not started."""

    def __init__(self, when: ShedWhen) -> None:
        super().__init__(when.value)
        self.when = when


class WorkerPool:
    """The threads, and the queue of work admitted to them and not started yet."""

    def __init__(
        self,
        *,
        deadline_seconds: float,
        workers: int,
        inline_max_chars: int = 0,
        cost: CostModel,
        clock: Callable[[], float] = time.monotonic,
    ) -> None:
        self.deadline_seconds = deadline_seconds
        self._workers = workers
        # Work over at most this many characters runs on the event loop.
        self._inline_max_chars = inline_max_chars
        self._cost = cost
        self._clock = clock
        self._pool = ThreadPoolExecutor(max_workers=workers, thread_name_prefix="grounding-check")
        self._queue_lock = threading.Lock()
        self._queued_chars = 0  # admitted to the pool, not started yet
        self._queued_since: dict[int, float] = {}  # the same work, when each was queued
        self._next_token = 0

    @property
    def queued_chars(self) -> int:
        """Characters of work admitted to the pool and not started yet."""
        return self._queued_chars

    def estimated_wait(self) -> float:
        """Seconds work admitted now would wait for a worker: the queued work at its
        estimated cost, and at least as long as the oldest queued work has waited (the
        queue is first in, first out; under load, costs estimated from checks that
        completed lag behind), 0 with nothing queued."""
        by_cost = self._cost.estimate(self._queued_chars) / self._workers
        oldest = next(iter(self._queued_since.values()), None)
        return max(by_cost, self._clock() - oldest) if oldest is not None else by_cost

    def start_by(self, chars: int, shed_after: float) -> float:
        """Seconds from now after which a check over `chars` characters, due `shed_after`
        seconds from now, would be shed when a worker reached it (the start rule of
        `submit`): a caller still waiting then can answer at once instead of at the
        deadline."""
        return shed_after - self._own_cost(chars, check=True) / ADMISSION_SHARE

    def _own_cost(self, chars: int, *, check: bool) -> float:
        """The cost work over `chars` characters may take: a check's nine times in ten
        (the wait ahead of it is a sum over many pieces of work and takes their median,
        its own cost is one check's), a step's median; at most half the deadline: an
        estimate is an estimate, and on an idle server every check is tried."""
        cost = self._cost.estimate_tail(chars) if check else self._cost.estimate(chars)
        return min(cost, self.deadline_seconds / 2)

    def runs_inline(self, chars: int) -> bool:
        """Whether work over `chars` characters is small enough for the event loop."""
        return self._inline_max_chars > 0 and chars <= self._inline_max_chars

    def submit(
        self,
        work: Callable[[], T],
        chars: int,
        *,
        admit_within: float,
        shed_after: float | None,
    ) -> Future[T] | None:
        """`work` queued for a worker; None when the work queued ahead plus its own cost
        would take longer than `admit_within` seconds.  When a worker reaches it past
        `start_by` (its own cost no longer fits in `ADMISSION_SHARE` of the time left
        before `shed_after`, seconds from now), it raises `Shed` instead of running: the
        rule of admission, applied again with what the queue really took, so that a
        check whose wait overran its estimate is answered now rather than at its
        deadline.  Work cancelled before it started leaves the queue too, so the
        estimated wait never counts it.  Work with a `shed_after` is a check, its own
        cost read at the checks' tail; without one, a step ahead of a check, at the
        median (`CostModel`).
        """
        check = shed_after is not None  # a check has a deadline, a step ahead of it none
        own = self._own_cost(chars, check=check)
        with self._queue_lock:
            if self.estimated_wait() + own > admit_within:
                return None
            self._queued_chars += chars
            token = self._next_token = self._next_token + 1
            self._queued_since[token] = self._clock()
        latest_start = (
            None if shed_after is None else self._clock() + self.start_by(chars, shed_after)
        )

        def dequeue() -> None:
            with self._queue_lock:
                if self._queued_since.pop(token, None) is not None:
                    self._queued_chars -= chars

        def guarded() -> T:
            dequeue()
            if latest_start is not None and self._clock() > latest_start:
                raise Shed(ShedWhen.START)
            started = time.perf_counter()
            result = work()
            self._cost.observe(chars, time.perf_counter() - started, check=check)
            return result

        future = self._pool.submit(guarded)
        future.add_done_callback(lambda f: dequeue() if f.cancelled() else None)
        return future

    def close(self) -> None:
        self._pool.shutdown(wait=False, cancel_futures=True)
