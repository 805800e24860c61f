"""Acceptance: every spelling of the chat path is checked (deploy/envoy/envoy.yaml).

An upstream that percent-decodes its path (FastAPI-based servers do) or merges slashes
(nginx does) answers "/v1/chat/completion%73" or "//v1//chat//completions" as a chat
completion; Envoy normalizes the path before routing, so the route, the sidecar and the
upstream all read the same path, and none of these gets an unchecked answer or the
sources.  An escaped slash (%2F), which upstreams read either way, is refused
(docs/extproc.md#paths).
"""

from __future__ import annotations

import uuid

import pytest

from .harness import UNGROUNDED, Stack, chat

pytestmark = pytest.mark.envoy

SPELLINGS = [
    "/v1/chat/completion%73",
    "/v1/chat/%63ompletions",
    "/v1/chat/completions/.",
    "/v1/./chat/completions",
    "/v1/models/../chat/completions",
    "//v1//chat//completions",
    "/v1/chat/completions/?api-version=1",
]


@pytest.mark.parametrize("path", SPELLINGS)
def test_a_respelled_chat_path_is_checked_and_keeps_its_sources(stack: Stack, path: str) -> None:
    test_id = f"path-{uuid.uuid4().hex}"
    headers = {"x-workspace-id": "block", "x-mock-answer": UNGROUNDED, "x-test-id": test_id}
    reply = stack.post(chat(), headers, path=path)
    assert reply.status == 403, reply.body
    assert reply.json()["error"]["code"] == "hallucination_detected"
    (received,) = stack.upstream.requests_with("x-test-id", test_id)
    assert received.path.split("?")[0].rstrip("/") == "/v1/chat/completions"
    assert b"grounding.sources" not in received.body


@pytest.mark.parametrize(
    "path", ["/v1/chat%2Fcompletions", "/v1/chat/completions%2f", "/v1%5Cchat"]
)
def test_an_escaped_slash_is_refused_before_the_upstream(stack: Stack, path: str) -> None:
    test_id = f"slash-{uuid.uuid4().hex}"
    reply = stack.post(chat(), {"x-workspace-id": "block", "x-test-id": test_id}, path=path)
    assert reply.status == 400
    error = reply.json()["error"]
    assert (error["type"], error["code"]) == ("invalid_request_error", "invalid_path")
    assert stack.upstream.requests_with("x-test-id", test_id) == []


def test_other_paths_are_still_relayed_unchecked(stack: Stack) -> None:
    reply = stack.post(chat(), {"x-workspace-id": "block"}, path="/v1/completions")
    assert reply.status == 200
    assert "x-grounding-verdict" not in reply.headers
