"""Acceptance: each bad input has its documented outcome (docs/extproc.md), and the
sidecar keeps serving the next request."""

from __future__ import annotations

import json

import pytest

from devtools.mock_upstream import completion
from tests.support.fake_detectors import SLOW_MARKER

from .harness import (
    GROUNDED,
    SOURCE,
    UNGROUNDED,
    Stack,
    chat,
    sse_events,
    stream_text,
    traceparent,
)

pytestmark = pytest.mark.envoy


def assert_still_serving(stack: Stack) -> None:
    reply = stack.post(chat(), {"x-workspace-id": "block", "x-mock-answer": GROUNDED})
    assert reply.status == 200 and reply.headers["x-grounding-verdict"] == "pass"


@pytest.mark.parametrize(
    "raw",
    [
        b'{"model": "m", "messages": [ oops',
        b'{"model": "m", "metadata": {"grounding.sources": ["a secret source"]},}',
        b"model=m&metadata[grounding.sources]=a+secret+source",  # form-encoded
    ],
    ids=["truncated", "trailing-comma", "form-encoded"],
)
@pytest.mark.parametrize("workspace", ["block", "default", "off"])
def test_an_unreadable_chat_body_is_refused_before_the_upstream(
    stack: Stack, raw: bytes, workspace: str
) -> None:
    test_id = f"bad-request-{workspace}-{len(raw)}"
    reply = stack.post(raw, {"x-workspace-id": workspace, "x-test-id": test_id})
    assert reply.status == 400
    error = reply.json()["error"]
    assert (error["type"], error["code"]) == ("invalid_request_error", "invalid_request_body")
    assert b"secret" not in reply.body  # the message says where, never what
    assert stack.upstream.requests_with("x-test-id", test_id) == []  # sources never left
    assert_still_serving(stack)


def test_invalid_sources_are_refused_with_400(stack: Stack) -> None:
    body = chat()
    body["metadata"]["grounding.sources"] = ["a source", 3]
    reply = stack.post(body, {"x-workspace-id": "block", "x-test-id": "bad-sources"})
    assert reply.status == 400
    assert reply.json()["error"]["code"] == "invalid_grounding_sources"
    assert stack.upstream.requests_with("x-test-id", "bad-sources") == []
    assert_still_serving(stack)


@pytest.mark.parametrize(
    ("behaviour", "body"),
    [("malformed", b"<html>not json</html>"), ("deep-json", b'{"choices":' + b"[" * 5_000)],
    ids=["not JSON", "nested deeper than the parser's stack"],
)
def test_malformed_upstream_json_is_unknown_and_follows_the_workspace(
    stack: Stack, behaviour: str, body: bytes
) -> None:
    headers = {"x-mock-behaviour": behaviour}
    delivered = stack.post(chat(), {"x-workspace-id": "block", **headers})
    assert delivered.status == 200 and delivered.body == body
    assert delivered.headers["x-grounding-verdict"] == "unknown"
    refused = stack.post(chat(), {"x-workspace-id": "block-unknown", **headers})
    assert refused.status == 403
    assert refused.json()["error"]["code"] == "grounding_unverified"
    assert_still_serving(stack)


def test_broken_sse_framing_under_block_is_refused_as_incomplete(stack: Stack) -> None:
    reply, _ = stack.stream(
        chat(stream=True),
        {"x-workspace-id": "block", "x-mock-answer": GROUNDED, "x-mock-behaviour": "broken-sse"},
    )
    assert reply.status == 200
    assert stream_text(reply.body) == ""
    assert json.loads(sse_events(reply.body)[0])["choices"][0]["finish_reason"] == "content_filter"
    assert_still_serving(stack)


def test_a_json_response_over_max_response_bytes_is_unverifiable(stack: Stack) -> None:
    headers = {"x-mock-answer": GROUNDED, "x-mock-behaviour": "pad:40000"}
    for workspace in ("block", "block-unknown"):
        refused = stack.post(chat(), {"x-workspace-id": workspace, **headers})
        assert refused.status == 403
        assert refused.json()["error"]["code"] == "answer_over_limit"
        assert refused.headers["x-grounding-verdict"] == "unknown"
    reply = stack.post(chat(), {"x-workspace-id": "block-lenient", **headers})
    assert reply.status == 200
    assert reply.headers["x-grounding-verdict"] == "unknown"
    assert reply.body == completion(GROUNDED + " " + "x" * 40000)
    assert_still_serving(stack)


def test_a_stream_over_max_stream_bytes_is_delivered_and_scan_incomplete(stack: Stack) -> None:
    trace = "5" * 32
    reply, _ = stack.stream(
        chat(stream=True),
        {
            "x-workspace-id": "log",
            "x-mock-answer": GROUNDED + " " + " ".join(["filler"] * 3000),
            "x-mock-chunks": "40",
            "traceparent": traceparent(trace),
        },
    )
    assert reply.status == 200
    assert sse_events(reply.body)[-1] == "[DONE]"  # everything delivered
    event = stack.recorder.wait_for_check(trace)
    assert event.outcome.truncated
    assert event.decision.verdict.value != "pass"  # a prefix cannot pass the whole answer
    assert_still_serving(stack)


