"""Runs detector checks off the event loop, under the processor's own deadline.

FULL_DUPLEX_STREAMED gives Envoy no message timer while the processor holds a
response, so the deadline here is what keeps a held client from waiting forever.
The detector is CPU-bound and synchronous: it runs in a thread pool sized to the
cores (numpy releases the GIL in the matrix work), shared by every stream.
"""

from __future__ import annotations

import asyncio
import logging
import os
import time
from collections.abc import Coroutine, Sequence
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass
from typing import Any, Protocol

from sidecar.decision import CheckOutcome, GroundingPolicy, Unchecked
from sidecar.detection.contract import CheckResult, ClaimPolicy
from sidecar.detection.passages import SourceLimits

log = logging.getLogger(__name__)


class Detector(Protocol):
    """The slice of `sidecar.detection.Grader` the processor uses."""

    def check(
        self,
        answer: str,
        sources: Sequence[str],
        *,
        limits: SourceLimits | None = None,
        policy: ClaimPolicy = ClaimPolicy.STRICT,
        references: Sequence[str] = (),
    ) -> CheckResult: ...


@dataclass(frozen=True, slots=True)
class TimedOutcome:
    outcome: CheckOutcome
    seconds: float | None


class CheckRunner:
    """One per server; `detector` is None when the configured embedder failed to load."""

    def __init__(
        self,
        detector: Detector | None,
        *,
        deadline_seconds: float,
        workers: int | None = None,
    ) -> None:
        self.detector = detector
        self.deadline_seconds = deadline_seconds
        self._pool = ThreadPoolExecutor(
            max_workers=workers or os.cpu_count() or 1, thread_name_prefix="grounding-check"
        )
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
    ) -> TimedOutcome:
        detector = self.detector
        if detector is None:  # the exchange refuses earlier; this is a guard
            return TimedOutcome(CheckOutcome(None, Unchecked.CHECK_FAILED), None)
        limits = SourceLimits(
            max_sources=policy.max_sources, max_source_length=policy.max_source_length
        )
        loop = asyncio.get_running_loop()
        started = time.perf_counter()
        future = loop.run_in_executor(
            self._pool,
            lambda: detector.check(
                answer,
                sources,
                limits=limits,
                policy=policy.claim_policy,
                references=policy.references,
            ),
        )
        try:
            result = await asyncio.wait_for(future, timeout=self.deadline_seconds)
        except TimeoutError:
            # The worker thread cannot be interrupted; its result is discarded.
            return TimedOutcome(CheckOutcome(None, Unchecked.DEADLINE_MISSED), None)
        except Exception:
            log.exception("grounding check failed")
            return TimedOutcome(CheckOutcome(None, Unchecked.CHECK_FAILED), None)
        elapsed = time.perf_counter() - started
        return TimedOutcome(CheckOutcome(result, truncated=truncated), elapsed)

    def spawn(self, work: Coroutine[Any, Any, None]) -> None:
        """Run an after-delivery check that must outlive its ext_proc stream."""
        task = asyncio.get_running_loop().create_task(work)
        self._background.add(task)
        task.add_done_callback(self._background.discard)

    @property
    def background_count(self) -> int:
        return len(self._background)

    async def drain(self, timeout: float) -> None:
        """Let after-delivery checks finish (graceful shutdown)."""
        if self._background:
            await asyncio.wait(set(self._background), timeout=timeout)

    def close(self) -> None:
        self._pool.shutdown(wait=False, cancel_futures=True)
