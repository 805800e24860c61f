"""Driving one `Exchange` message by message, as Envoy would (no network)."""

from __future__ import annotations

import json
from typing import Any

from envoy.config.core.v3 import base_pb2
from envoy.service.ext_proc.v3 import external_processor_pb2 as ext_proc

from devtools.mock_upstream import sse_chunk
from grounding_sidecar.app.checks import CheckRunner
from grounding_sidecar.decision import (
    Action,
    GroundingObserver,
    GroundingPolicy,
    HeldStreams,
    ReportLevel,
    StaticPolicyTable,
    UnknownHandling,
    WorkspaceOverride,
)
from grounding_sidecar.detection import Grader
from grounding_sidecar.extproc.exchange import Exchange, ExchangeContext, ExchangeLimits
from grounding_sidecar.openai import SseParser, StreamAnswer
from tests.support.fake_detectors import GRADER

SOURCE = "The Eiffel Tower is located in Paris and was completed in 1889."
GROUNDED = "The Eiffel Tower is located in Paris and was completed in 1889."
UNGROUNDED = "The Great Wall of China is visible from the moon with the naked eye."


def make_context(
    detector: Grader | None = GRADER,
    *,
    deadline: float = 5.0,
    workers: int = 2,
    limits: ExchangeLimits | None = None,
    observer: GroundingObserver | None = None,
) -> ExchangeContext:
    table = StaticPolicyTable(
        GroundingPolicy(enabled=True, action=Action.LOG),
        {
            "block": WorkspaceOverride(action=Action.BLOCK),
            "block-unknown": WorkspaceOverride(action=Action.BLOCK, unknown=UnknownHandling.BLOCK),
            # BLOCK that delivers what a limit kept from being verified (opted out).
            "block-lenient": WorkspaceOverride(
                action=Action.BLOCK, unverifiable=UnknownHandling.DELIVER
            ),
            "block-lenient-unknown": WorkspaceOverride(
                action=Action.BLOCK,
                unknown=UnknownHandling.BLOCK,
                unverifiable=UnknownHandling.DELIVER,
            ),
            "flag": WorkspaceOverride(action=Action.FLAG),
            "log-report": WorkspaceOverride(action=Action.LOG, report=ReportLevel.CLAIMS),
            "block-report": WorkspaceOverride(action=Action.BLOCK, report=ReportLevel.CLAIMS),
            "redact": WorkspaceOverride(action=Action.REDACT, report=ReportLevel.CLAIMS),
            "progressive": WorkspaceOverride(
                action=Action.BLOCK, report=ReportLevel.CLAIMS, delivery=HeldStreams.PROGRESSIVE
            ),
            "redact-progressive": WorkspaceOverride(
                action=Action.REDACT, delivery=HeldStreams.PROGRESSIVE
            ),
            "off": WorkspaceOverride(enabled=False),
        },
    )
    return ExchangeContext(
        policies=table,
        checks=CheckRunner(detector, deadline_seconds=deadline, workers=workers),
        limits=limits or ExchangeLimits(),
        observer=observer or GroundingObserver(),
    )


def headers_msg(pairs: dict[str, str], *, end: bool = False) -> ext_proc.HttpHeaders:
    values = [base_pb2.HeaderValue(key=k, raw_value=v.encode()) for k, v in pairs.items()]
    return ext_proc.HttpHeaders(headers=base_pb2.HeaderMap(headers=values), end_of_stream=end)


def request_body(
    *, stream: bool = False, sources: Any = (SOURCE,), report: str | None = None
) -> bytes:
    document: dict[str, Any] = {"model": "m", "messages": [{"role": "user", "content": "q"}]}
    if sources is not None:
        document["metadata"] = {"grounding.sources": list(sources), "user": "u"}
    if report is not None:
        document.setdefault("metadata", {})["grounding.report"] = report
    if stream:
        document["stream"] = True
    return json.dumps(document).encode()


def sse_body(answer: str, *, complete: bool = True) -> list[bytes]:
    chunks = [sse_chunk(word if i == 0 else " " + word) for i, word in enumerate(answer.split())]
    if complete:
        chunks += [sse_chunk(None, finish="stop"), b"data: [DONE]\n\n"]
    return chunks


async def run_request(
    exchange: Exchange,
    workspace: str,
    body: bytes,
    path: str = "/v1/chat/completions",
) -> list[Any]:
    req = await exchange.handle(
        ext_proc.ProcessingRequest(
            request_headers=headers_msg({":path": path, "x-workspace-id": workspace})
        )
    )
    assert [r.WhichOneof("response") for r in req] == ["request_headers"]
    return await exchange.handle(
        ext_proc.ProcessingRequest(request_body=ext_proc.HttpBody(body=body, end_of_stream=True))
    )


async def run_response(
    exchange: Exchange,
    chunks: list[bytes],
    *,
    status: str = "200",
    sse: bool = False,
    encoding: str | None = None,
) -> tuple[list[Any], list[list[Any]]]:
    content_type = "text/event-stream" if sse else "application/json"
    headers = {":status": status, "content-type": content_type}
    if encoding is not None:
        headers["content-encoding"] = encoding
    head = await exchange.handle(ext_proc.ProcessingRequest(response_headers=headers_msg(headers)))
    per_chunk = []
    for i, chunk in enumerate(chunks):
        body = ext_proc.HttpBody(body=chunk, end_of_stream=i == len(chunks) - 1)
        per_chunk.append(await exchange.handle(ext_proc.ProcessingRequest(response_body=body)))
    return head, per_chunk


def delivered(responses: list[Any]) -> bytes:
    return b"".join(
        r.response_body.response.body_mutation.streamed_response.body
        for r in responses
        if r.WhichOneof("response") == "response_body"
    )


def body_json(responses: list[Any]) -> Any:
    return json.loads(delivered(responses))


def stream_answer(raw: bytes) -> StreamAnswer:
    """What a client reads from delivered stream bytes."""
    answer = StreamAnswer()
    for event in SseParser().feed(raw):
        answer.add(event)
    return answer


def flat(per_chunk: list[list[Any]]) -> list[Any]:
    return [r for group in per_chunk for r in group]


def header_value(response: Any, name: str) -> str | None:
    mutation = response.response_headers.response.header_mutation
    if response.WhichOneof("response") == "immediate_response":
        mutation = response.immediate_response.headers
    for option in mutation.set_headers:
        if option.header.key == name:
            return str(option.header.raw_value.decode())
    return None
