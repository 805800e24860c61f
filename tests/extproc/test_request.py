"""Reading a request: who asks, and what its body says of the check."""

from __future__ import annotations

import asyncio

from envoy.service.ext_proc.v3 import external_processor_pb2 as ext_proc

from grounding_sidecar.decision import Action
from grounding_sidecar.extproc.request import RequestOutcome, RequestReader
from tests.support.exchange import headers_msg, make_context, request_body


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
