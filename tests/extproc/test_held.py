"""Held delivery: the response waits for the verdict on the whole answer, then goes
out (rewritten when a report or a redaction is due) or is refused.

Driven through the exchange, as Envoy would (no network): JSON answers are always held,
streams under BLOCK and REDACT.
"""

from __future__ import annotations

import asyncio
import json

import pytest

from devtools.mock_upstream import Audio, completion, sse_chunk
from grounding_sidecar.decision import Unchecked
from grounding_sidecar.extproc.exchange import Exchange, ExchangeLimits
from tests.support.exchange import (
    GROUNDED,
    UNGROUNDED,
    body_json,
    delivered,
    flat,
    header_value,
    make_context,
    request_body,
    run_request,
    run_response,
    sse_body,
    stream_answer,
)
from tests.support.fake_detectors import FakeDetector
from tests.support.recorder import Recorder


def test_json_block_holds_headers_and_refuses_with_the_envelope() -> None:
    async def scenario() -> None:
        exchange = Exchange(make_context())
        await run_request(exchange, "block", request_body())
        raw = completion(UNGROUNDED)
        head, per_chunk = await run_response(exchange, [raw[:20], raw[20:]])
        assert head == [] and per_chunk[0] == []  # held
        (refusal,) = per_chunk[1]
        immediate = refusal.immediate_response
        assert immediate.status.code == 403
        error = json.loads(immediate.body)["error"]
        assert error["code"] == "hallucination_detected"
        assert error["message"] == f"Response contains ungrounded claims: {UNGROUNDED}"
        assert header_value(refusal, "x-grounding-verdict") == "fail"
        metadata = refusal.dynamic_metadata.fields["grounding"].struct_value.fields
        assert metadata["verdict"].string_value == "fail"

    asyncio.run(scenario())


@pytest.mark.parametrize("workspace", ["block", "flag", "default"])
def test_json_pass_is_released_byte_identical_with_the_verdict(workspace: str) -> None:
    async def scenario() -> None:
        exchange = Exchange(make_context())
        await run_request(exchange, workspace, request_body())
        raw = completion(GROUNDED)
        head, per_chunk = await run_response(exchange, [raw[:7], raw[7:]])
        released = per_chunk[-1]
        assert head == []
        assert released[0].WhichOneof("response") == "response_headers"
        assert header_value(released[0], "x-grounding-verdict") == "pass"
        assert delivered(released) == raw
        assert released[-1].response_body.response.body_mutation.streamed_response.end_of_stream

    asyncio.run(scenario())


def test_json_fail_under_flag_is_delivered_with_a_fail_header() -> None:
    async def scenario() -> None:
        exchange = Exchange(make_context())
        await run_request(exchange, "flag", request_body())
        raw = completion(UNGROUNDED)
        _, per_chunk = await run_response(exchange, [raw])
        assert header_value(per_chunk[0][0], "x-grounding-verdict") == "fail"
        assert delivered(per_chunk[0]) == raw

    asyncio.run(scenario())


def test_malformed_upstream_json_is_unknown() -> None:
    async def scenario() -> None:
        exchange = Exchange(make_context())
        await run_request(exchange, "block", request_body())
        _, per_chunk = await run_response(exchange, [b"<html>oops</html>"])
        assert header_value(per_chunk[0][0], "x-grounding-verdict") == "unknown"
        assert delivered(per_chunk[0]) == b"<html>oops</html>"

    asyncio.run(scenario())


@pytest.mark.parametrize(
    ("workspace", "refusal_code"),
    [
        ("block", "answer_over_limit"),  # the default: a limit the client can pass refuses
        ("block-unknown", "answer_over_limit"),
        ("block-lenient", None),  # opted out: delivered as `unknown`
        ("block-lenient-unknown", "grounding_unverified"),  # then `unknown` decides
    ],
)
def test_json_over_the_response_bound_is_unverifiable_under_block(
    workspace: str, refusal_code: str | None
) -> None:
    async def scenario() -> None:
        raw = completion(GROUNDED + " " + "y" * 500)
        exchange = Exchange(make_context(limits=ExchangeLimits(max_response_bytes=200)))
        await run_request(exchange, workspace, request_body())
        _, per_chunk = await run_response(exchange, [raw[:150], raw[150:300], raw[300:]])
        assert per_chunk[0] == []
        if refusal_code is None:
            assert header_value(per_chunk[1][0], "x-grounding-verdict") == "unknown"
            assert b"".join(delivered(group) for group in per_chunk) == raw
            return
        (refusal,) = per_chunk[1]
        assert refusal.immediate_response.status.code == 403
        assert json.loads(refusal.immediate_response.body)["error"]["code"] == refusal_code
        assert header_value(refusal, "x-grounding-verdict") == "unknown"
        assert per_chunk[2] == []  # nothing after a refusal

    asyncio.run(scenario())


