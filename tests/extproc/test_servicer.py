"""The ext_proc service ends each RPC itself once its exchange is complete, instead of
waiting for Envoy's reset (a grpc.aio call cancelled before its status leaks)."""

from __future__ import annotations

import asyncio
from collections.abc import AsyncIterator
from typing import Any

from envoy.service.ext_proc.v3 import external_processor_pb2 as ext_proc

from devtools.mock_upstream import completion
from grounding_sidecar.extproc.servicer import ExternalProcessor
from tests.support.exchange import GROUNDED, headers_msg, make_context, request_body


async def envoy_messages(*, end: bool) -> AsyncIterator[Any]:
    """One exchange's messages, then (as Envoy does) no half-close: the stream stays
    open until reset."""
    yield ext_proc.ProcessingRequest(
        request_headers=headers_msg({":path": "/v1/chat/completions", "x-workspace-id": "block"})
    )
    yield ext_proc.ProcessingRequest(
        request_body=ext_proc.HttpBody(body=request_body(), end_of_stream=True)
    )
    yield ext_proc.ProcessingRequest(
        response_headers=headers_msg({":status": "200", "content-type": "application/json"})
    )
    yield ext_proc.ProcessingRequest(
        response_body=ext_proc.HttpBody(body=completion(GROUNDED), end_of_stream=end)
    )
    await asyncio.Event().wait()  # never more


async def responses(*, end: bool) -> list[Any]:
    processor = ExternalProcessor(make_context())
    out = []
    async for response in processor.Process(envoy_messages(end=end), None):
        out.append(response)
    return out


def test_the_rpc_ends_after_the_response_bodys_end() -> None:
    out = asyncio.run(asyncio.wait_for(responses(end=True), timeout=10))
    assert [r.WhichOneof("response") for r in out][-1] == "response_body"


def test_an_exchange_still_running_keeps_its_rpc_open() -> None:
    async def scenario() -> bool:
        task = asyncio.ensure_future(responses(end=False))
        await asyncio.sleep(0.2)
        running = not task.done()
        task.cancel()
        return running

    assert asyncio.run(scenario())
