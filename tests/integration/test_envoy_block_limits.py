"""No way around BLOCK through the limits: padding the request or the answer past what
the sidecar checks gets the answer refused, never delivered unverified.

Each ungrounded answer is refused through the real Envoy under the BLOCK workspace
(JSON 403 with the limit named; SSE ends with `content_filter`), and the grounded
control with the same padding is delivered (docs/contract.md#unverifiable-answers).
"""

from __future__ import annotations

import json

import pytest

from .harness import GROUNDED, SOURCE, UNGROUNDED, Stack, chat, sse_events, stream_text

JUNK = "Unrelated filler text about nothing in particular."
PADDINGS = {
    "51 sources (max-sources is 50)": [SOURCE] + [JUNK] * 50,
    "a source over max-source-length": [SOURCE, "j" * 10_001],
    "10,000 tiny sources": [SOURCE] + ["x"] * 9_999,
    "blank sources only": ["", "   "],
}


@pytest.mark.parametrize("padding", list(PADDINGS), ids=list(PADDINGS))
def test_padded_sources_cannot_deliver_an_unsupported_answer(stack: Stack, padding: str) -> None:
    body = chat(sources=PADDINGS[padding])
    refused = stack.post(body, {"x-workspace-id": "block", "x-mock-answer": UNGROUNDED})
    assert refused.status == 403
    error = refused.json()["error"]
    assert error["code"] == "sources_dropped", error
    assert "Great Wall" not in refused.body.decode()
    assert refused.headers["x-grounding-verdict"] == "unknown"


@pytest.mark.parametrize("padding", [p for p in PADDINGS if "blank" not in p])
def test_the_grounded_answer_with_the_same_padding_is_delivered(stack: Stack, padding: str) -> None:
    body = chat(sources=PADDINGS[padding])
    reply = stack.post(body, {"x-workspace-id": "block", "x-mock-answer": GROUNDED})
    assert reply.status == 200
    assert reply.headers["x-grounding-verdict"] == "pass"


def test_padded_sources_are_refused_in_a_stream_too(stack: Stack) -> None:
    body = chat(sources=PADDINGS["51 sources (max-sources is 50)"], stream=True)
    reply, _ = stack.stream(body, {"x-workspace-id": "block", "x-mock-answer": UNGROUNDED})
    assert reply.status == 200
    assert "Great Wall" not in stream_text(reply.body)
    first = json.loads(sse_events(reply.body)[0])
    assert first["choices"][0]["finish_reason"] == "content_filter"


def test_a_workspace_that_opts_out_delivers_the_unverified_answer(stack: Stack) -> None:
    body = chat(sources=PADDINGS["51 sources (max-sources is 50)"])
    reply = stack.post(body, {"x-workspace-id": "block-lenient", "x-mock-answer": UNGROUNDED})
    assert reply.status == 200
    assert reply.headers["x-grounding-verdict"] == "unknown"


def test_a_grounded_prefix_of_a_stream_over_the_bound_is_not_a_pass(stack: Stack) -> None:
    # The grounded sentence, then 40,000 bytes past max-stream-bytes (16 KiB here) that
    # the sidecar never reads: the prefix passes, the answer as a whole is unverified.
    headers = {"x-mock-answer": GROUNDED, "x-mock-behaviour": "pad:40000"}
    refused, _ = stack.stream(chat(stream=True), {"x-workspace-id": "block", **headers})
    assert refused.status == 200
    assert "xxxx" not in stream_text(refused.body)  # the unchecked tail never goes out
    first = json.loads(sse_events(refused.body)[0])
    assert first["choices"][0]["finish_reason"] == "content_filter"
    delivered, _ = stack.stream(chat(stream=True), {"x-workspace-id": "block-lenient", **headers})
    assert sse_events(delivered.body)[-1] == "[DONE]"
    assert stream_text(delivered.body) == GROUNDED + " " + "x" * 40000
