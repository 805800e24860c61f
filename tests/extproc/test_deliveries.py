"""The delivery a checked answer gets: chosen by its format and its workspace's policy."""

from __future__ import annotations

import asyncio

import pytest
from envoy.service.ext_proc.v3 import external_processor_pb2 as ext_proc

from grounding_sidecar.extproc.deliveries import open_delivery
from grounding_sidecar.extproc.held import HeldDelivery
from grounding_sidecar.extproc.immediate import ImmediateDelivery
from grounding_sidecar.extproc.progressive import ProgressiveDelivery
from grounding_sidecar.extproc.request import RequestReader
from tests.support.exchange import headers_msg, make_context, request_body

SSE, JSON = "text/event-stream; charset=utf-8", "application/json"


@pytest.mark.parametrize(
    ("workspace", "content_type", "empty", "expected"),
    [
        ("default", SSE, False, ImmediateDelivery),  # LOG streams go out at once
        ("block", SSE, False, HeldDelivery),
        ("progressive", SSE, False, ProgressiveDelivery),
        ("default", JSON, False, HeldDelivery),  # JSON is always held
        ("default", SSE, True, HeldDelivery),  # no body: concluded as held
        ("progressive", SSE, True, HeldDelivery),
    ],
)
def test_the_delivery_follows_the_format_and_the_policy(
    workspace: str, content_type: str, empty: bool, expected: type
) -> None:
    async def scenario() -> None:
        reader = RequestReader(make_context().requests)
        reader.on_headers(
            headers_msg({":path": "/v1/chat/completions", "x-workspace-id": workspace})
        )
        reader.on_body(ext_proc.HttpBody(body=request_body(stream=True), end_of_stream=True))
        check = reader.check
        assert check is not None
        delivery = open_delivery(
            check, content_type=content_type, empty=empty, max_response_bytes=9, max_stream_bytes=9
        )
        assert type(delivery) is expected
        assert check.streaming is (content_type == SSE)
        check.cancel()

    asyncio.run(scenario())
