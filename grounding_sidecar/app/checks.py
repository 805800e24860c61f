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
"""

from __future__ import annotations

import asyncio
import logging
import time
from collections.abc import Coroutine, Sequence
from concurrent.futures import ThreadPoolExecutor
from typing import Any

from grounding_sidecar.common.cpus import usable_cpus
from grounding_sidecar.decision import CheckOutcome, GroundingPolicy, Unchecked
from grounding_sidecar.detection import Grader
from grounding_sidecar.detection.contract import CheckResult
from grounding_sidecar.detection.text.passages import SourceLimits

log = logging.getLogger(__name__)


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
    ) -> None:
        self.detector = detector
        self.deadline_seconds = deadline_seconds
        # Answer + sources + references at most this long run on the event loop.
        self.inline_max_chars = inline_max_chars
        self._pool = ThreadPoolExecutor(
            max_workers=workers or usable_cpus(), thread_name_prefix="grounding-check"
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
                future = asyncio.get_running_loop().run_in_executor(self._pool, check)
                result = await asyncio.wait_for(future, timeout=self.deadline_seconds)
        except TimeoutError:
            # The worker thread cannot be interrupted; its result is discarded.
            return CheckOutcome(None, Unchecked.DEADLINE_MISSED)
        except Exception:
            log.exception("grounding check failed")
            return CheckOutcome(None, Unchecked.CHECK_FAILED)
        elapsed = time.perf_counter() - started
        return CheckOutcome(result, truncated=truncated, seconds=elapsed)

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
