"""The check queue's series: read from the runner when Prometheus scrapes."""

from __future__ import annotations

import asyncio
import threading
from collections.abc import Sequence
from typing import Any

from prometheus_client.parser import text_string_to_metric_families

from grounding_sidecar.app.checks import CheckRunner
from grounding_sidecar.app.cost_model import CostModel
from grounding_sidecar.decision import GroundingPolicy
from grounding_sidecar.detection.contract import CheckResult
from grounding_sidecar.observability.check_queue_metrics import CheckQueueCollector
from grounding_sidecar.observability.metrics import GroundingMetrics
from tests.support.fake_detectors import FakeDetector
from tests.support.observability_helpers import promtool
from tests.support.runner import holding_a_worker, run_closing

SOURCE = "The Eiffel Tower is located in Paris and was completed in 1889."


class Gated(FakeDetector):
    def __init__(self) -> None:
        super().__init__()
        self.gate, self.entered = threading.Event(), threading.Event()

    def check(self, answer: str, sources: Sequence[str], **options: Any) -> CheckResult:
        self.entered.set()
        assert self.gate.wait(timeout=30)
        return super().check(answer, sources, **options)


def gauges(metrics: GroundingMetrics) -> dict[str, float]:
    text = metrics.exposition().decode()
    return {
        sample.name: sample.value
        for family in text_string_to_metric_families(text)
        for sample in family.samples
        if sample.name.startswith("gateway_grounding_check_")
        and not sample.name.startswith("gateway_grounding_check_total")
        and "duration" not in sample.name
        and "stage" not in sample.name
    }


def test_queued_work_and_the_estimated_wait_are_scraped_live() -> None:
    detector = Gated()
    per_check = 2 * len(SOURCE)
    runner = CheckRunner(detector, deadline_seconds=5.0, workers=1, cost=CostModel(1.0 / per_check))
    metrics = GroundingMetrics()
    metrics.watch(CheckQueueCollector(runner))
    policy = GroundingPolicy(enabled=True)
    assert gauges(metrics) == {
        "gateway_grounding_check_queued_chars": 0.0,
        "gateway_grounding_check_estimated_wait_seconds": 0.0,
        "gateway_grounding_check_deadline_seconds": 5.0,
    }

    async def scenario() -> dict[str, float]:
        running = await holding_a_worker(runner, detector, SOURCE, policy)
        queued = asyncio.ensure_future(runner.run(SOURCE, [SOURCE], policy))
        await asyncio.sleep(0)
        seen = gauges(metrics)
        detector.gate.set()
        await running, await queued
        return seen

    while_queued = run_closing(runner, scenario)
    assert while_queued["gateway_grounding_check_queued_chars"] == per_check
    assert abs(while_queued["gateway_grounding_check_estimated_wait_seconds"] - 1.0) < 1e-9
    assert gauges(metrics)["gateway_grounding_check_queued_chars"] == 0.0
    done = promtool("check", "metrics", stdin=metrics.exposition().decode())
    assert done.returncode == 0, done.stdout + done.stderr


def samples(metrics: GroundingMetrics, name: str) -> dict[str, float]:
    text = metrics.exposition().decode()
    return {
        next(iter(sample.labels.values())): sample.value
        for family in text_string_to_metric_families(text)
        for sample in family.samples
        if sample.name == name
    }


def test_shed_checks_and_work_ahead_steps_are_counted_by_kind() -> None:
    detector = Gated()
    # A character costs a second: with one check queued, no other can be admitted.
    runner = CheckRunner(detector, deadline_seconds=5.0, workers=1, cost=CostModel(1.0))
    metrics = GroundingMetrics()
    metrics.watch(CheckQueueCollector(runner))
    policy = GroundingPolicy(enabled=True)

    async def scenario() -> None:
        running = await holding_a_worker(runner, detector, SOURCE, policy)
        queued = asyncio.ensure_future(runner.run(SOURCE, [SOURCE], policy))
        await asyncio.sleep(0)
        assert (await runner.run(SOURCE, [SOURCE], policy)).unchecked is not None
        runner.begin([SOURCE], policy)  # no room for work ahead either
        await asyncio.sleep(0.05)
        detector.gate.set()
        await running, await queued

    run_closing(runner, scenario)
    assert samples(metrics, "gateway_grounding_checks_shed_total") == {
        "admission": 1.0,
        "start": 0.0,
    }
    steps = samples(metrics, "gateway_grounding_work_ahead_steps_total")
    assert steps["no_room"] == 1.0 and steps["done"] == 0.0
