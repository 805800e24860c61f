"""Preparation: the work ahead of the answer, one per checked exchange.

The sources' passages are embedded as soon as the request body is read, and the
settled sentences of a streamed answer are checked as they arrive, into the exchange's
`CheckMemo`; the final check, the whole check of the whole answer, then only computes
what is new (detection/memo.py: results never depend on the chunking).  This work is
optional: it is admitted only while the pool has room (`PREPARATION_ROOM` of the
deadline), never delays a final check (which cancels any step not started), and stops
past `INCREMENTAL_MAX_CHARS` of streamed answer.
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Callable, Sequence
from concurrent.futures import Future
from enum import StrEnum
from typing import Any, TypeVar

from grounding_sidecar.app.cost_model import checked_chars
from grounding_sidecar.app.worker_pool import WorkerPool
from grounding_sidecar.decision import GroundingPolicy
from grounding_sidecar.detection import CheckMemo, Grader
from grounding_sidecar.detection.contract import CheckResult
from grounding_sidecar.detection.text.passages import SourceLimits

log = logging.getLogger(__name__)

T = TypeVar("T")
# A step is admitted only while the estimated wait stays under this share of the
# deadline: under load the pool's time goes to checks somebody awaits.
PREPARATION_ROOM = 0.25
# A streamed answer longer than this is left to the final check: every incremental
# step re-reads the settled text, so past a few pages the steps cost more than they save.
INCREMENTAL_MAX_CHARS = 32_000


class StepOutcome(StrEnum):
    """What became of one step of preparation."""

    DONE = "done"
    NO_ROOM = "no_room"  # not admitted: the pool's wait was over its share
    CANCELLED = "cancelled"  # the final check began, or the client left, before it ran
    FAILED = "failed"


class Preparation:
    """The work one exchange starts before its answer is complete, one step at a time:
    the sources' passages first, then, each time the answer grew, its settled
    sentences.  Steps run in the pool (inline for a cheap detector) and write only to
    `memo`; a step that fails is logged and left to the final check.  `progressive`:
    each step grades the settled prefix whole, for a stream released as it is verified."""

    def __init__(
        self,
        pool: WorkerPool,
        detector: Grader,
        sources: Sequence[str],
        policy: GroundingPolicy,
        limits: SourceLimits,
        *,
        count_step: Callable[[StepOutcome], None],
        progressive: bool = False,
    ) -> None:
        self.memo = CheckMemo()
        self.prepared_chars = 0  # of the final check's text: the kept sources, the answer
        # Progressive: the latest settled prefix graded whole, (its length, result).
        self.verified: tuple[int, CheckResult] | None = None
        self._progressive = progressive
        self._pool = pool
        self._room = pool.deadline_seconds * PREPARATION_ROOM
        self._count_step = count_step
        self._detector = detector
        self._sources = sources
        self._policy = policy
        self._limits = limits
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
        source_chars = checked_chars("", self._sources, self._policy)
        if await self._run_step(self._prepare_sources, source_chars):
            self.prepared_chars = source_chars
        covered = 0
        step = self._grade_settled if self._progressive else self._prepare_settled
        while (text := await self._next_answer()) is not None:
            covered = await step(text, covered)

    async def _next_answer(self) -> str | None:
        """All of the answer so far, once it grew and the pool has room for a step;
        None when no step follows (settled, cancelled, or the answer is too long)."""
        while True:
            await self._grew.wait()
            self._grew.clear()
            if self._closed or self._answer_text is None:
                return None
            if self._pool.estimated_wait() <= self._room:
                text = self._answer_text()
                return text if len(text) <= INCREMENTAL_MAX_CHARS else None
            # Not even the text is joined: the next chunk asks again.
            self._count_step(StepOutcome.NO_ROOM)

    async def _grade_settled(self, text: str, covered: int) -> int:
        """Progressive: grade the settled prefix of `text` whole; how much is covered."""
        graded = await self._run_step(lambda: self._check_settled(text), len(text))
        if graded is None or graded[0] <= covered:
            return covered
        self.prepared_chars += graded[0] - covered
        self.verified = graded
        return graded[0]

    async def _prepare_settled(self, text: str, covered: int) -> int:
        """Check the sentences of `text` settled past `covered`; how much is covered."""
        now_covered = await self._run_step(
            lambda: self._prepare_answer(text, covered), len(text) - covered
        )
        if now_covered is None or now_covered <= covered:
            return covered
        self.prepared_chars += now_covered - covered
        return now_covered

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
        count = self._count_step
        try:
            if self._pool.runs_inline(chars):
                result = step()
            else:
                future = self._pool.submit(step, chars, admit_within=self._room, shed_after=None)
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