def test_a_stream_over_max_stream_bytes_under_block_checks_the_prefix(stack: Stack) -> None:
    reply, _ = stack.stream(
        chat(stream=True),
        {
            "x-workspace-id": "block",
            "x-mock-answer": UNGROUNDED + " " + " ".join(["filler"] * 3000),
            "x-mock-chunks": "40",
        },
    )
    assert reply.status == 200
    assert "Great Wall" not in stream_text(reply.body)
    assert json.loads(sse_events(reply.body)[0])["choices"][0]["finish_reason"] == "content_filter"
    assert_still_serving(stack)


def test_an_upstream_that_ends_without_done_is_refused_under_block(stack: Stack) -> None:
    reply, _ = stack.stream(
        chat(stream=True),
        {"x-workspace-id": "block", "x-mock-answer": GROUNDED, "x-mock-behaviour": "truncate"},
    )
    assert reply.status == 200
    assert stream_text(reply.body) == ""
    assert sse_events(reply.body)[-1] == "[DONE]"
    assert_still_serving(stack)


def test_an_upstream_reset_mid_stream_under_block_leaks_nothing(stack: Stack) -> None:
    reply, _ = stack.stream(
        chat(stream=True),
        {"x-workspace-id": "block", "x-mock-answer": GROUNDED, "x-mock-behaviour": "abort"},
    )
    # Headers were held, so Envoy can still answer with a (JSON) 5xx.
    assert reply.status >= 500
    assert "error" in reply.json()
    assert b"Eiffel" not in reply.body
    assert_still_serving(stack)


def test_an_upstream_reset_mid_stream_under_log_ends_the_client_stream(stack: Stack) -> None:
    reply, _ = stack.stream(
        chat(stream=True),
        {
            "x-workspace-id": "log",
            "x-mock-answer": GROUNDED,
            "x-mock-behaviour": "abort",
            # Let the relayed headers and first chunks reach the client before the reset
            # (with none delivered yet, Envoy answers 502 instead).
            "x-mock-delay": "0.05",
        },
    )
    assert reply.status == 200
    assert "Eiffel" in stream_text(reply.body)  # relayed as produced
    assert b"[DONE]" not in reply.body  # the client sees the stream break off
    assert_still_serving(stack)


def test_a_check_over_the_deadline_fails_closed_under_block(stack: Stack) -> None:
    answer = f"{GROUNDED} {SLOW_MARKER}"
    reply = stack.post(chat(), {"x-workspace-id": "block", "x-mock-answer": answer})
    assert reply.status == 403
    error = reply.json()["error"]
    assert error["code"] == "grounding_unverified"
    assert "deadline" in error["message"]
    logged = stack.post(chat(), {"x-workspace-id": "log", "x-mock-answer": answer})
    assert logged.status == 200 and logged.headers["x-grounding-verdict"] == "unknown"
    assert_still_serving(stack)


def test_a_request_over_envoys_buffer_gets_a_json_413(stack: Stack) -> None:
    big = chat(sources=["word " * 250_000])  # > 1 MiB BUFFERED request body
    reply = stack.post(big, {"x-workspace-id": "block", "x-test-id": "too-big"})
    assert reply.status == 413
    assert reply.json()["error"]["code"] == "request_too_large"
    assert stack.upstream.requests_with("x-test-id", "too-big") == []
    assert_still_serving(stack)


def test_a_request_nested_deeper_than_the_parser_is_refused(stack: Stack) -> None:
    raw = b'{"model": "m", "messages": ' + b"[" * 5_000 + b"]" * 5_000 + b"}"
    reply = stack.post(raw, {"x-workspace-id": "block", "x-test-id": "deep-request"})
    assert reply.status == 400
    assert reply.json()["error"]["code"] == "invalid_request_body"
    assert "nested too deeply" in reply.json()["error"]["message"]
    assert stack.upstream.requests_with("x-test-id", "deep-request") == []
    assert_still_serving(stack)


def test_a_lone_surrogate_escape_is_checked_and_refused_with_valid_json(stack: Stack) -> None:
    headers = {"x-workspace-id": "block", "x-mock-behaviour": "lone-surrogate"}
    grounded = stack.post(chat(), {**headers, "x-mock-answer": GROUNDED})
    assert grounded.status == 200 and grounded.headers["x-grounding-verdict"] == "pass"
    assert grounded.json()["choices"][0]["message"]["content"] == GROUNDED + " \ud800"
    refused = stack.post(chat(), {**headers, "x-mock-answer": UNGROUNDED})
    assert refused.status == 403
    error = refused.json()["error"]  # the envelope quotes the claim: still valid JSON
    assert error["code"] == "hallucination_detected"
    assert "\ud800" in error["message"]
    assert_still_serving(stack)


def test_a_request_with_a_lone_surrogate_escape_reaches_upstream_as_valid_json(
    stack: Stack,
) -> None:
    body = chat(sources=[SOURCE + " \ud800"])
    body["messages"][0]["content"] += " \ud800"  # stays in the body the sidecar rewrites
    raw = json.dumps(body).encode()  # ASCII, with the escapes
    reply = stack.post(raw, {"x-workspace-id": "block", "x-test-id": "surrogate-request"})
    assert reply.status == 200
    (received,) = stack.upstream.requests_with("x-test-id", "surrogate-request")
    forwarded = json.loads(received.body.decode("utf-8"))  # strict: valid UTF-8 on the wire
    assert "grounding.sources" not in forwarded["metadata"]
    assert forwarded["messages"] == body["messages"]
