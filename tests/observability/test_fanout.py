"""The observer fanout on the real exchange: metrics and audit each see an event once
(the exchange driven as Envoy would, no network)."""

from __future__ import annotations

import asyncio
import io
import json

import pytest

from devtools.mock_upstream import completion
from grounding_sidecar.extproc.exchange import Exchange
from grounding_sidecar.observability.audit import AuditObserver, AuditWriter
from grounding_sidecar.observability.fanout import ObserverFanout
from grounding_sidecar.observability.metrics import GroundingMetrics
from tests.support.exchange import (
    SOURCE,
    UNGROUNDED,
    make_context,
    request_body,
    run_request,
    run_response,
    sse_body,
)


def checks_by_labels(metrics: GroundingMetrics) -> dict[tuple[str, str], float]:
    counts: dict[tuple[str, str], float] = {}
    for family in metrics.registry.collect():
        for sample in family.samples:
            if sample.name == "gateway_grounding_check_total" and sample.value:
                counts[(sample.labels["action"], sample.labels["grounded"])] = sample.value
    return counts


@pytest.mark.parametrize(
    ("workspace", "streaming", "action", "audit_type"),
    [
        ("default", False, "LOG", "HALLUCINATION_DETECTED"),
        ("block", False, "BLOCK", "HALLUCINATION_DETECTED"),
        ("flag", True, "FLAG", "HALLUCINATION_DETECTED_STREAMING"),
        ("block", True, "BLOCK", "HALLUCINATION_DETECTED_STREAMING"),
    ],
)
def test_one_ungrounded_answer_is_counted_once_and_audited_once(
    workspace: str, streaming: bool, action: str, audit_type: str
) -> None:
    metrics = GroundingMetrics()
    stream = io.StringIO()
    writer = AuditWriter(stream)
    context = make_context(observer=ObserverFanout((metrics, AuditObserver(writer))))

    async def scenario() -> None:
        exchange = Exchange(context)
        await run_request(exchange, workspace, request_body(stream=streaming))
        chunks = sse_body(UNGROUNDED) if streaming else [completion(UNGROUNDED)]
        await run_response(exchange, chunks, sse=streaming)
        await context.checks.drain(timeout=10)  # relayed streams are checked after delivery

    asyncio.run(scenario())
    writer.close()
    assert checks_by_labels(metrics) == {(action, "false"): 1}
    lines = [json.loads(line) for line in stream.getvalue().splitlines()]
    assert [line["type"] for line in lines] == [audit_type]
    assert lines[0]["workspace_id"] == workspace
    text = stream.getvalue()
    for secret in (UNGROUNDED[:30], SOURCE[:30]):
        assert secret not in text


def refusals_by_code(metrics: GroundingMetrics) -> dict[str, float]:
    return {
        sample.labels["code"]: sample.value
        for family in metrics.registry.collect()
        for sample in family.samples
        if sample.name == "gateway_grounding_refusals_total" and sample.value
    }


@pytest.mark.parametrize(
    ("body", "detector", "code"),
    [
        (
            b'{"model": "m", "metadata": {"grounding.sources": ["a secret"]},}',
            True,
            "invalid_request_body",
        ),
        (
            b'{"model": "m", "metadata": {"grounding.sources": 5}}',
            True,
            "invalid_grounding_sources",
        ),
        (request_body(), False, "grounding_unavailable"),
    ],
    ids=["unreadable-body", "bad-sources", "no-detector"],
)
def test_a_request_refused_before_the_upstream_is_counted_and_audited(
    body: bytes, detector: bool, code: str
) -> None:
    metrics = GroundingMetrics()
    stream = io.StringIO()
    writer = AuditWriter(stream)
    observer = ObserverFanout((metrics, AuditObserver(writer, definition_version="v")))
    context = make_context(**({} if detector else {"detector": None}), observer=observer)

    async def scenario() -> None:
        await run_request(Exchange(context), "block", body)

    asyncio.run(scenario())
    writer.close()
    assert refusals_by_code(metrics) == {code: 1}
    (line,) = [json.loads(line) for line in stream.getvalue().splitlines()]
    assert (line["type"], line["workspace_id"]) == ("REQUEST_REFUSED", "block")
    assert line["payload"]["refusal_code"] == code
    assert line["payload"]["action"] == "BLOCK" and line["payload"]["refused"] is True
    assert "secret" not in stream.getvalue()
