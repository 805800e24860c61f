"""Reading a request: who asks, and what its body says of the check."""

from __future__ import annotations

import asyncio
import gzip
import json

import pytest
from envoy.service.ext_proc.v3 import external_processor_pb2 as ext_proc

from grounding_sidecar.decision import Action
from grounding_sidecar.extproc.exchange import Exchange
from grounding_sidecar.extproc.request import RequestOutcome, RequestReader
from tests.support.exchange import headers_msg, make_context, request_body, run_request
from tests.support.recorder import Recorder


def read(workspace: str, *, path: str = "/v1/chat/completions") -> RequestReader:
    reader = RequestReader(make_context().requests)
    assert reader.on_headers(headers_msg({":path": path, "x-workspace-id": workspace})) is (
        path == "/v1/chat/completions"
    )
    return reader


def body_of(raw: bytes) -> ext_proc.HttpBody:
    return ext_proc.HttpBody(body=raw, end_of_stream=True)


def test_the_headers_name_the_workspace_and_its_policy() -> None:
    reader = read("block", path="/v1/embeddings")
    assert reader.workspace_id == "block" and reader.policy.action is Action.BLOCK


def test_sources_under_an_enabled_policy_make_a_check() -> None:
    async def scenario() -> None:
        reader = read("block")
        outcome, reply = reader.on_body(body_of(request_body()))
        assert outcome is RequestOutcome.CHECK and reader.check is not None
        assert reply.request_body.response.body_mutation.body  # the sources stripped
        reader.check.cancel()

    asyncio.run(scenario())


def test_no_sources_or_grounding_off_relays() -> None:
    for workspace, sources in (("block", None), ("off", ("a source",))):
        reader = read(workspace)
        outcome, _ = reader.on_body(body_of(request_body(sources=sources)))
        assert outcome is RequestOutcome.RELAY and reader.check is None


def test_an_unreadable_body_is_refused() -> None:
    reader = read("default")
    outcome, reply = reader.on_body(body_of(b"{not json"))
    assert outcome is RequestOutcome.REFUSED
    assert reply.immediate_response.status.code == 400


# -- through the exchange: the reply Envoy gets to the request body --------------------


def test_sources_are_stripped_with_a_matching_content_length() -> None:
    async def scenario() -> None:
        exchange = Exchange(make_context())
        (reply,) = await run_request(exchange, "block", request_body())
        common = reply.request_body.response
        body = common.body_mutation.body
        assert b"grounding.sources" not in body
        assert json.loads(body)["metadata"] == {"user": "u"}
        (length,) = common.header_mutation.set_headers
        assert length.header.key == "content-length"
        assert length.header.raw_value == str(len(body)).encode()
        assert exchange.checking

    asyncio.run(scenario())


def test_disabled_workspace_strips_but_does_not_check() -> None:
    async def scenario() -> None:
        exchange = Exchange(make_context())
        (reply,) = await run_request(exchange, "off", request_body())
        assert b"grounding.sources" not in reply.request_body.response.body_mutation.body
        assert not exchange.checking

    asyncio.run(scenario())


def test_invalid_sources_get_a_400_when_enabled() -> None:
    async def scenario() -> None:
        exchange = Exchange(make_context())
        (reply,) = await run_request(exchange, "block", request_body(sources=[1, 2]))
        immediate = reply.immediate_response
        assert immediate.status.code == 400
        assert json.loads(immediate.body)["error"]["code"] == "invalid_grounding_sources"

    asyncio.run(scenario())


def test_missing_detector_refuses_before_the_upstream() -> None:
    async def scenario() -> None:
        recorder = Recorder()
        exchange = Exchange(make_context(None, observer=recorder))
        (reply,) = await run_request(exchange, "flag", request_body())
        envelope = json.loads(reply.immediate_response.body)["error"]
        assert reply.immediate_response.status.code == 403
        assert envelope["code"] == "grounding_unavailable"
        assert recorder.unavailable == 1
        # No sources: nothing to check, so no detector needed.
        exchange = Exchange(make_context(None))
        (reply,) = await run_request(exchange, "flag", request_body(sources=None))
        assert reply.WhichOneof("response") == "request_body"

    asyncio.run(scenario())


@pytest.mark.parametrize("workspace", ["block", "default", "off"])
@pytest.mark.parametrize("raw", [b"{not json", b"[1, 2]", b"a=b&c=d", b""])
def test_an_unreadable_chat_body_is_refused_whatever_the_workspace(
    workspace: str, raw: bytes
) -> None:
    async def scenario() -> None:
        exchange = Exchange(make_context())
        (reply,) = await run_request(exchange, workspace, raw)
        assert reply.WhichOneof("response") == "immediate_response"
        assert reply.immediate_response.status.code == 400
        assert reply.immediate_response.details == "grounding_invalid_request_body"
        error = json.loads(reply.immediate_response.body)["error"]
        assert (error["type"], error["code"]) == ("invalid_request_error", "invalid_request_body")
        assert exchange.finished

    asyncio.run(scenario())


@pytest.mark.parametrize("workspace", ["block", "default", "off"])
@pytest.mark.parametrize("coding", ["gzip", "br", "zstd, identity"])
def test_a_compressed_chat_body_is_refused_and_says_so(workspace: str, coding: str) -> None:
    reader = RequestReader(make_context().requests)
    headers = {":path": "/v1/chat/completions", "x-workspace-id": workspace}
    reader.on_headers(headers_msg({**headers, "content-encoding": coding}))
    outcome, reply = reader.on_body(body_of(gzip.compress(request_body())))
    assert outcome is RequestOutcome.REFUSED
    assert reply.immediate_response.status.code == 400
    error = json.loads(reply.immediate_response.body)["error"]
    assert error["code"] == "invalid_request_body"
    assert error["message"] == (
        f"the request body is compressed (content-encoding: {coding}); "
        "send chat completions uncompressed"
    )


def test_an_identity_coded_chat_body_is_read() -> None:
    async def scenario() -> None:
        reader = RequestReader(make_context().requests)
        headers = {":path": "/v1/chat/completions", "x-workspace-id": "block"}
        reader.on_headers(headers_msg({**headers, "content-encoding": "identity"}))
        outcome, _ = reader.on_body(body_of(request_body()))
        assert outcome is RequestOutcome.CHECK
        assert reader.check is not None
        reader.check.cancel()

    asyncio.run(scenario())
