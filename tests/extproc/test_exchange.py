"""The per-stream exchange driven message by message, as Envoy would (no network)."""

from __future__ import annotations

import asyncio
import json
from typing import Any

import pytest
from envoy.service.ext_proc.v3 import external_processor_pb2 as ext_proc

from devtools.mock_upstream import completion
from grounding_sidecar.app.checks import CheckRunner
from grounding_sidecar.decision import (
    Action,
    CheckEvent,
    GroundingObserver,
    GroundingPolicy,
    Unchecked,
)
from grounding_sidecar.extproc.exchange import Exchange, ExchangeLimits
from tests.support.eventually import eventually_async
from tests.support.exchange import (
    GROUNDED,
    UNGROUNDED,
    delivered,
    flat,
    header_value,
    headers_msg,
    make_context,
    request_body,
    run_request,
    run_response,
    sse_body,
    stream_answer,
)
from tests.support.fake_detectors import FakeDetector, GatedDetector
from tests.support.recorder import Recorder


def test_sources_are_stripped_with_a_matching_content_length() -> None:
    async def scenario() -> None:
        exchange = Exchange(make_context())
        (reply,) = await run_request(exchange, "block", request_body())
        common = reply.request_body.response
        body = common.body_mutation.body
        assert b"grounding.sources" not in body
        assert json.loads(body)["metadata"] == {"user": "u"}
        (length,) = common.header_mutation.set_headers
        assert length.header.key == "content-length"
        assert length.header.raw_value == str(len(body)).encode()
        assert exchange.checking

    asyncio.run(scenario())


def test_non_chat_paths_pass_untouched() -> None:
    async def scenario() -> None:
        exchange = Exchange(make_context())
        (reply,) = await run_request(exchange, "block", request_body(), path="/v1/embeddings")
        assert not reply.request_body.HasField("response")
        head, per_chunk = await run_response(exchange, [b"abc", b"def"])
        assert len(head) == 1 and delivered(flat(per_chunk)) == b"abcdef"

    asyncio.run(scenario())


def test_a_chat_request_without_a_body_has_no_sources_and_is_relayed_unchecked() -> None:
    """No body, no sources: the answer is relayed as it comes, under BLOCK too
    (docs/security.md: a request without sources is forwarded unchecked)."""

    async def scenario() -> None:
        exchange = Exchange(make_context())
        headers = headers_msg({":path": "/v1/chat/completions", "x-workspace-id": "block"})
        await exchange.handle(ext_proc.ProcessingRequest(request_headers=headers))
        answer = completion(UNGROUNDED)
        head, per_chunk = await run_response(exchange, [answer[:10], answer[10:]])
        assert [r.WhichOneof("response") for r in head] == ["response_headers"]
        assert delivered(flat(per_chunk)) == answer
        assert not exchange.checking

    asyncio.run(scenario())


def test_disabled_workspace_strips_but_does_not_check() -> None:
    async def scenario() -> None:
        exchange = Exchange(make_context())
        (reply,) = await run_request(exchange, "off", request_body())
        assert b"grounding.sources" not in reply.request_body.response.body_mutation.body
        assert not exchange.checking

    asyncio.run(scenario())


def test_invalid_sources_get_a_400_when_enabled() -> None:
    async def scenario() -> None:
        exchange = Exchange(make_context())
        (reply,) = await run_request(exchange, "block", request_body(sources=[1, 2]))
        immediate = reply.immediate_response
        assert immediate.status.code == 400
        assert json.loads(immediate.body)["error"]["code"] == "invalid_grounding_sources"

    asyncio.run(scenario())


def test_missing_detector_refuses_before_the_upstream() -> None:
    async def scenario() -> None:
        recorder = Recorder()
        exchange = Exchange(make_context(None, observer=recorder))
        (reply,) = await run_request(exchange, "flag", request_body())
        envelope = json.loads(reply.immediate_response.body)["error"]
        assert reply.immediate_response.status.code == 403
        assert envelope["code"] == "grounding_unavailable"
        assert recorder.unavailable == 1
        # No sources: nothing to check, so no detector needed.
        exchange = Exchange(make_context(None))
        (reply,) = await run_request(exchange, "flag", request_body(sources=None))
        assert reply.WhichOneof("response") == "request_body"

    asyncio.run(scenario())


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


@pytest.mark.parametrize("workspace", ["default", "flag"])
def test_sse_log_relays_every_chunk_at_once_and_checks_after(workspace: str) -> None:
    async def scenario() -> None:
        recorder = Recorder()
        context = make_context(observer=recorder)
        exchange = Exchange(context)
        await run_request(exchange, workspace, request_body(stream=True))
        chunks = sse_body(UNGROUNDED)
        head, per_chunk = await run_response(exchange, chunks, sse=True)
        assert head[0].WhichOneof("response") == "response_headers"
        assert [delivered(group) for group in per_chunk] == chunks
        await context.checks.drain(5)
        assert recorder.checks[-1].decision.verdict.value == "fail"
        assert recorder.checks[-1].decision.deliver

    asyncio.run(scenario())


def test_sse_log_over_the_stream_bound_is_scan_incomplete() -> None:
    async def scenario() -> None:
        recorder = Recorder()
        context = make_context(observer=recorder, limits=ExchangeLimits(max_stream_bytes=300))
        exchange = Exchange(context)
        await run_request(exchange, "default", request_body(stream=True))
        chunks = sse_body(GROUNDED)
        _, per_chunk = await run_response(exchange, chunks, sse=True)
        assert b"".join(delivered(group) for group in per_chunk) == b"".join(chunks)
        await context.checks.drain(5)
        assert recorder.summaries[-1].scan_incomplete
        assert recorder.checks[-1].outcome.truncated
        assert recorder.checks[-1].decision.verdict.value != "pass"

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


