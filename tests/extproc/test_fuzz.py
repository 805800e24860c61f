"""Any bytes Envoy may hand over, in any chunking: the exchange answers every message
with a well-formed reply and never raises (hypothesis drives it, no network)."""

from __future__ import annotations

import asyncio
import itertools
import json
from typing import Any

from envoy.service.ext_proc.v3 import external_processor_pb2 as ext_proc
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from devtools.mock_upstream import completion, sse_chunk
from grounding_sidecar.extproc.exchange import Exchange, ExchangeLimits
from tests.support.exchange import SOURCE, headers_msg, make_context

CONTEXT = make_context(limits=ExchangeLimits(max_response_bytes=4096, max_stream_bytes=4096))

# Text that stresses the parsers: lone surrogates, control characters, JSON syntax.
TEXTS = st.lists(
    st.one_of(
        st.text(st.characters(blacklist_categories=("Cs",)), max_size=6),
        st.sampled_from(["\ud800", "\udfff", "\x00", "\n\n", "data: ", '"', "[", "{"]),
    ),
    max_size=8,
).map("".join)
JSON_VALUES = st.recursive(
    st.none() | st.booleans() | st.integers() | st.floats() | TEXTS,
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(TEXTS, inner, max_size=4),
    max_leaves=12,
)


@st.composite
def request_bodies(draw: st.DrawFn) -> bytes:
    kind = draw(st.sampled_from(["chat", "json", "bytes"]))
    if kind == "bytes":
        return draw(st.binary(max_size=200))
    if kind == "json":
        return json.dumps(draw(JSON_VALUES)).encode()
    sources = draw(st.one_of(st.just([SOURCE]), JSON_VALUES, st.lists(TEXTS, max_size=3)))
    document = {
        "model": "m",
        "messages": [{"role": "user", "content": draw(TEXTS)}],
        "metadata": {"grounding.sources": sources},
        "stream": draw(st.booleans()),
    }
    return json.dumps(document).encode()


@st.composite
def response_bodies(draw: st.DrawFn) -> tuple[str, bytes]:
    kind = draw(st.sampled_from(["json", "sse", "bytes", "json-value"]))
    if kind == "json":
        return "application/json", completion(draw(TEXTS))
    if kind == "sse":
        pieces = draw(st.lists(st.one_of(TEXTS.map(sse_chunk), st.binary(max_size=30)), max_size=6))
        return "text/event-stream", b"".join(pieces) + draw(
            st.sampled_from([b"", b"data: [DONE]\n\n"])
        )
    if kind == "json-value":
        return "application/json", json.dumps(draw(JSON_VALUES)).encode()
    return draw(st.sampled_from(["application/json", "text/event-stream"])), draw(
        st.binary(max_size=300)
    )


def chunked(draw: st.DrawFn, body: bytes) -> list[bytes]:
    cuts = sorted(draw(st.lists(st.integers(0, len(body)), max_size=5)))
    edges = [0, *cuts, len(body)]
    return [body[a:b] for a, b in itertools.pairwise(edges)] or [b""]


def assert_well_formed(replies: list[Any]) -> None:
    for reply in replies:
        kind = reply.WhichOneof("response")
        assert kind is not None
        if kind == "immediate_response":
            json.loads(reply.immediate_response.body)  # refusals are JSON, always


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    workspace=st.sampled_from(["block", "block-unknown", "flag", "off", "other"]),
    request=request_bodies(),
    response=response_bodies(),
    status=st.sampled_from(["200", "200", "500"]),
    data=st.data(),
)
def test_any_exchange_is_answered_without_raising(
    workspace: str, request: bytes, response: tuple[str, bytes], status: str, data: st.DataObject
) -> None:
    content_type, body = response

    async def scenario() -> None:
        exchange = Exchange(CONTEXT)
        headers = headers_msg({":path": "/v1/chat/completions", "x-workspace-id": workspace})
        replies = await exchange.handle(ext_proc.ProcessingRequest(request_headers=headers))
        assert_well_formed(replies)
        request_chunk = ext_proc.HttpBody(body=request, end_of_stream=True)
        replies = await exchange.handle(ext_proc.ProcessingRequest(request_body=request_chunk))
        assert_well_formed(replies)
        if any(r.WhichOneof("response") == "immediate_response" for r in replies):
            return  # refused before the upstream: the exchange is over
        head = headers_msg({":status": status, "content-type": content_type})
        assert_well_formed(await exchange.handle(ext_proc.ProcessingRequest(response_headers=head)))
        chunks = chunked(data.draw, body)
        for i, chunk in enumerate(chunks):
            message = ext_proc.HttpBody(body=chunk, end_of_stream=i == len(chunks) - 1)
            replies = await exchange.handle(ext_proc.ProcessingRequest(response_body=message))
            assert_well_formed(replies)
        exchange.on_cancelled()

    asyncio.run(scenario())
