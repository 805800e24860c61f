"""Acceptance: spoken answers through a real Envoy (`modalities: ["audio"]`).

The sidecar reads an answer's text; a spoken one carries it only in its audio, so it is
unverifiable: BLOCK refuses it (`unsupported_content`), never delivers it unchecked,
and LOG relays it with `unknown` (docs/contract.md#unverifiable-answers).
"""

from __future__ import annotations

import pytest

from devtools.mock_upstream import completion

from .harness import GROUNDED, UNGROUNDED, Stack, chat, stream_text

pytestmark = pytest.mark.envoy

SPOKEN = {"x-mock-behaviour": "audio"}


@pytest.mark.parametrize("answer", [GROUNDED, UNGROUNDED])
def test_a_spoken_answer_is_refused_under_block(stack: Stack, answer: str) -> None:
    reply = stack.post(chat(), {**SPOKEN, "x-workspace-id": "block", "x-mock-answer": answer})
    assert reply.status == 403
    assert reply.json()["error"]["code"] == "unsupported_content"
    assert reply.headers["x-grounding-verdict"] == "unknown"
    assert b"UklGR" not in reply.body  # none of the audio


def test_a_spoken_stream_ends_with_content_filter_under_block(stack: Stack) -> None:
    headers = {**SPOKEN, "x-workspace-id": "block", "x-mock-answer": UNGROUNDED}
    reply, _ = stack.stream(chat(stream=True), headers)
    assert reply.headers["x-grounding-verdict"] == "unknown"
    assert b"UklGR" not in reply.body
    assert b'"finish_reason":"content_filter"' in reply.body.replace(b" ", b"")
    assert stream_text(reply.body) == ""


def test_a_spoken_answer_is_relayed_as_unknown_under_log(stack: Stack) -> None:
    reply = stack.post(chat(), {**SPOKEN, "x-workspace-id": "log", "x-mock-answer": UNGROUNDED})
    assert reply.status == 200
    assert reply.headers["x-grounding-verdict"] == "unknown"
    assert reply.body == completion(UNGROUNDED, audio=True)
