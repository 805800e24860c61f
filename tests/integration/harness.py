"""Shared pieces of the Envoy integration tests: the stack and a small HTTP client."""

from __future__ import annotations

import http.client
import json
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any

from devtools.envoy_process import EnvoyProcess
from devtools.inprocess import InProcessSidecar
from devtools.mock_upstream import MockUpstream
from tests.support.recorder import Recorder

SOURCE = (
    "The Eiffel Tower is located in Paris and was completed in 1889. "
    "It is 330 metres tall and was designed by the engineering company of Gustave Eiffel."
)
GROUNDED = "The Eiffel Tower is located in Paris and was completed in 1889."
UNGROUNDED = "The Great Wall of China is visible from the moon with the naked eye."
# Sent with every request of the suite; test_privacy.py fails if it is ever written.
AUTHORIZATION = "Bearer sk-integration-canary-5f1e0c7a9b"


@dataclass
class Reply:
    status: int
    headers: dict[str, str]
    body: bytes

    def json(self) -> Any:
        return json.loads(self.body)


@dataclass
class Stack:
    envoy: EnvoyProcess
    upstream: MockUpstream
    sidecar: InProcessSidecar | None = None
    recorder: Recorder = field(default_factory=Recorder)

    def connection(self, timeout: float = 30.0) -> http.client.HTTPConnection:
        return http.client.HTTPConnection("127.0.0.1", self.envoy.port, timeout=timeout)

    def post(
        self,
        body: bytes | dict[str, Any],
        headers: dict[str, str] | None = None,
        path: str = "/v1/chat/completions",
    ) -> Reply:
        raw = body if isinstance(body, bytes) else json.dumps(body).encode()
        connection = self.connection()
        try:
            connection.request(
                "POST",
                path,
                body=raw,
                headers={
                    "content-type": "application/json",
                    "authorization": AUTHORIZATION,
                    **(headers or {}),
                },
            )
            response = connection.getresponse()
            return Reply(
                response.status, {k.lower(): v for k, v in response.getheaders()}, response.read()
            )
        finally:
            connection.close()

    def stream(
        self,
        body: dict[str, Any],
        headers: dict[str, str],
        on_first_chunk: Callable[[], None] | None = None,
    ) -> tuple[Reply, list[bytes]]:
        """POST and read the body as it arrives; `on_first_chunk` runs at the first bytes."""
        connection = self.connection()
        try:
            connection.request(
                "POST",
                "/v1/chat/completions",
                body=json.dumps(body).encode(),
                headers={
                    "content-type": "application/json",
                    "authorization": AUTHORIZATION,
                    **headers,
                },
            )
            response = connection.getresponse()
            chunks: list[bytes] = []
            while True:
                try:
                    piece = response.read1(65536)
                except http.client.IncompleteRead as exc:
                    chunks.append(exc.partial)
                    break
                if not piece:
                    break
                if not chunks and on_first_chunk is not None:
                    on_first_chunk()
                chunks.append(piece)
            headers_out = {k.lower(): v for k, v in response.getheaders()}
            return Reply(response.status, headers_out, b"".join(chunks)), chunks
        finally:
            connection.close()


def chat(
    *,
    sources: Sequence[str] | None = (SOURCE,),
    stream: bool = False,
    sources_as_string: bool = False,
) -> dict[str, Any]:
    document: dict[str, Any] = {
        "model": "mock-1",
        "messages": [{"role": "user", "content": "Tell me about the Eiffel Tower."}],
        "metadata": {"conversation": "c-1"},
    }
    if sources is not None:
        value: Any = json.dumps(list(sources)) if sources_as_string else list(sources)
        document["metadata"]["grounding.sources"] = value
    if stream:
        document["stream"] = True
    return document


def sse_events(body: bytes) -> list[str]:
    return [e[len("data: ") :] for e in body.decode().replace("\r\n", "\n").split("\n\n") if e]


def stream_text(body: bytes) -> str:
    parts = []
    for data in sse_events(body):
        if data == "[DONE]":
            continue
        for choice in json.loads(data)["choices"]:
            parts.append(choice.get("delta", {}).get("content") or "")
    return "".join(parts)


def traceparent(trace_id: str) -> str:
    return f"00-{trace_id}-00f067aa0ba902b7-01"


def access_log_lines(envoy: EnvoyProcess, trace_id: str) -> list[dict[str, Any]]:
    """The access-log lines Envoy wrote for requests sent with `traceparent(trace_id)`."""
    sent = traceparent(trace_id)
    lines = []
    for line in envoy.log_path.read_text(errors="replace").splitlines():
        if line.startswith("{") and sent in line:
            document = json.loads(line)
            if document.get("traceparent") == sent:
                lines.append(document)
    return lines
