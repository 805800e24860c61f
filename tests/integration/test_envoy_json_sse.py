"""Acceptance: JSON and SSE answers through a real Envoy under LOG, FLAG and BLOCK."""

from __future__ import annotations

import json
import re
import uuid

import pytest

from devtools.mock_upstream import completion, split_answer, sse_chunk
from tests.support.eventually import eventually

from .harness import (
    GROUNDED,
    SOURCE,
    UNGROUNDED,
    Stack,
    access_log_lines,
    chat,
    sse_events,
    stream_text,
    traceparent,
)

pytestmark = pytest.mark.envoy

ACTIONS = ["log", "flag", "block"]


def expected_sse(answer: str) -> bytes:
    events = [sse_chunk(piece) for piece in split_answer(answer, 0)]
    return b"".join([*events, sse_chunk(None, finish="stop"), b"data: [DONE]\n\n"])


@pytest.mark.parametrize("workspace", ACTIONS)
def test_grounded_json_passes_byte_identical(stack: Stack, workspace: str) -> None:
    reply = stack.post(chat(), {"x-workspace-id": workspace, "x-mock-answer": GROUNDED})
    assert reply.status == 200
    assert reply.body == completion(GROUNDED)
    assert reply.headers["x-grounding-verdict"] == "pass"


@pytest.mark.parametrize("workspace", ["log", "flag"])
def test_ungrounded_json_is_delivered_under_log_and_flag(stack: Stack, workspace: str) -> None:
    reply = stack.post(chat(), {"x-workspace-id": workspace, "x-mock-answer": UNGROUNDED})
    assert reply.status == 200
    assert reply.body == completion(UNGROUNDED)
    assert reply.headers["x-grounding-verdict"] == "fail"


def test_ungrounded_json_under_block_gets_the_exact_envelope(stack: Stack) -> None:
    trace = "4bf92f3577b34da6a3ce929d0e0e4736"
    reply = stack.post(
        chat(),
        {
            "x-workspace-id": "block",
            "x-mock-answer": f"{GROUNDED} {UNGROUNDED}",
            "traceparent": traceparent(trace),
        },
    )
    assert reply.status == 403
    assert reply.headers["content-type"] == "application/json"
    assert reply.json() == {
        "error": {
            "type": "guardrail_violation",
            "code": "hallucination_detected",
            "message": f"Response contains ungrounded claims: {UNGROUNDED}",
            "trace_id": trace,
        }
    }
    assert b"Eiffel" not in reply.body  # nothing of the answer leaks


def test_the_trace_id_is_fresh_without_traceparent(stack: Stack) -> None:
    reply = stack.post(chat(), {"x-workspace-id": "block", "x-mock-answer": UNGROUNDED})
    assert re.fullmatch(r"[0-9a-f]{32}", reply.json()["error"]["trace_id"])


def test_sources_sent_as_a_json_string_work_too(stack: Stack) -> None:
    reply = stack.post(
        chat(sources_as_string=True), {"x-workspace-id": "block", "x-mock-answer": UNGROUNDED}
    )
    assert reply.status == 403


@pytest.mark.parametrize(("answer", "status"), [(GROUNDED, 200), (UNGROUNDED, 403)])
def test_one_plain_string_is_one_source(stack: Stack, answer: str, status: int) -> None:
    body = chat(sources=None)
    body["metadata"]["grounding.sources"] = SOURCE
    reply = stack.post(body, {"x-workspace-id": "block", "x-mock-answer": answer})
    assert reply.status == status
    assert reply.headers["x-grounding-verdict"] == ("pass" if status == 200 else "fail")


def test_ungrounded_sse_under_block_ends_with_content_filter_then_done(stack: Stack) -> None:
    reply, _ = stack.stream(
        chat(stream=True), {"x-workspace-id": "block", "x-mock-answer": UNGROUNDED}
    )
    assert reply.status == 200
    assert reply.headers["x-grounding-verdict"] == "fail"
    events = sse_events(reply.body)
    assert len(events) == 2
    final = json.loads(events[0])
    assert [c["finish_reason"] for c in final["choices"]] == ["content_filter"]
    assert final["choices"][0]["delta"] == {}
    assert events[1] == "[DONE]"
    assert stream_text(reply.body) == ""


