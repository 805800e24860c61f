"""Acceptance: compressed answers through a real Envoy (deploy/envoy/envoy.yaml).

The chat route asks the upstream for an uncompressed answer; an upstream that compresses
it anyway gets it refused under BLOCK (`unsupported_encoding`: the sidecar cannot read
it), never delivered unchecked, and relayed as it came, `unknown`, elsewhere
(docs/extproc.md#compressed-answers).  A compressed request body cannot be read either:
refused before the upstream is called, as a malformed one is.
"""

from __future__ import annotations

import gzip
import json
import uuid

import pytest

from devtools.mock_upstream import completion

from .harness import GROUNDED, UNGROUNDED, Stack, chat, stream_text

pytestmark = pytest.mark.envoy

CLIENT_ACCEPTS = "gzip, deflate, br, zstd"  # what the official SDKs' HTTP clients send


def test_the_chat_route_asks_the_upstream_for_an_uncompressed_answer(stack: Stack) -> None:
    test_id = f"accept-{uuid.uuid4().hex}"
    headers = {"x-workspace-id": "block", "accept-encoding": CLIENT_ACCEPTS, "x-test-id": test_id}
    reply = stack.post(chat(), {**headers, "x-mock-answer": GROUNDED})
    assert reply.status == 200
    (received,) = stack.upstream.requests_with("x-test-id", test_id)
    assert received.values("accept-encoding") == []


def test_other_paths_keep_the_clients_accept_encoding(stack: Stack) -> None:
    test_id = f"accept-other-{uuid.uuid4().hex}"
    headers = {"accept-encoding": CLIENT_ACCEPTS, "x-test-id": test_id}
    reply = stack.post(b"{}", headers, path="/v1/embeddings")
    assert reply.status == 200
    (received,) = stack.upstream.requests_with("x-test-id", test_id)
    assert received.values("accept-encoding") == [CLIENT_ACCEPTS]


@pytest.mark.parametrize("stream", [False, True])
@pytest.mark.parametrize("coding", ["gzip", "x-unknown"])
def test_a_compressed_answer_is_refused_under_block(
    stack: Stack, stream: bool, coding: str
) -> None:
    headers = {"x-workspace-id": "block", "x-mock-encoding": coding, "x-mock-answer": GROUNDED}
    reply = stack.post(chat(stream=stream), headers)
    assert reply.status == 403
    error = reply.json()["error"]
    assert error["code"] == "unsupported_encoding"
    assert reply.headers["x-grounding-verdict"] == "unknown"
    assert "content-encoding" not in reply.headers  # the refusal is plain JSON
    assert b"Eiffel" not in reply.body  # nothing of the unread answer went out


@pytest.mark.parametrize("workspace", ["log", "block-lenient"])
def test_a_compressed_answer_is_relayed_as_unknown_otherwise(stack: Stack, workspace: str) -> None:
    headers = {"x-workspace-id": workspace, "x-mock-encoding": "gzip"}
    reply = stack.post(chat(), {**headers, "x-mock-answer": UNGROUNDED})
    assert reply.status == 200
    assert reply.headers["x-grounding-verdict"] == "unknown"
    assert reply.headers["content-encoding"] == "gzip"
    assert gzip.decompress(reply.body) == completion(UNGROUNDED)  # as the upstream sent it


def test_a_compressed_stream_is_relayed_as_unknown_under_log(stack: Stack) -> None:
    headers = {"x-workspace-id": "log", "x-mock-encoding": "gzip", "x-mock-answer": GROUNDED}
    reply, _ = stack.stream(chat(stream=True), headers)
    assert reply.status == 200
    assert reply.headers["x-grounding-verdict"] == "unknown"
    assert stream_text(gzip.decompress(reply.body)) == GROUNDED


def test_a_compressed_request_body_is_refused_and_never_forwarded(stack: Stack) -> None:
    test_id = f"compressed-request-{uuid.uuid4().hex}"
    body = gzip.compress(json.dumps(chat()).encode())
    headers = {"x-workspace-id": "block", "content-encoding": "gzip", "x-test-id": test_id}
    reply = stack.post(body, headers)
    assert reply.status == 400
    error = reply.json()["error"]
    assert error["code"] == "invalid_request_body"
    assert "compressed (content-encoding: gzip)" in error["message"]
    assert stack.upstream.requests_with("x-test-id", test_id) == []  # sources never left