def test_missed_deadline_fails_closed_under_block_only() -> None:
    async def scenario() -> None:
        for workspace, refused in (("block", True), ("default", False)):
            context = make_context(FakeDetector(sleep=0.5), deadline=0.05)
            exchange = Exchange(context)
            await run_request(exchange, workspace, request_body())
            _, per_chunk = await run_response(exchange, [completion(GROUNDED)])
            first = per_chunk[0][0]
            if refused:
                error = json.loads(first.immediate_response.body)["error"]
                assert error["code"] == "grounding_unverified"
                assert "deadline" in error["message"]
            else:
                assert header_value(first, "x-grounding-verdict") == "unknown"
            context.checks.close()

    asyncio.run(scenario())


def test_sse_block_refusal_sends_only_content_filter_and_done() -> None:
    async def scenario() -> None:
        exchange = Exchange(make_context())
        await run_request(exchange, "block", request_body(stream=True))
        head, per_chunk = await run_response(exchange, sse_body(UNGROUNDED), sse=True)
        assert head == [] and all(group == [] for group in per_chunk[:-1])
        body = delivered(per_chunk[-1])
        assert UNGROUNDED.split()[1].encode() not in body
        events = [e for e in body.split(b"\n\n") if e]
        assert json.loads(events[0][6:])["choices"][0]["finish_reason"] == "content_filter"
        assert events[1] == b"data: [DONE]"

    asyncio.run(scenario())


def test_sse_block_incomplete_stream_is_refused() -> None:
    async def scenario() -> None:
        recorder = Recorder()
        exchange = Exchange(make_context(observer=recorder))
        await run_request(exchange, "block", request_body(stream=True))
        _, per_chunk = await run_response(exchange, sse_body(GROUNDED, complete=False), sse=True)
        assert b"content_filter" in delivered(per_chunk[-1])
        assert recorder.checks[-1].outcome.unchecked is Unchecked.STREAM_INCOMPLETE
        assert not recorder.summaries[-1].complete

    asyncio.run(scenario())


# -- the grounding report -----------------------------------------------------------


def test_a_json_answer_carries_its_report_with_a_matching_length() -> None:
    async def scenario() -> None:
        exchange = Exchange(make_context())
        await run_request(exchange, "block-report", request_body())
        _, per_chunk = await run_response(exchange, [completion(GROUNDED)])
        responses = flat(per_chunk)
        report = body_json(responses)["grounding"]
        assert report["verdict"] == "pass" and report["claims"][0]["span"] == [0, len(GROUNDED)]
        assert header_value(responses[0], "content-length") == str(len(delivered(responses)))

    asyncio.run(scenario())


def test_a_refusal_carries_the_report_beside_the_error() -> None:
    async def scenario() -> None:
        exchange = Exchange(make_context())
        await run_request(exchange, "block-report", request_body(report="summary"))
        _, per_chunk = await run_response(exchange, [completion(UNGROUNDED)])
        (reply,) = flat(per_chunk)
        document = json.loads(reply.immediate_response.body)
        assert document["error"]["code"] == "hallucination_detected"
        assert document["grounding"]["refusal"] == "hallucination_detected"
        assert "claims" not in document["grounding"]  # the request asked for less

    asyncio.run(scenario())


def test_a_refused_stream_says_why_in_its_content_filter_chunk() -> None:
    async def scenario() -> None:
        exchange = Exchange(make_context())
        await run_request(exchange, "block-report", request_body(stream=True))
        _, per_chunk = await run_response(exchange, sse_body(UNGROUNDED), sse=True)
        events = [e for e in delivered(flat(per_chunk)).split(b"\n\n") if e]
        final = json.loads(events[0].removeprefix(b"data: "))
        assert final["choices"][0]["finish_reason"] == "content_filter"
        assert final["grounding"]["verdict"] == "fail"

    asyncio.run(scenario())


# -- REDACT ---------------------------------------------------------------------------

MIXED = f"{GROUNDED} {UNGROUNDED} {GROUNDED}"


def test_redact_delivers_the_grounded_sentences_of_a_json_answer() -> None:
    async def scenario() -> None:
        exchange = Exchange(make_context())
        await run_request(exchange, "redact", request_body())
        _, per_chunk = await run_response(exchange, [completion(MIXED)])
        responses = flat(per_chunk)
        document = body_json(responses)
        assert document["choices"][0]["message"]["content"] == f"{GROUNDED} {GROUNDED}"
        assert header_value(responses[0], "x-grounding-verdict") == "redacted"
        report = document["grounding"]
        assert report["redacted"] == 1
        assert [c.get("removed", False) for c in report["claims"]] == [False, True, False]
        assert report["claims"][2]["span"] == [len(GROUNDED) + 1, 2 * len(GROUNDED) + 1]

    asyncio.run(scenario())


def test_redact_rewrites_a_held_stream_without_the_ungrounded_claim() -> None:
    async def scenario() -> None:
        exchange = Exchange(make_context())
        await run_request(exchange, "redact", request_body(stream=True))
        _, per_chunk = await run_response(exchange, sse_body(MIXED), sse=True)
        answer = stream_answer(delivered(flat(per_chunk)))
        assert answer.text() == f"{GROUNDED} {GROUNDED}" and answer.complete

    asyncio.run(scenario())


