"""No way around BLOCK through text the splitter leaves out: an ungrounded heading,
short sentence, source entry or pleasantry beside a grounded one is graded and
refused; what it does set aside (a source list, conversation) lets a grounded answer
through; fenced code stays ungraded, and the verdict says so (docs/contract.md#verdicts)."""

from __future__ import annotations

import json
from typing import Any

import pytest

from grounding_sidecar.detection.contract import CheckResult

from .harness import GROUNDED, SOURCE, Stack, chat, sse_events, stream_text, traceparent

UNGROUNDED_ASIDES = {
    "a short sentence with a number": f"{GROUNDED} Refunds take 90 days.",
    "a short negation": f"{GROUNDED} Returns are not accepted.",
    "a heading": f"# Refunds take 90 days\n\n{GROUNDED}",
    "a long heading": f"## The tower was moved to London in 1950\n\n{GROUNDED}",
    "a claim as a source entry": f"{GROUNDED} [1]\n\nSources:\n[1] The tower was moved in 1950",
    "a claim worded as a pleasantry": f"{GROUNDED} Feel free to visit it in London.",
}


@pytest.mark.parametrize("aside", list(UNGROUNDED_ASIDES), ids=list(UNGROUNDED_ASIDES))
def test_ungrounded_text_the_splitter_used_to_skip_is_refused(stack: Stack, aside: str) -> None:
    answer = {"x-mock-answer-json": json.dumps(UNGROUNDED_ASIDES[aside])}
    refused = stack.post(chat(), {"x-workspace-id": "block", **answer})
    assert refused.status == 403
    assert refused.json()["error"]["code"] == "hallucination_detected"
    streamed, _ = stack.stream(chat(stream=True), {"x-workspace-id": "block", **answer})
    assert stream_text(streamed.body) == ""
    first = json.loads(sse_events(streamed.body)[0])
    assert first["choices"][0]["finish_reason"] == "content_filter"


def test_conversation_around_a_grounded_answer_is_still_delivered(stack: Stack) -> None:
    answer = f"Great question. {GROUNDED} Hope this helps!"
    reply = stack.post(chat(), {"x-workspace-id": "block", "x-mock-answer": answer})
    assert reply.status == 200
    assert reply.headers["x-grounding-verdict"] == "pass"


def test_a_cited_answer_with_its_source_list_and_an_abstention_is_delivered(
    stack: Stack,
) -> None:
    """docs/detection.md#source-lists, #conversation: what a RAG answer adds around its
    claims is set aside under narrow rules, so BLOCK delivers the grounded answer."""
    trace = "5ce5" * 8
    titled = f"Eiffel Tower facts\n{SOURCE}"
    answer = (
        "Here is a concise summary of the sources:\n\n"
        f"{GROUNDED[:-1]} [1].\n\n"
        "I could not find information about ticket prices in the provided sources.\n\n"
        "Sources:\n[1] Eiffel Tower facts, p. 2"
    )
    result = _delivered_and_checked(stack, answer, trace, chat(sources=(titled,)))
    assert [s.reason.value for s in result.skipped_claims] == [
        "conversation",
        "conversation",
        "source_list",
    ]


def test_fenced_code_is_delivered_ungraded_and_the_verdict_says_so(stack: Stack) -> None:
    trace = "c0de" * 8
    answer = f"{GROUNDED}\n\n```\nrefund_days = 90  # not in any source\n```"
    result = _delivered_and_checked(stack, answer, trace, chat())
    assert [r.value for r in result.reasons] == ["all_supported", "ungraded_code"]
    assert [s.reason.value for s in result.skipped_claims] == ["code"]


def _delivered_and_checked(
    stack: Stack, answer: str, trace: str, request: dict[str, Any]
) -> CheckResult:
    """`answer` sent through the BLOCK workspace: delivered with verdict pass; the
    sidecar's result for it, read by its trace id."""
    reply = stack.post(
        request,
        {
            "x-workspace-id": "block",
            "x-mock-answer-json": json.dumps(answer),
            "traceparent": traceparent(trace),
        },
    )
    assert reply.status == 200
    assert reply.headers["x-grounding-verdict"] == "pass"
    result = stack.recorder.wait_for_check(trace).outcome.result
    assert result is not None
    return result
