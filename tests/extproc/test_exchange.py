"""The exchange's dispatch, driven message by message as Envoy would (no network):
which messages go to the request reader, to a delivery or to the pass-through, and
the states it moves through."""

from __future__ import annotations

import asyncio

import pytest
from envoy.service.ext_proc.v3 import external_processor_pb2 as ext_proc

from devtools.mock_upstream import completion
from grounding_sidecar.extproc.exchange import Exchange, ExchangeState
from tests.support.exchange import (
    GROUNDED,
    UNGROUNDED,
    delivered,
    flat,
    headers_msg,
    make_context,
    request_body,
    run_request,
    run_response,
)
from tests.support.recorder import Recorder


def test_non_chat_paths_pass_untouched() -> None:
    async def scenario() -> None:
        exchange = Exchange(make_context())
        (reply,) = await run_request(exchange, "block", request_body(), path="/v1/embeddings")
        assert not reply.request_body.HasField("response")
        head, per_chunk = await run_response(exchange, [b"abc", b"def"])
        assert len(head) == 1 and delivered(flat(per_chunk)) == b"abcdef"

    asyncio.run(scenario())


def test_a_chat_request_without_a_body_has_no_sources_and_is_relayed_unchecked() -> None:
    """No body, no sources: the answer is relayed as it comes, under BLOCK too
    (docs/security.md: a request without sources is forwarded unchecked)."""

    async def scenario() -> None:
        exchange = Exchange(make_context())
        headers = headers_msg({":path": "/v1/chat/completions", "x-workspace-id": "block"})
        await exchange.handle(ext_proc.ProcessingRequest(request_headers=headers))
        answer = completion(UNGROUNDED)
        head, per_chunk = await run_response(exchange, [answer[:10], answer[10:]])
        assert [r.WhichOneof("response") for r in head] == ["response_headers"]
        assert delivered(flat(per_chunk)) == answer
        assert not exchange.checking

    asyncio.run(scenario())


def test_non_2xx_passes_unchecked() -> None:
    async def scenario() -> None:
        recorder = Recorder()
        exchange = Exchange(make_context(observer=recorder))
        await run_request(exchange, "block", request_body())
        head, per_chunk = await run_response(exchange, [b'{"error":{}}'], status="500")
        assert len(head) == 1 and delivered(per_chunk[0]) == b'{"error":{}}'
        assert recorder.checks == []

    asyncio.run(scenario())


# -- the states -----------------------------------------------------------------------


def test_a_checked_answer_moves_the_exchange_forward_to_its_end() -> None:
    async def scenario() -> None:
        exchange = Exchange(make_context())
        states = [exchange.state]
        await run_request(exchange, "block", request_body())
        states.append(exchange.state)
        headers = headers_msg({":status": "200", "content-type": "application/json"})
        await exchange.handle(ext_proc.ProcessingRequest(response_headers=headers))
        states.append(exchange.state)
        body = ext_proc.HttpBody(body=completion(GROUNDED), end_of_stream=True)
        await exchange.handle(ext_proc.ProcessingRequest(response_body=body))
        states.append(exchange.state)
        assert states == [
            ExchangeState.REQUEST,
            ExchangeState.AWAITING_ANSWER,
            ExchangeState.DELIVERING,
            ExchangeState.FINISHED,
        ]

    asyncio.run(scenario())


def test_an_exchange_never_moves_back() -> None:
    async def scenario() -> None:
        exchange = Exchange(make_context())
        await run_request(exchange, "block", request_body())
        with pytest.raises(RuntimeError, match="cannot move"):
            exchange._move(ExchangeState.REQUEST)
        assert exchange.state is ExchangeState.AWAITING_ANSWER
        exchange.on_cancelled()

    asyncio.run(scenario())


def test_relaying_and_finished_are_ends() -> None:
    async def scenario() -> None:
        relayed = Exchange(make_context())
        await run_request(relayed, "block", request_body(), path="/v1/embeddings")
        assert relayed.relaying
        with pytest.raises(RuntimeError):
            relayed._move(ExchangeState.FINISHED)
        refused = Exchange(make_context())
        await run_request(refused, "block", b"{not json")
        assert refused.finished
        with pytest.raises(RuntimeError):
            refused._move(ExchangeState.RELAYING)

    asyncio.run(scenario())