def test_redact_refuses_an_answer_with_nothing_grounded() -> None:
    async def scenario() -> None:
        exchange = Exchange(make_context())
        await run_request(exchange, "redact", request_body())
        _, per_chunk = await run_response(exchange, [completion(UNGROUNDED)])
        (reply,) = flat(per_chunk)
        assert reply.immediate_response.status.code == 403

    asyncio.run(scenario())


def spoken_stream(answer: str, audio: Audio) -> list[bytes]:
    words = answer.split()
    pieces = [sse_chunk(w if i == 0 else " " + w, audio=audio) for i, w in enumerate(words)]
    return [*pieces, sse_chunk(None, finish="stop"), b"data: [DONE]\n\n"]


def spoken(answer: str, sse: bool, audio: Audio = Audio.TRANSCRIBED) -> list[bytes]:
    return spoken_stream(answer, audio) if sse else [completion(answer, audio=audio)]


@pytest.mark.parametrize("sse", [False, True])
def test_a_spoken_answer_is_checked_by_its_transcript(sse: bool) -> None:
    async def scenario() -> None:
        for answer, verdict in ((GROUNDED, "pass"), (UNGROUNDED, "fail")):
            exchange = Exchange(make_context())
            await run_request(exchange, "block", request_body(stream=sse))
            chunks = spoken(answer, sse)
            _, per_chunk = await run_response(exchange, chunks, sse=sse)
            out = flat(per_chunk)
            assert header_value(out[0], "x-grounding-verdict") == verdict
            if verdict == "pass":
                assert delivered(out) == b"".join(chunks)  # the audio goes out whole
            elif sse:
                assert b"UklGR" not in delivered(out)
                assert stream_answer(delivered(out)).finish_reasons == {0: "content_filter"}
            else:
                error = json.loads(out[0].immediate_response.body)["error"]
                assert error["code"] == "hallucination_detected"

    asyncio.run(scenario())


@pytest.mark.parametrize("sse", [False, True])
def test_redact_refuses_a_spoken_answer_it_cannot_cut(sse: bool) -> None:
    async def scenario() -> None:
        exchange = Exchange(make_context())
        await run_request(exchange, "redact", request_body(stream=sse))
        _, per_chunk = await run_response(
            exchange, spoken(f"{GROUNDED} {UNGROUNDED}", sse), sse=sse
        )
        out = flat(per_chunk)
        assert header_value(out[0], "x-grounding-verdict") == "fail"  # not "redacted"
        assert b"UklGR" not in delivered(out)

    asyncio.run(scenario())


@pytest.mark.parametrize("sse", [False, True])
@pytest.mark.parametrize(
    ("workspace", "refused"), [("block", True), ("redact", True), ("block-lenient", False)]
)
def test_a_spoken_answer_without_a_transcript_is_unverifiable(
    sse: bool, workspace: str, refused: bool
) -> None:
    async def scenario() -> None:
        recorder = Recorder()
        exchange = Exchange(make_context(observer=recorder))
        await run_request(exchange, workspace, request_body(stream=sse))
        chunks = spoken(GROUNDED, sse, Audio.UNTRANSCRIBED)
        _, per_chunk = await run_response(exchange, chunks, sse=sse)
        out = flat(per_chunk)
        assert header_value(out[0], "x-grounding-verdict") == "unknown"
        assert recorder.checks[-1].outcome.unchecked == "audio_answer"
        if not refused:
            assert b"".join(delivered(group) for group in per_chunk) == b"".join(chunks)
        elif sse:
            assert b"UklGR" not in delivered(out)  # only the content_filter end goes out
            assert stream_answer(delivered(out)).finish_reasons == {0: "content_filter"}
        else:
            error = json.loads(out[0].immediate_response.body)["error"]
            assert error["code"] == "unsupported_content"

    asyncio.run(scenario())


def test_a_stream_whose_content_comes_as_parts_is_checked() -> None:
    async def scenario() -> None:
        exchange = Exchange(make_context())
        await run_request(exchange, "block", request_body(stream=True))
        events = []
        for i, word in enumerate(UNGROUNDED.split()):
            parts = [{"type": "text", "text": word if i == 0 else " " + word}]
            delta = {"index": 0, "delta": {"content": parts}, "finish_reason": None}
            events.append(b"data: " + json.dumps({"choices": [delta]}).encode() + b"\n\n")
        chunks = [*events, sse_chunk(None, finish="stop"), b"data: [DONE]\n\n"]
        _, per_chunk = await run_response(exchange, chunks, sse=True)
        out = flat(per_chunk)
        assert header_value(out[0], "x-grounding-verdict") == "fail"  # read, and refused
        assert stream_answer(delivered(out)).finish_reasons == {0: "content_filter"}

    asyncio.run(scenario())
