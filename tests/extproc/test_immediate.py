"""Immediate delivery (LOG and FLAG streams): every chunk goes out as it comes, and the
check of a bounded copy runs once the client has the answer, recorded only.

Driven through the exchange, as Envoy would (no network).
"""

from __future__ import annotations

import asyncio
import json

import pytest
from envoy.service.ext_proc.v3 import external_processor_pb2 as ext_proc

from devtools.mock_upstream import Audio, sse_chunk
from grounding_sidecar.extproc.exchange import Exchange, ExchangeLimits
from tests.support.exchange import (
    GROUNDED,
    UNGROUNDED,
    delivered,
    headers_msg,
    make_context,
    request_body,
    run_request,
    run_response,
    sse_body,
)
from tests.support.recorder import Recorder


@pytest.mark.parametrize("workspace", ["default", "flag"])
def test_sse_log_relays_every_chunk_at_once_and_checks_after(workspace: str) -> None:
    async def scenario() -> None:
        recorder = Recorder()
        context = make_context(observer=recorder)
        exchange = Exchange(context)
        await run_request(exchange, workspace, request_body(stream=True))
        chunks = sse_body(UNGROUNDED)
        head, per_chunk = await run_response(exchange, chunks, sse=True)
        assert head[0].WhichOneof("response") == "response_headers"
        assert [delivered(group) for group in per_chunk] == chunks
        await context.checks.drain(5)
        assert recorder.checks[-1].decision.verdict.value == "fail"
        assert recorder.checks[-1].decision.deliver

    asyncio.run(scenario())


def test_sse_log_over_the_stream_bound_is_scan_incomplete() -> None:
    async def scenario() -> None:
        recorder = Recorder()
        context = make_context(observer=recorder, limits=ExchangeLimits(max_stream_bytes=300))
        exchange = Exchange(context)
        await run_request(exchange, "default", request_body(stream=True))
        chunks = sse_body(GROUNDED)
        _, per_chunk = await run_response(exchange, chunks, sse=True)
        assert b"".join(delivered(group) for group in per_chunk) == b"".join(chunks)
        await context.checks.drain(5)
        assert recorder.summaries[-1].scan_incomplete
        assert recorder.checks[-1].outcome.truncated
        assert recorder.checks[-1].decision.verdict.value != "pass"

    asyncio.run(scenario())


def test_under_log_only_the_streams_end_waits_for_its_report() -> None:
    async def scenario() -> None:
        exchange = Exchange(make_context())
        await run_request(exchange, "log-report", request_body(stream=True))
        chunks = sse_body(GROUNDED)
        _, per_chunk = await run_response(exchange, chunks, sse=True)
        content = len(chunks) - 2  # then the finish chunk and [DONE]
        relayed = per_chunk[:content]
        assert [delivered(group) for group in relayed] == chunks[:content]  # at once
        assert per_chunk[content] == []  # the finish chunk waited
        tail = delivered(per_chunk[-1])
        final = json.loads(tail.split(b"\n\n")[0].removeprefix(b"data: "))
        assert final["choices"][0]["finish_reason"] == "stop"
        assert final["grounding"]["verdict"] == "pass"
        assert tail.endswith(b"data: [DONE]\n\n")

    asyncio.run(scenario())


def test_a_cancelled_immediate_stream_still_records_a_verdict() -> None:
    async def scenario() -> None:
        recorder = Recorder()
        context = make_context(observer=recorder)
        exchange = Exchange(context)
        await run_request(exchange, "default", request_body(stream=True))
        chunks = sse_body(UNGROUNDED, complete=False)
        await exchange.handle(
            ext_proc.ProcessingRequest(
                response_headers=headers_msg(
                    {":status": "200", "content-type": "text/event-stream"}
                )
            )
        )
        for chunk in chunks[:3]:
            await exchange.handle(
                ext_proc.ProcessingRequest(response_body=ext_proc.HttpBody(body=chunk))
            )
        assert recorder.checks == []
        exchange.on_cancelled()
        await context.checks.drain(5)
        assert len(recorder.checks) == 1
        assert recorder.checks[-1].outcome.truncated

    asyncio.run(scenario())


@pytest.mark.parametrize(
    ("audio", "verdict", "unchecked"),
    [(Audio.TRANSCRIBED, "fail", None), (Audio.UNTRANSCRIBED, "unknown", "audio_answer")],
)
def test_a_spoken_stream_under_log_is_relayed_and_recorded(
    audio: Audio, verdict: str, unchecked: str | None
) -> None:
    async def scenario() -> None:
        recorder = Recorder()
        context = make_context(observer=recorder)
        exchange = Exchange(context)
        await run_request(exchange, "default", request_body(stream=True))
        words = UNGROUNDED.split()
        chunks = [sse_chunk(w if i == 0 else " " + w, audio=audio) for i, w in enumerate(words)]
        chunks += [sse_chunk(None, finish="stop"), b"data: [DONE]\n\n"]
        _, per_chunk = await run_response(exchange, chunks, sse=True)
        assert [delivered(group) for group in per_chunk] == chunks
        await context.checks.drain(5)
        check = recorder.checks[-1]
        assert (check.decision.verdict.value, check.outcome.unchecked) == (verdict, unchecked)
        assert check.decision.deliver

    asyncio.run(scenario())
