"""Acceptance: no detector, a dead sidecar, graceful shutdown.

A sidecar that is down, never started or does not answer fails closed with the
documented reply (docs/contract.md#refusals): `503 guardrail_unavailable`, an
OpenAI-shaped JSON body and `retry-after`, on the checked chat paths only; every other
path skips ext_proc (per route) and keeps working.
"""

from __future__ import annotations

import json
import signal
import socket
import subprocess
import sys
import threading
from collections.abc import Iterator

import pytest

from devtools.envoy_process import EnvoyProcess
from devtools.inprocess import InProcessSidecar
from devtools.mock_upstream import MockUpstream

from .conftest import SidecarOutput, sidecar_settings, start_envoy
from .harness import GROUNDED, Reply, Stack, chat, sse_events

pytestmark = pytest.mark.envoy


@pytest.fixture(scope="module")
def no_detector_stack(upstream: MockUpstream, sidecar_output: SidecarOutput) -> Iterator[Stack]:
    settings = sidecar_settings(sidecar_output, "no-detector")
    sidecar = InProcessSidecar(settings, detector=None, operations=True).start()
    envoy = start_envoy(upstream.port, sidecar.port)
    yield Stack(envoy=envoy, upstream=upstream, sidecar=sidecar)
    envoy.stop()
    sidecar.stop()


def test_no_detector_refuses_before_any_upstream_call(no_detector_stack: Stack) -> None:
    stack = no_detector_stack
    reply = stack.post(chat(), {"x-workspace-id": "log", "x-test-id": "no-detector"})
    assert reply.status == 403
    error = reply.json()["error"]
    assert error["code"] == "grounding_unavailable"
    assert error["type"] == "guardrail_violation"
    assert "no embedding-backed detector" in error["message"]
    assert stack.upstream.requests_with("x-test-id", "no-detector") == []
    # Without sources there is nothing to check: the request goes through.
    raw = json.dumps(chat(sources=None)).encode()
    assert stack.post(raw, {"x-workspace-id": "log"}).status == 200


def start_sidecar_process(
    output: SidecarOutput, name: str, *extra: str
) -> tuple[subprocess.Popen[str], int]:
    command = [
        sys.executable, "-m", "grounding_sidecar", "serve", "--port", "0", "--embedder", "hash",
        "--enabled", "--action", "BLOCK", "--metrics-port", "0",
        "--audit-sink", output.audit_sink(name), *extra,
    ]  # fmt: skip
    with output.log_path(name).open("w") as log:
        process = subprocess.Popen(command, stdout=subprocess.PIPE, stderr=log, text=True)
    assert process.stdout is not None
    line = process.stdout.readline()
    fields = dict(part.split("=", 1) for part in line.split()[1:])
    return process, int(fields["port"])


# docs/contract.md#refusals; deploy/envoy/envoy.yaml's first local reply mapper.
RETRY_AFTER = "5"


def assert_guardrail_unavailable(reply: Reply) -> None:
    """The fail-closed reply a client can act on: 503, the envelope, `retry-after`."""
    assert reply.status == 503, reply.body
    assert reply.headers["content-type"] == "application/json"
    assert reply.headers["retry-after"] == RETRY_AFTER
    error = reply.json()["error"]
    assert error["type"] == error["code"] == "guardrail_unavailable"
    assert "temporarily unavailable" in error["message"]
    # No Envoy internals (the ext_proc error details) reach the client.
    assert b"ext_proc" not in reply.body and b"gRPC" not in reply.body
    assert b"Eiffel" not in reply.body


def get(stack: Stack, path: str, test_id: str) -> Reply:
    connection = stack.connection()
    try:
        connection.request("GET", path, headers={"x-test-id": test_id})
        response = connection.getresponse()
        headers = {k.lower(): v for k, v in response.getheaders()}
        return Reply(response.status, headers, response.read())
    finally:
        connection.close()


def assert_other_paths_are_served(stack: Stack, name: str) -> None:
    """ext_proc is off for every path that is not a chat completion: the upstream answers."""
    reply = get(stack, "/v1/models", f"{name}-models")
    assert reply.status == 200, reply.body
    assert reply.json()["data"][0]["id"] == "mock"
    assert [r.path for r in stack.upstream.requests_with("x-test-id", f"{name}-models")] == [
        "/v1/models"
    ]
    reply = stack.post(
        {"model": "mock-1", "input": "hello"}, {"x-test-id": f"{name}-emb"}, path="/v1/embeddings"
    )
    assert reply.status == 200, reply.body
    assert len(stack.upstream.requests_with("x-test-id", f"{name}-emb")) == 1


CHAT_PATHS = (
    "/v1/chat/completions",
    "/v1/chat/completions/",
    "/openai/deployments/gpt/chat/completions?api-version=2024-10-21",
)


