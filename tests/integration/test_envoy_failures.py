"""Acceptance: no detector, a dead sidecar, graceful shutdown."""

from __future__ import annotations

import json
import signal
import subprocess
import sys
import threading
from collections.abc import Iterator

import pytest

from devtools.envoy_process import EnvoyProcess
from devtools.inprocess import InProcessSidecar
from devtools.mock_upstream import MockUpstream

from .conftest import SidecarOutput, sidecar_settings, start_envoy
from .harness import GROUNDED, Stack, chat, sse_events

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


def test_a_killed_sidecar_fails_closed_with_a_json_5xx(
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
        for test_id in ("dead-json", "dead-sse"):
            body = chat(stream=test_id.endswith("sse"))
            reply = stack.post(body, {"x-mock-answer": GROUNDED, "x-test-id": test_id})
            assert reply.status >= 500
            assert reply.headers["content-type"] == "application/json"
            assert "error" in reply.json()
            assert b"Eiffel" not in reply.body
            assert stack.upstream.requests_with("x-test-id", test_id) == []
    finally:
        if process.poll() is None:
            process.kill()
        if envoy is not None:
            envoy.stop()


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
