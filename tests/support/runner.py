"""Driving a real `CheckRunner` in a test: a scenario on its own event loop, and a check
that holds a worker until the test opens its detector's gate."""

from __future__ import annotations

import asyncio
from collections.abc import Callable, Coroutine
from typing import Any, TypeVar

from grounding_sidecar.app.checks import CheckRunner
from grounding_sidecar.decision import CheckOutcome, GroundingPolicy
from tests.support.fake_detectors import GatedDetector

T = TypeVar("T")


def run_closing(runner: CheckRunner, scenario: Callable[[], Coroutine[Any, Any, T]]) -> T:
    """`scenario()` run to its end on a new event loop; the runner's pool is closed after,
    whatever happened."""
    try:
        return asyncio.run(scenario())
    finally:
        runner.close()


async def holding_a_worker(
    runner: CheckRunner, detector: GatedDetector, text: str, policy: GroundingPolicy
) -> asyncio.Future[CheckOutcome]:
    """A check of `text` against itself that has entered `detector`: it holds one worker
    until `detector.gate` is set."""
    running = asyncio.ensure_future(runner.run(text, [text], policy))
    await asyncio.get_running_loop().run_in_executor(None, detector.entered.wait, 10)
    return running