def assert_chat_paths_fail_closed(stack: Stack, name: str) -> None:
    for index, path in enumerate(CHAT_PATHS):
        for stream in (False, True):
            test_id = f"{name}-{index}-{'sse' if stream else 'json'}"
            reply = stack.post(
                chat(stream=stream), {"x-mock-answer": GROUNDED, "x-test-id": test_id}, path=path
            )
            assert_guardrail_unavailable(reply)
            assert stack.upstream.requests_with("x-test-id", test_id) == []


def test_a_killed_sidecar_fails_closed_with_503_guardrail_unavailable(
    upstream: MockUpstream, sidecar_output: SidecarOutput
) -> None:
    process, port = start_sidecar_process(sidecar_output, "killed")
    envoy: EnvoyProcess | None = None
    try:
        envoy = start_envoy(upstream.port, port)
        stack = Stack(envoy=envoy, upstream=upstream)
        assert stack.post(chat(), {"x-mock-answer": GROUNDED}).status == 200
        process.kill()  # SIGKILL this pid: no goodbye on the gRPC stream
        process.wait(timeout=10)
        assert_chat_paths_fail_closed(stack, "dead")
        assert_other_paths_are_served(stack, "dead")
    finally:
        if process.poll() is None:
            process.kill()
        if envoy is not None:
            envoy.stop()


def test_a_sidecar_that_never_started_fails_closed_and_other_paths_work(
    upstream: MockUpstream,
) -> None:
    # Bound but not listening: connections to it are refused, and no one else gets it.
    with socket.socket() as closed:
        closed.bind(("127.0.0.1", 0))
        envoy = start_envoy(upstream.port, closed.getsockname()[1])
        try:
            stack = Stack(envoy=envoy, upstream=upstream)
            assert_chat_paths_fail_closed(stack, "never")
            assert_other_paths_are_served(stack, "never")
        finally:
            envoy.stop()


def test_a_sidecar_that_never_answers_is_the_same_503(upstream: MockUpstream) -> None:
    """Envoy's message timeout (2 s; details `ext_proc_error_per-message_timeout_exceeded`,
    a 504 without the mapper) is the same `guardrail_unavailable` for the client."""
    accepted: list[socket.socket] = []
    with socket.socket() as silent:
        silent.bind(("127.0.0.1", 0))
        silent.listen()

        def accept() -> None:
            try:
                while True:
                    accepted.append(silent.accept()[0])  # read nothing, answer nothing
            except OSError:
                pass  # closed at the end of the test

        threading.Thread(target=accept, daemon=True).start()
        envoy = start_envoy(upstream.port, silent.getsockname()[1])
        try:
            stack = Stack(envoy=envoy, upstream=upstream)
            reply = stack.post(chat(), {"x-mock-answer": GROUNDED, "x-test-id": "silent"})
            assert_guardrail_unavailable(reply)
            assert stack.upstream.requests_with("x-test-id", "silent") == []
        finally:
            envoy.stop()
            for connection in accepted:
                connection.close()


def test_an_unreachable_upstream_stays_a_gateway_error(stack: Stack) -> None:
    """The 503 mapper matches ext_proc failures only: an LLM API that refuses connections
    keeps its own JSON local reply (`gateway_error`, no retry-after from the mapper)."""
    with socket.socket() as closed:
        closed.bind(("127.0.0.1", 0))
        assert stack.sidecar is not None
        envoy = start_envoy(closed.getsockname()[1], stack.sidecar.port)
        try:
            dead_upstream = Stack(envoy=envoy, upstream=stack.upstream)
            reply = dead_upstream.post(chat(), {"x-workspace-id": "block"})
        finally:
            envoy.stop()
    assert reply.status == 503, reply.body
    assert reply.headers["content-type"] == "application/json"
    assert reply.json()["error"]["type"] == "gateway_error"
    assert "retry-after" not in reply.headers


def test_sigterm_lets_an_in_flight_stream_finish(
    upstream: MockUpstream, sidecar_output: SidecarOutput
) -> None:
    process, port = start_sidecar_process(
        sidecar_output, "sigterm", "--action", "LOG", "--grace-seconds", "10"
    )
    envoy: EnvoyProcess | None = None
    try:
        envoy = start_envoy(upstream.port, port)
        stack = Stack(envoy=envoy, upstream=upstream)
        terminated = threading.Event()

        def terminate() -> None:
            process.send_signal(signal.SIGTERM)
            terminated.set()

        reply, chunks = stack.stream(
            chat(stream=True),
            {"x-mock-answer": GROUNDED, "x-mock-delay": "0.1"},
            on_first_chunk=terminate,
        )
        assert terminated.is_set() and len(chunks) > 1
        assert reply.status == 200
        assert sse_events(reply.body)[-1] == "[DONE]"  # the stream was not cut
        assert process.wait(timeout=15) == 0
    finally:
        if process.poll() is None:
            process.kill()
        if envoy is not None:
            envoy.stop()
