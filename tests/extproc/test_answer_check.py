"""The check of an answer: what it records and reports, the work begun for it, and an
observer that fails without harm to delivery.

Driven through the exchange, as Envoy would (no network).
"""

from __future__ import annotations

import asyncio

from devtools.mock_upstream import completion
from grounding_sidecar.app.checks import CheckRunner
from grounding_sidecar.decision import Action, CheckEvent, GroundingObserver, GroundingPolicy
from grounding_sidecar.extproc.exchange import Exchange
from tests.support.eventually import eventually_async
from tests.support.exchange import (
    GROUNDED,
    body_json,
    delivered,
    flat,
    make_context,
    request_body,
    run_request,
    run_response,
    sse_body,
)
from tests.support.fake_detectors import GatedDetector
from tests.support.runner import holding_a_worker


def test_an_observer_that_raises_does_not_break_delivery() -> None:
    class Broken(GroundingObserver):
        def on_check(self, event: CheckEvent) -> None:
            raise RuntimeError("boom")

    async def scenario() -> None:
        exchange = Exchange(make_context(observer=Broken()))
        await run_request(exchange, "block", request_body())
        _, per_chunk = await run_response(exchange, [completion(GROUNDED)])
        assert delivered(per_chunk[0]) == completion(GROUNDED)

    asyncio.run(scenario())


def make_policy() -> GroundingPolicy:
    return GroundingPolicy(enabled=True, action=Action.BLOCK)


def test_a_client_gone_mid_stream_cancels_the_work_begun_for_it() -> None:
    detector = GatedDetector()  # holds the only worker with another exchange's check
    context = make_context(detector, workers=1)
    runner = context.checks
    assert isinstance(runner, CheckRunner)

    async def scenario() -> None:
        busy = await holding_a_worker(runner, detector, GROUNDED, make_policy())
        exchange = Exchange(context)
        await run_request(exchange, "block", request_body(stream=True))
        # The source step, queued at request time.
        await eventually_async(lambda: runner.queued_chars, what="the queued source step")
        await run_response(exchange, sse_body(GROUNDED + " " + GROUNDED, complete=False), sse=True)
        exchange.on_cancelled()
        await asyncio.sleep(0)
        assert runner.queued_chars == 0
        detector.gate.set()
        await busy
        await asyncio.sleep(0.05)

    try:
        asyncio.run(scenario())
    finally:
        runner.close()
    assert len(detector.threads) == 1  # only the other exchange's check ever ran


def test_no_report_when_the_request_asks_for_none() -> None:
    async def scenario() -> None:
        exchange = Exchange(make_context())
        await run_request(exchange, "block-report", request_body(report="none"))
        _, per_chunk = await run_response(exchange, [completion(GROUNDED)])
        assert "grounding" not in body_json(flat(per_chunk))

    asyncio.run(scenario())
