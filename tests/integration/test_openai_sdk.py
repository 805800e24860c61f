"""The official OpenAI Python SDK as the client, through the real Envoy and sidecar:
verdicts and refusals read from the parsed objects, never from headers."""

from __future__ import annotations

from typing import Any

import openai
import pytest

from .harness import AUTHORIZATION, GROUNDED, SOURCE, UNGROUNDED, Stack

pytestmark = pytest.mark.envoy


def client(stack: Stack, workspace: str, answer: str) -> openai.OpenAI:
    return openai.OpenAI(
        base_url=f"http://127.0.0.1:{stack.envoy.port}/v1",
        api_key=AUTHORIZATION.removeprefix("Bearer "),
        max_retries=0,
        default_headers={"x-workspace-id": workspace, "x-mock-answer": answer},
    )


def create(sdk: openai.OpenAI, **options: Any) -> Any:
    return sdk.chat.completions.create(
        model="mock-1",
        messages=[{"role": "user", "content": "Tell me about the Eiffel Tower."}],
        metadata={"grounding.sources": SOURCE},  # one plain string: one source
        **options,
    )


def test_a_grounded_answer_carries_its_report_in_the_parsed_completion(stack: Stack) -> None:
    completion = create(client(stack, "block-report", GROUNDED))
    report = completion.model_extra["grounding"]
    assert report["verdict"] == "pass"
    (claim,) = report["claims"]
    content = completion.choices[0].message.content
    assert content[slice(*claim["span"])] == GROUNDED
    assert claim["evidence"][0]["source_index"] == 0


def test_an_ungrounded_answer_under_block_raises_with_the_report(stack: Stack) -> None:
    with pytest.raises(openai.PermissionDeniedError) as caught:
        create(client(stack, "block-report", UNGROUNDED))
    assert caught.value.code == "hallucination_detected"
    body = caught.value.response.json()
    assert body["grounding"]["verdict"] == "fail"
    assert body["grounding"]["claims"][0]["verdict"] == "unsupported"


def test_an_upstream_that_compresses_when_asked_is_still_checked(stack: Stack) -> None:
    """The SDK asks for gzip (`Accept-Encoding: gzip, deflate`); Envoy's chat route
    drops the header, so the upstream answers plain and the answer is checked."""
    compressing = {"x-mock-encoding": "if-asked"}
    with pytest.raises(openai.PermissionDeniedError) as caught:
        create(client(stack, "block", UNGROUNDED).with_options(default_headers=compressing))
    assert caught.value.code == "hallucination_detected"
    chunks = list(
        create(
            client(stack, "block", UNGROUNDED).with_options(default_headers=compressing),
            stream=True,
        )
    )
    assert not "".join(c.choices[0].delta.content or "" for c in chunks if c.choices)
    assert chunks[-1].choices[0].finish_reason == "content_filter"
    grounded = client(stack, "block", GROUNDED).with_options(default_headers=compressing)
    assert create(grounded).choices[0].message.content == GROUNDED


def test_a_stream_under_log_ends_with_the_verdict_in_its_final_chunk(stack: Stack) -> None:
    chunks = list(create(client(stack, "log-report", UNGROUNDED), stream=True))
    text = "".join(c.choices[0].delta.content or "" for c in chunks if c.choices)
    assert text == UNGROUNDED  # LOG delivers it all
    final = chunks[-1]
    assert final.choices[0].finish_reason == "stop"
    assert final.model_extra["grounding"]["verdict"] == "fail"
    assert all("grounding" not in (c.model_extra or {}) for c in chunks[:-1])


def test_a_refused_stream_ends_with_content_filter_and_says_why(stack: Stack) -> None:
    chunks = list(create(client(stack, "block-report", UNGROUNDED), stream=True))
    (final,) = chunks  # nothing of the ungrounded answer reached the client
    assert final.choices[0].finish_reason == "content_filter"
    assert final.model_extra["grounding"]["refusal"] == "hallucination_detected"


def test_a_request_may_ask_for_less(stack: Stack) -> None:
    completion = create(
        client(stack, "block-report", GROUNDED),
        extra_body={"metadata": {"grounding.sources": SOURCE, "grounding.report": "summary"}},
    )
    report = completion.model_extra["grounding"]
    assert report["verdict"] == "pass" and "claims" not in report


MIXED = f"{GROUNDED} {UNGROUNDED} {GROUNDED}"


def test_redact_delivers_exactly_the_grounded_sentences(stack: Stack) -> None:
    raw = create(client(stack, "redact", MIXED).with_raw_response)  # type: ignore[arg-type]
    completion = raw.parse()
    assert raw.headers["x-grounding-verdict"] == "redacted"
    assert completion.choices[0].message.content == f"{GROUNDED} {GROUNDED}"
    report = completion.model_extra["grounding"]
    assert report["verdict"] == "fail" and report["redacted"] == 1
    kept = [c for c in report["claims"] if not c.get("removed")]
    content = completion.choices[0].message.content
    assert [content[slice(*c["span"])] for c in kept] == [GROUNDED, GROUNDED]


def test_redact_rewrites_a_stream(stack: Stack) -> None:
    chunks = list(create(client(stack, "redact", MIXED), stream=True))
    text = "".join(c.choices[0].delta.content or "" for c in chunks if c.choices)
    assert text == f"{GROUNDED} {GROUNDED}"
    assert chunks[-1].model_extra["grounding"]["redacted"] == 1


def test_progressive_delivery_streams_a_grounded_answer_and_cuts_an_ungrounded_one(
    stack: Stack,
) -> None:
    answer = f"{GROUNDED} {GROUNDED}"
    chunks = list(create(client(stack, "progressive", answer), stream=True))
    text = "".join(c.choices[0].delta.content or "" for c in chunks if c.choices)
    assert text == answer and chunks[-1].model_extra["grounding"]["verdict"] == "pass"
    chunks = list(create(client(stack, "progressive", MIXED), stream=True))
    text = "".join(c.choices[0].delta.content or "" for c in chunks if c.choices)
    assert UNGROUNDED not in text and MIXED.startswith(text)
    assert chunks[-1].choices[0].finish_reason == "content_filter"


def test_progressive_redact_streams_the_grounded_sentences(stack: Stack) -> None:
    chunks = list(create(client(stack, "redact-progressive", MIXED), stream=True))
    text = "".join(c.choices[0].delta.content or "" for c in chunks if c.choices)
    assert text == f"{GROUNDED} {GROUNDED}"
    assert chunks[-1].choices[0].finish_reason == "stop"