@pytest.mark.parametrize("workspace", ACTIONS)
def test_grounded_sse_arrives_complete(stack: Stack, workspace: str) -> None:
    reply, _ = stack.stream(
        chat(stream=True), {"x-workspace-id": workspace, "x-mock-answer": GROUNDED}
    )
    assert reply.status == 200
    assert reply.body == expected_sse(GROUNDED)


@pytest.mark.parametrize("workspace", ["log", "flag"])
def test_sse_under_log_and_flag_flows_before_the_upstream_finishes(
    stack: Stack, workspace: str
) -> None:
    test_id = f"first-chunk-{workspace}"
    trace = f"{abs(hash(test_id)):032x}"[-32:]
    seen_before_upstream_finished: list[bool] = []
    reply, chunks = stack.stream(
        chat(stream=True),
        {
            "x-workspace-id": workspace,
            "x-mock-answer": UNGROUNDED,
            "x-mock-delay": "0.15",
            "x-test-id": test_id,
            "traceparent": traceparent(trace),
        },
        on_first_chunk=lambda: seen_before_upstream_finished.append(
            not stack.upstream.is_finished(test_id)
        ),
    )
    assert seen_before_upstream_finished == [True]
    assert len(chunks) > 1
    assert reply.body == expected_sse(UNGROUNDED)  # delivered unchanged
    event = stack.recorder.wait_for_check(trace)  # ... and the verdict still recorded
    assert event.decision.verdict.value == "fail"
    assert event.action.value == workspace.upper()
    assert event.decision.deliver


def test_sse_under_block_is_held_until_the_upstream_finishes(stack: Stack) -> None:
    test_id = "held-block"
    upstream_done_at_first_byte: list[bool] = []
    reply, _ = stack.stream(
        chat(stream=True),
        {
            "x-workspace-id": "block",
            "x-mock-answer": GROUNDED,
            "x-mock-delay": "0.05",
            "x-test-id": test_id,
        },
        on_first_chunk=lambda: upstream_done_at_first_byte.append(
            stack.upstream.is_finished(test_id)
        ),
    )
    assert upstream_done_at_first_byte == [True]
    assert reply.body == expected_sse(GROUNDED)


def test_the_upstream_never_sees_the_sources(stack: Stack) -> None:
    test_id = "strip-sources"
    reply = stack.post(
        chat(), {"x-workspace-id": "block", "x-mock-answer": GROUNDED, "x-test-id": test_id}
    )
    assert reply.status == 200
    (received,) = stack.upstream.requests_with("x-test-id", test_id)
    assert b"grounding.sources" not in received.body
    assert SOURCE.encode() not in received.body
    assert int(received.headers["content-length"]) == len(received.body)
    forwarded = json.loads(received.body)
    assert forwarded["metadata"] == {"conversation": "c-1"}
    assert forwarded["messages"] == chat()["messages"]


def test_requests_without_sources_are_not_checked(stack: Stack) -> None:
    test_id = "no-sources"
    raw = json.dumps(chat(sources=None)).encode()
    reply = stack.post(
        raw, {"x-workspace-id": "block", "x-mock-answer": UNGROUNDED, "x-test-id": test_id}
    )
    assert reply.status == 200
    assert "x-grounding-verdict" not in reply.headers
    (received,) = stack.upstream.requests_with("x-test-id", test_id)
    assert received.body == raw  # untouched, byte for byte


def test_a_disabled_workspace_is_not_checked_but_still_stripped(stack: Stack) -> None:
    test_id = "disabled"
    reply = stack.post(
        chat(), {"x-workspace-id": "off", "x-mock-answer": UNGROUNDED, "x-test-id": test_id}
    )
    assert reply.status == 200 and "x-grounding-verdict" not in reply.headers
    (received,) = stack.upstream.requests_with("x-test-id", test_id)
    assert b"grounding.sources" not in received.body


def test_non_chat_paths_pass_untouched(stack: Stack) -> None:
    connection = stack.connection()
    connection.request("GET", "/v1/models", headers={"x-workspace-id": "block"})
    response = connection.getresponse()
    assert response.status == 200
    assert json.loads(response.read())["data"][0]["id"] == "mock"
    connection.close()


