"""Goodput of the check runner under overload: shedding against a plain FIFO queue.

    python -m benchmarks.overload [--seconds 10] [--load 4] [--check-ms 50]

A detector that costs `--check-ms` of GIL-free time per check (a sleep, standing in for
model runs that release the GIL) runs on 2 workers; checks arrive open-loop at `--load`
times the pool's capacity for `--seconds`.  The same arrivals go through the shipped
`CheckRunner` (admission and shedding) and through a baseline that only queues (every
check admitted, started however late), in one run.  Printed: goodput (verdicts within
the deadline per second, and as a share of capacity), how many were shed or missed,
and how long a check without a verdict waited for its answer (p50, p90): a shed check
is told at once, a missed one only at the deadline.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import math
import platform
import statistics
import time
from collections.abc import Callable, Sequence
from typing import Any

from grounding_sidecar.app.checks import CheckRunner
from grounding_sidecar.decision import CheckOutcome, GroundingPolicy, Unchecked
from grounding_sidecar.detection import Grader, HashEmbedder
from grounding_sidecar.detection.contract import CheckResult

SOURCE = "The Eiffel Tower is located in Paris and was completed in 1889."
WORKERS = 2


class SleepingDetector(Grader):
    """The hash grader plus a fixed, GIL-free cost per check."""

    def __init__(self, seconds: float) -> None:
        super().__init__(HashEmbedder())
        self.seconds = seconds

    def check(self, answer: str, sources: Sequence[str], **options: Any) -> CheckResult:
        time.sleep(self.seconds)
        return super().check(answer, sources, **options)


class FifoRunner(CheckRunner):
    """The baseline: every check admitted and started, however late (no shedding)."""

    async def _in_pool(
        self, check: Callable[[], CheckResult], chars: int, started: float
    ) -> CheckResult:
        left = self.deadline_seconds - (time.perf_counter() - started)
        future = self.pool.submit(check, chars, admit_within=math.inf, shed_after=None)
        assert future is not None  # admitted whatever the queue holds
        return await asyncio.wait_for(asyncio.wrap_future(future), timeout=left)


async def drive(
    runner: CheckRunner, rate: float, seconds: float
) -> list[tuple[CheckOutcome, float]]:
    policy = GroundingPolicy(enabled=True)

    async def one() -> tuple[CheckOutcome, float]:
        started = time.perf_counter()
        outcome = await runner.run(SOURCE, [SOURCE], policy)
        return outcome, time.perf_counter() - started

    tasks = []
    begin = time.perf_counter()
    for i in range(int(rate * seconds)):
        delay = begin + i / rate - time.perf_counter()
        if delay > 0:
            await asyncio.sleep(delay)
        tasks.append(asyncio.ensure_future(one()))
    return list(await asyncio.gather(*tasks))


def summarise(
    name: str, results: list[tuple[CheckOutcome, float]], seconds: float, capacity: float
) -> dict[str, Any]:
    verdicts = [r for r in results if r[0].result is not None]
    unanswered = [waited for outcome, waited in results if outcome.result is None]
    shed = sum(1 for outcome, _ in results if outcome.unchecked is Unchecked.OVERLOADED)
    missed = sum(1 for outcome, _ in results if outcome.unchecked is Unchecked.DEADLINE_MISSED)

    def pct(values: list[float], q: int) -> float | None:
        if not values:
            return None
        return round(statistics.quantiles(values, n=10)[q - 1] if len(values) > 1 else values[0], 3)

    return {
        "runner": name,
        "offered": len(results),
        "verdicts": len(verdicts),
        "goodput_per_s": round(len(verdicts) / seconds, 1),
        "goodput_share_of_capacity": round(len(verdicts) / seconds / capacity, 2),
        "shed": shed,
        "deadline_missed": missed,
        "unanswered_wait_p50_s": pct(unanswered, 5),
        "unanswered_wait_p90_s": pct(unanswered, 9),
    }


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--seconds", type=float, default=10.0)
    parser.add_argument("--load", type=float, default=4.0, help="offered load / capacity")
    parser.add_argument("--check-ms", type=float, default=50.0)
    parser.add_argument("--deadline", type=float, default=0.5)
    args = parser.parse_args()
    cost = args.check_ms / 1000
    capacity = WORKERS / cost
    rate = args.load * capacity
    print(
        f"# {platform.machine()}, {WORKERS} workers, check {args.check_ms} ms, deadline "
        f"{args.deadline} s, offered {rate:.0f}/s = {args.load}x capacity {capacity:.0f}/s"
    )
    report = []
    for name, cls in (("fifo", FifoRunner), ("shedding", CheckRunner)):
        runner = cls(SleepingDetector(cost), deadline_seconds=args.deadline, workers=WORKERS)
        # Costs learned first, as a running server has them.
        asyncio.run(drive(runner, capacity / 2, 1.0))
        try:
            results = asyncio.run(drive(runner, rate, args.seconds))
        finally:
            runner.close()
        report.append(summarise(name, results, args.seconds, capacity))
    for row in report:
        print(json.dumps(row))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
