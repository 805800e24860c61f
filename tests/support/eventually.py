"""Wait for something that happens on another thread or process: one polling helper.

Modelled on envoyproxy/ai-gateway's `internal/testing/eventually.go`.  The timeout
only stops a broken test from hanging; no test asserts how long the wait took.
"""

from __future__ import annotations

import asyncio
import time
from collections.abc import Callable
from typing import Generic, TypeVar

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
    polls = _Polls(condition, timeout, what)
    while not polls.done():
        time.sleep(interval)
    return polls.value


async def eventually_async(
    condition: Callable[[], T | None], *, timeout: float = 10.0, what: str = ""
) -> T:
    """`eventually` for a coroutine: polls without blocking the event loop, for work
    that needs the loop to progress."""
    polls = _Polls(condition, timeout, what)
    while not polls.done():
        await asyncio.sleep(0.01)
    return polls.value


class _Polls(Generic[T]):
    """One wait: `done()` calls the condition and raises once the time is up."""

    def __init__(self, condition: Callable[[], T | None], timeout: float, what: str) -> None:
        self._condition = condition
        self._timeout = timeout
        self._what = what or repr(condition)
        self._deadline = time.monotonic() + timeout
        self.value: T

    def done(self) -> bool:
        last = self._condition()
        if last:
            self.value = last
            return True
        if time.monotonic() >= self._deadline:
            raise AssertionError(
                f"timed out after {self._timeout:g}s waiting for {self._what}; last value: {last!r}"
            )
        return False
