"""Unreadable delivery: an answer that reaches the sidecar still compressed is decided at
its headers (refused whole under BLOCK, or relayed as it is with `unknown`).

Driven through the exchange, as Envoy would (no network).
"""

from __future__ import annotations

import asyncio
import gzip
import json

import pytest

from devtools.mock_upstream import completion
from grounding_sidecar.extproc.exchange import Exchange
from tests.support.exchange import (
    UNGROUNDED,
    delivered,
    header_value,
    make_context,
    request_body,
    run_request,
    run_response,
    sse_body,
)
from tests.support.recorder import Recorder


@pytest.mark.parametrize("sse", [False, True])
@pytest.mark.parametrize("workspace", ["block", "redact", "progressive"])
def test_a_compressed_answer_is_refused_at_its_headers_under_block(
    workspace: str, sse: bool
) -> None:
    async def scenario() -> None:
        exchange = Exchange(make_context())
        await run_request(exchange, workspace, request_body(stream=sse))
        raw = gzip.compress(b"".join(sse_body(UNGROUNDED)) if sse else completion(UNGROUNDED))
        head, per_chunk = await run_response(
            exchange, [raw[:10], raw[10:]], sse=sse, encoding="gzip"
        )
        (refusal,) = head  # before any byte of the body went out
        immediate = refusal.immediate_response
        assert immediate.status.code == 403
        error = json.loads(immediate.body)["error"]
        assert error["code"] == "unsupported_encoding"
        assert "compressed" in error["message"]
        assert header_value(refusal, "x-grounding-verdict") == "unknown"
        assert per_chunk == [[], []]  # nothing of a refused answer goes out

    asyncio.run(scenario())


@pytest.mark.parametrize("sse", [False, True])
@pytest.mark.parametrize("workspace", ["default", "flag", "block-lenient"])
def test_a_compressed_answer_is_relayed_unchanged_as_unknown_otherwise(
    workspace: str, sse: bool
) -> None:
    async def scenario() -> None:
        recorder = Recorder()
        exchange = Exchange(make_context(observer=recorder))
        await run_request(exchange, workspace, request_body(stream=sse))
        raw = gzip.compress(b"".join(sse_body(UNGROUNDED)) if sse else completion(UNGROUNDED))
        head, per_chunk = await run_response(exchange, [raw[:10], raw[10:]], sse=sse, encoding="br")
        (headers,) = head
        assert headers.WhichOneof("response") == "response_headers"
        assert header_value(headers, "x-grounding-verdict") == "unknown"
        assert b"".join(delivered(group) for group in per_chunk) == raw  # byte for byte
        (check,) = recorder.checks
        assert check.outcome.unchecked == "encoded_response"

    asyncio.run(scenario())


def test_unverifiable_deliver_then_unknown_block_refuses_as_unverified() -> None:
    async def scenario() -> None:
        exchange = Exchange(make_context())
        await run_request(exchange, "block-lenient-unknown", request_body())
        head, _ = await run_response(
            exchange, [gzip.compress(completion(UNGROUNDED))], encoding="gzip"
        )
        error = json.loads(head[0].immediate_response.body)["error"]
        assert error["code"] == "grounding_unverified"
        assert "compressed" in error["message"]

    asyncio.run(scenario())


def test_an_identity_answer_is_checked_as_ever() -> None:
    async def scenario() -> None:
        exchange = Exchange(make_context())
        await run_request(exchange, "block", request_body())
        head, per_chunk = await run_response(
            exchange, [completion(UNGROUNDED)], encoding="identity"
        )
        assert head == []  # held for the check
        error = json.loads(per_chunk[0][0].immediate_response.body)["error"]
        assert error["code"] == "hallucination_detected"

    asyncio.run(scenario())
