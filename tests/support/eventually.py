"""Wait for something that happens on another thread or process: one polling helper.

Modelled on envoyproxy/ai-gateway's `internal/testing/eventually.go`.  The timeout
only stops a broken test from hanging; no test asserts how long the wait took.
"""

from __future__ import annotations

import asyncio
import time
from collections.abc import Callable
from typing import TypeVar

T = TypeVar("T")


def eventually(
    condition: Callable[[], T | None],
    *,
    timeout: float = 10.0,
    interval: float = 0.01,
    what: str = "",
) -> T:
    """Call `condition` until it returns a truthy value, and return that value.

    Raises AssertionError naming `what` (or the condition) and the last value returned
    when `timeout` seconds pass first.  An exception from `condition` propagates at once.
    """
    deadline = time.monotonic() + timeout
    while True:
        last = condition()
        if last:
            return last
        if time.monotonic() >= deadline:
            raise AssertionError(
                f"timed out after {timeout:g}s waiting for {what or repr(condition)}; "
                f"last value: {last!r}"
            )
        time.sleep(interval)


async def eventually_async(
    condition: Callable[[], T | None], *, timeout: float = 10.0, what: str = ""
) -> T:
    """`eventually` for a coroutine: polls without blocking the event loop, for work
    that needs the loop to progress."""
    deadline = time.monotonic() + timeout
    while True:
        last = condition()
        if last:
            return last
        if time.monotonic() >= deadline:
            raise AssertionError(f"timed out after {timeout:g}s waiting for {what}; last: {last!r}")
        await asyncio.sleep(0.01)
