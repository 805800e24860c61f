"""Acceptance: spoken answers through a real Envoy (`modalities: ["audio"]`).

A spoken answer's words are in its audio's transcript (`content` null): the transcript
is checked as the answer, so BLOCK delivers a grounded one and refuses an ungrounded
one; one without a transcript cannot be checked and is unverifiable
(docs/contract.md#unverifiable-answers).
"""

from __future__ import annotations

import pytest

from devtools.mock_upstream import Audio, completion

from .harness import GROUNDED, UNGROUNDED, Stack, chat

pytestmark = pytest.mark.envoy

SPOKEN = {"x-mock-behaviour": Audio.TRANSCRIBED.value}


def test_a_grounded_spoken_answer_is_delivered_under_block(stack: Stack) -> None:
    reply = stack.post(chat(), {**SPOKEN, "x-workspace-id": "block", "x-mock-answer": GROUNDED})
    assert reply.status == 200
    assert reply.headers["x-grounding-verdict"] == "pass"
    assert reply.body == completion(GROUNDED, audio=Audio.TRANSCRIBED)


def test_an_ungrounded_spoken_answer_is_refused_under_block(stack: Stack) -> None:
    reply = stack.post(chat(), {**SPOKEN, "x-workspace-id": "block", "x-mock-answer": UNGROUNDED})
    assert reply.status == 403
    assert reply.json()["error"]["code"] == "hallucination_detected"
    assert b"UklGR" not in reply.body  # none of the audio


def test_an_ungrounded_spoken_stream_ends_with_content_filter_under_block(stack: Stack) -> None:
    headers = {**SPOKEN, "x-workspace-id": "block", "x-mock-answer": UNGROUNDED}
    reply, _ = stack.stream(chat(stream=True), headers)
    assert reply.headers["x-grounding-verdict"] == "fail"
    assert b"UklGR" not in reply.body
    assert b'"finish_reason":"content_filter"' in reply.body.replace(b" ", b"")


@pytest.mark.parametrize(("workspace", "status"), [("block", 403), ("log", 200)])
def test_a_spoken_answer_without_a_transcript_is_unverifiable(
    stack: Stack, workspace: str, status: int
) -> None:
    headers = {"x-mock-behaviour": Audio.UNTRANSCRIBED.value, "x-mock-answer": GROUNDED}
    reply = stack.post(chat(), {**headers, "x-workspace-id": workspace})
    assert reply.status == status
    assert reply.headers["x-grounding-verdict"] == "unknown"
    if status == 403:
        assert reply.json()["error"]["code"] == "unsupported_content"
    else:
        assert reply.body == completion(GROUNDED, audio=Audio.UNTRANSCRIBED)