def test_malformed_upstream_json_is_unknown() -> None:
    async def scenario() -> None:
        exchange = Exchange(make_context())
        await run_request(exchange, "block", request_body())
        _, per_chunk = await run_response(exchange, [b"<html>oops</html>"])
        assert header_value(per_chunk[0][0], "x-grounding-verdict") == "unknown"
        assert delivered(per_chunk[0]) == b"<html>oops</html>"

    asyncio.run(scenario())


def test_non_2xx_passes_unchecked() -> None:
    async def scenario() -> None:
        recorder = Recorder()
        exchange = Exchange(make_context(observer=recorder))
        await run_request(exchange, "block", request_body())
        head, per_chunk = await run_response(exchange, [b'{"error":{}}'], status="500")
        assert len(head) == 1 and delivered(per_chunk[0]) == b'{"error":{}}'
        assert recorder.checks == []

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


def test_an_observer_that_raises_does_not_break_delivery() -> None:
    class Broken(GroundingObserver):
        def on_check(self, event: CheckEvent) -> None:
            raise RuntimeError("boom")

    async def scenario() -> None:
        exchange = Exchange(make_context(observer=Broken()))
        await run_request(exchange, "block", request_body())
        _, per_chunk = await run_response(exchange, [completion(GROUNDED)])
        assert delivered(per_chunk[0]) == completion(GROUNDED)

    asyncio.run(scenario())


def test_a_cancelled_immediate_stream_still_records_a_verdict() -> None:
    async def scenario() -> None:
        recorder = Recorder()
        context = make_context(observer=recorder)
        exchange = Exchange(context)
        await run_request(exchange, "default", request_body(stream=True))
        chunks = sse_body(UNGROUNDED, complete=False)
        await exchange.handle(
            ext_proc.ProcessingRequest(
                response_headers=headers_msg(
                    {":status": "200", "content-type": "text/event-stream"}
                )
            )
        )
        for chunk in chunks[:3]:
            await exchange.handle(
                ext_proc.ProcessingRequest(response_body=ext_proc.HttpBody(body=chunk))
            )
        assert recorder.checks == []
        exchange.on_cancelled()
        await context.checks.drain(5)
        assert len(recorder.checks) == 1
        assert recorder.checks[-1].outcome.truncated

    asyncio.run(scenario())


def test_a_client_gone_mid_stream_cancels_the_work_begun_for_it() -> None:
    detector = GatedDetector()  # holds the only worker with another exchange's check
    context = make_context(detector, workers=1)
    runner = context.checks
    assert isinstance(runner, CheckRunner)

    async def scenario() -> None:
        busy = asyncio.ensure_future(runner.run(GROUNDED, [GROUNDED], make_policy()))
        await asyncio.get_running_loop().run_in_executor(None, detector.entered.wait, 10)
        exchange = Exchange(context)
        await run_request(exchange, "block", request_body(stream=True))
        # The source step, queued at request time.
        await eventually_async(lambda: runner.queued_chars, what="the queued source step")
        await run_response(exchange, sse_body(GROUNDED + " " + GROUNDED, complete=False), sse=True)
        exchange.on_cancelled()
        await asyncio.sleep(0)
        assert runner.queued_chars == 0
        detector.gate.set()
        await busy
        await asyncio.sleep(0.05)

    try:
        asyncio.run(scenario())
    finally:
        runner.close()
    assert len(detector.threads) == 1  # only the other exchange's check ever ran


@pytest.mark.parametrize("workspace", ["block", "default", "off"])
@pytest.mark.parametrize("raw", [b"{not json", b"[1, 2]", b"a=b&c=d", b""])
def test_an_unreadable_chat_body_is_refused_whatever_the_workspace(
    workspace: str, raw: bytes
) -> None:
    async def scenario() -> None:
        exchange = Exchange(make_context())
        (reply,) = await run_request(exchange, workspace, raw)
        assert reply.WhichOneof("response") == "immediate_response"
        assert reply.immediate_response.status.code == 400
        assert reply.immediate_response.details == "grounding_invalid_request_body"
        error = json.loads(reply.immediate_response.body)["error"]
        assert (error["type"], error["code"]) == ("invalid_request_error", "invalid_request_body")
        assert exchange.finished

    asyncio.run(scenario())


def make_policy() -> GroundingPolicy:
    return GroundingPolicy(enabled=True, action=Action.BLOCK)


# -- the grounding report -----------------------------------------------------------


def body_json(responses: list[Any]) -> Any:
    return json.loads(delivered(responses))


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


def test_under_log_only_the_streams_end_waits_for_its_report() -> None:
    async def scenario() -> None:
        exchange = Exchange(make_context())
        await run_request(exchange, "log-report", request_body(stream=True))
        chunks = sse_body(GROUNDED)
        _, per_chunk = await run_response(exchange, chunks, sse=True)
        content = len(chunks) - 2  # then the finish chunk and [DONE]
        relayed = per_chunk[:content]
        assert [delivered(group) for group in relayed] == chunks[:content]  # at once
        assert per_chunk[content] == []  # the finish chunk waited
        tail = delivered(per_chunk[-1])
        final = json.loads(tail.split(b"\n\n")[0].removeprefix(b"data: "))
        assert final["choices"][0]["finish_reason"] == "stop"
        assert final["grounding"]["verdict"] == "pass"
        assert tail.endswith(b"data: [DONE]\n\n")

    asyncio.run(scenario())


def test_no_report_when_the_request_asks_for_none() -> None:
    async def scenario() -> None:
        exchange = Exchange(make_context())
        await run_request(exchange, "block-report", request_body(report="none"))
        _, per_chunk = await run_response(exchange, [completion(GROUNDED)])
        assert "grounding" not in body_json(flat(per_chunk))

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