def test_non_2xx_upstream_answers_pass_unchecked(stack: Stack) -> None:
    reply = stack.post(chat(), {"x-workspace-id": "block", "x-mock-behaviour": "status-500"})
    assert reply.status == 500
    assert reply.json() == {"error": {"message": "upstream failed"}}
    assert "x-grounding-verdict" not in reply.headers


def test_the_verdict_reaches_envoy_dynamic_metadata(stack: Stack) -> None:
    trace = uuid.uuid4().hex  # this request's own: it names its access-log line
    reply = stack.post(
        chat(),
        {"x-workspace-id": "flag", "x-mock-answer": UNGROUNDED, "traceparent": traceparent(trace)},
    )
    assert reply.status == 200 and reply.headers["x-grounding-verdict"] == "fail"
    # The access log is written when the stream closes: wait for this request's line.
    (line,) = eventually(
        lambda: access_log_lines(stack.envoy, trace), what=f"the access-log line of {trace}"
    )
    assert line["method"] == "POST" and line["path"] == "/v1/chat/completions"
    assert line["status"] == 200
    assert line["grounding_verdict"] == "fail"
    assert line["grounding_action"] == "FLAG"
    result = stack.recorder.wait_for_check(trace).outcome.result
    assert result is not None and result.ungrounded_claims
    assert line["grounding_version"] == result.version
    assert line["grounding_ungrounded_claims"] == len(result.ungrounded_claims)


@pytest.mark.parametrize(("answer", "verdict"), [(f"{GROUNDED} {GROUNDED}", "pass"),
                                                 (f"{GROUNDED} {UNGROUNDED}", "fail")])  # fmt: skip
def test_a_progressive_stream_s_verdict_reaches_envoy_dynamic_metadata(
    stack: Stack, answer: str, verdict: str
) -> None:
    trace = uuid.uuid4().hex
    reply = stack.post(
        chat(stream=True),
        {
            "x-workspace-id": "progressive",
            "x-mock-answer": answer,
            "x-mock-delay": "0.05",  # the first sentence settles, is verified and released
            "traceparent": traceparent(trace),
        },
    )
    assert reply.status == 200
    # The headers went out with the first verified sentence, before any verdict...
    assert reply.headers["x-grounding-delivery"] == "progressive"
    assert "x-grounding-verdict" not in reply.headers
    # ...and the verdict still reaches the access log, from the last body message.
    (line,) = eventually(
        lambda: access_log_lines(stack.envoy, trace), what=f"the access-log line of {trace}"
    )
    assert line["grounding_verdict"] == verdict
    assert line["grounding_action"] == "BLOCK"
    assert line["grounding_version"] == stack.recorder.wait_for_check(trace).outcome.result.version


@pytest.mark.parametrize(
    ("answer", "status", "verdict"),
    [("Paris.", 200, "pass"), ("Rome.", 403, "fail")],
)
@pytest.mark.parametrize("stream", [False, True])
def test_a_one_word_answer_is_graded_with_the_users_question(
    stack: Stack, answer: str, status: int, verdict: str, stream: bool
) -> None:
    """Alone, "Paris." is too short to grade (unknown); read after the request's last
    user message it is supported by the source, and "Rome." contradicts it."""
    body = chat(stream=stream)
    body["messages"] = [
        {"role": "system", "content": "Answer in one word."},
        {"role": "user", "content": "Where is the Eiffel Tower located?"},
    ]
    headers = {"x-workspace-id": "block", "x-mock-answer": answer}
    if stream:
        reply, _ = stack.stream(body, headers)
        assert reply.status == 200  # a refused stream ends with content_filter
        assert stream_text(reply.body) == (answer if verdict == "pass" else "")
    else:
        reply = stack.post(body, headers)
        assert reply.status == status
    assert reply.headers["x-grounding-verdict"] == verdict
    unasked = chat()
    unasked["messages"] = body["messages"][:1]  # no user message: nothing to read it with
    alone = stack.post(unasked, {"x-workspace-id": "log", "x-mock-answer": answer})
    assert alone.headers["x-grounding-verdict"] == "unknown"
