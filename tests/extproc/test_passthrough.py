"""Unchecked streams: the pass-through exchange, and when an `Exchange` hands over to it."""

from __future__ import annotations

import asyncio

import pytest
from envoy.service.ext_proc.v3 import external_processor_pb2 as ext_proc

from devtools.mock_upstream import completion
from grounding_sidecar.extproc import messages
from grounding_sidecar.extproc.exchange import Exchange
from grounding_sidecar.extproc.passthrough import PASSTHROUGH
from tests.support.exchange import (
    UNGROUNDED,
    delivered,
    headers_msg,
    make_context,
    request_body,
    run_request,
    run_response,
)

STREAM = [
    ext_proc.ProcessingRequest(request_headers=headers_msg({":path": "/v1/models"})),
    ext_proc.ProcessingRequest(request_body=ext_proc.HttpBody(body=b"{}", end_of_stream=True)),
    ext_proc.ProcessingRequest(request_trailers=ext_proc.HttpTrailers()),
    ext_proc.ProcessingRequest(response_headers=headers_msg({":status": "200"})),
    ext_proc.ProcessingRequest(response_body=ext_proc.HttpBody(body=b"part one ")),
    ext_proc.ProcessingRequest(response_body=ext_proc.HttpBody(body=b"two", end_of_stream=True)),
    ext_proc.ProcessingRequest(response_trailers=ext_proc.HttpTrailers()),
]


def test_every_phase_continues_and_bodies_are_relayed_byte_identical() -> None:
    replies = [PASSTHROUGH.handle(request) for request in STREAM]
    assert [[r.WhichOneof("response") for r in group] for group in replies] == [
        [request.WhichOneof("request")] for request in STREAM
    ]
    assert delivered([r for group in replies for r in group]) == b"part one two"
    ends = [
        r.response_body.response.body_mutation.streamed_response.end_of_stream
        for r in (replies[4][0], replies[5][0])
    ]
    assert ends == [False, True]
    # Nothing else is touched: each other phase gets the bare continue message.
    assert [replies[i][0] for i in (0, 1, 2, 3, 6)] == [
        messages.continue_request_headers(),
        messages.continue_request_body(),
        messages.continue_request_trailers(),
        messages.continue_response_headers(),
        messages.continue_response_trailers(),
    ]


def test_a_non_chat_path_is_relayed_from_its_headers_on() -> None:
    async def scenario() -> None:
        exchange = Exchange(make_context())
        replies = [await exchange.handle(STREAM[0])]
        assert exchange.relaying and not exchange.checking
        replies += [await exchange.handle(request) for request in STREAM[1:]]
        assert delivered([r for group in replies for r in group]) == b"part one two"

    asyncio.run(scenario())


@pytest.mark.parametrize(
    ("workspace", "sources", "status", "relaying_after"),
    [
        ("off", ("a source",), "200", "request"),  # grounding disabled
        ("block", None, "200", "request"),  # no sources: nothing to check
        ("block", ("a source",), "502", "response"),  # a non-2xx answer passes unchecked
    ],
)
def test_an_unchecked_answer_is_handed_to_the_pass_through(
    workspace: str, sources: tuple[str, ...] | None, status: str, relaying_after: str
) -> None:
    async def scenario() -> None:
        exchange = Exchange(make_context())
        await run_request(exchange, workspace, request_body(sources=sources))
        assert exchange.relaying is (relaying_after == "request")
        body = completion(UNGROUNDED)
        _, per_chunk = await run_response(exchange, [body], status=status)
        assert exchange.relaying
        assert delivered(per_chunk[0]) == body  # released as is, under BLOCK too

    asyncio.run(scenario())


def test_a_checked_answer_is_not_relayed_until_released() -> None:
    async def scenario() -> None:
        exchange = Exchange(make_context())
        await run_request(exchange, "block", request_body())
        assert exchange.checking and not exchange.relaying

    asyncio.run(scenario())
