"""Prometheus view of the check queue: the work admitted and not started yet, and the
wait a check admitted now would have, read when Prometheus scrapes.

These are the series to scale on (docs/operations.md): a check's fate is decided by
whether it can finish within `check-deadline`, and the estimated wait says how close
the queue is to that, where CPU says nothing about it.
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from typing import Protocol

from prometheus_client.core import CounterMetricFamily, GaugeMetricFamily, Metric
from prometheus_client.registry import Collector


class QueueCounts(Protocol):
    """Cumulative counts of the check runner (`app.checks.RunnerCounts`)."""

    def shed_counts(self) -> Mapping[str, int]: ...

    def step_counts(self) -> Mapping[str, int]: ...


class CheckQueue(Protocol):
    """What the collector reads of the check runner (`app.checks.CheckRunner`)."""

    @property
    def queued_chars(self) -> int: ...

    @property
    def deadline_seconds(self) -> float: ...

    @property
    def counts(self) -> QueueCounts: ...

    def estimated_wait(self) -> float: ...


class CheckQueueCollector(Collector):
    def __init__(self, queue: CheckQueue) -> None:
        self._queue = queue

    def collect(self) -> Iterator[Metric]:
        yield GaugeMetricFamily(
            "gateway_grounding_check_queued_chars",
            "Characters of checks admitted to the worker pool and not started yet.",
            value=self._queue.queued_chars,
        )
        yield GaugeMetricFamily(
            "gateway_grounding_check_estimated_wait_seconds",
            "Seconds a check admitted now would wait for a worker (0 until costs are known).",
            value=self._queue.estimated_wait(),
        )
        yield GaugeMetricFamily(
            "gateway_grounding_check_deadline_seconds",
            "The check deadline the estimated wait is measured against.",
            value=self._queue.deadline_seconds,
        )
        yield _counter(
            "gateway_grounding_checks_shed",
            "Checks decided at once as overloaded: at admission (wait and cost would not "
            "fit in 80% of the time left) or at start (their cost no longer fit in 80% of "
            "the time then left).",
            "when",
            self._queue.counts.shed_counts(),
        )
        yield _counter(
            "gateway_grounding_work_ahead_steps",
            "Steps of work ahead of the answer (sources at request time, settled sentences "
            "of a stream), by outcome: done, no_room, cancelled, failed.",
            "outcome",
            self._queue.counts.step_counts(),
        )


def _counter(name: str, documentation: str, label: str, counts: Mapping[str, int]) -> Metric:
    family = CounterMetricFamily(name, documentation, labels=[label])
    for value, count in counts.items():
        family.add_metric([value], count)
    return family
