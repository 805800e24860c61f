"""The request path's shortcuts give the same answers as the general code they skip.

Inline checks (tiny checks on the event loop), held chunks released joined, dynamic
metadata built field by field, headers decoded only when read.
"""

from __future__ import annotations

import asyncio
import threading
from collections.abc import Sequence

import pytest
from envoy.config.core.v3 import base_pb2
from envoy.service.ext_proc.v3 import external_processor_pb2 as ext_proc
from google.protobuf import struct_pb2

from grounding_sidecar.app.checks import CheckRunner
from grounding_sidecar.app.wiring import INLINE_CHECK_MAX_CHARS, Detection
from grounding_sidecar.decision import GroundingPolicy, Unchecked
from grounding_sidecar.detection import Grader, HashEmbedder
from grounding_sidecar.detection.embedding.pipeline.batching import MicroBatcher
from grounding_sidecar.extproc import messages
from tests.support.fake_detectors import GRADER, FakeDetector

SOURCE = "The Eiffel Tower is located in Paris and was completed in 1889."
ANSWER = "The Eiffel Tower is located in Paris."


def run_check(
    runner: CheckRunner,
    answer: str,
    sources: Sequence[str],
    policy: GroundingPolicy | None = None,
) -> tuple[Unchecked | None, str | None, bool]:
    """(unchecked, verdict, ran on the loop's thread)."""
    detector = runner.detector
    assert isinstance(detector, FakeDetector)

    async def scenario() -> tuple[Unchecked | None, str | None, bool]:
        outcome = await runner.run(answer, sources, policy or GroundingPolicy(enabled=True))
        result = outcome.result
        verdict = result.verdict.value if result is not None else None
        return outcome.unchecked, verdict, detector.threads[-1] == threading.get_ident()

    try:
        return asyncio.run(scenario())
    finally:
        runner.close()


def test_small_checks_run_inline_and_larger_ones_in_the_pool() -> None:
    size = len(ANSWER) + len(SOURCE)
    inline = CheckRunner(FakeDetector(), deadline_seconds=5, inline_max_chars=size)
    assert run_check(inline, ANSWER, [SOURCE]) == (None, "pass", True)
    pooled = CheckRunner(FakeDetector(), deadline_seconds=5, inline_max_chars=size - 1)
    assert run_check(pooled, ANSWER, [SOURCE]) == (None, "pass", False)
    never = CheckRunner(FakeDetector(), deadline_seconds=5)  # the default: off
    assert run_check(never, "", [])[2] is False


def test_the_inline_size_counts_what_the_detector_reads() -> None:
    size = len(ANSWER) + len(SOURCE)
    one_source = GroundingPolicy(enabled=True, max_sources=1)
    runner = CheckRunner(FakeDetector(), deadline_seconds=5, inline_max_chars=size)
    # Sources past max_sources are dropped by the detector: they do not count.
    assert run_check(runner, ANSWER, [SOURCE, "x" * 10_000], one_source)[2] is True
    with_references = GroundingPolicy(enabled=True, references=("an approved passage",))
    runner = CheckRunner(FakeDetector(), deadline_seconds=5, inline_max_chars=size)
    assert run_check(runner, ANSWER, [SOURCE], with_references)[2] is False


def test_an_inline_check_over_the_deadline_is_a_missed_deadline() -> None:
    runner = CheckRunner(FakeDetector(sleep=0.05), deadline_seconds=0.01, inline_max_chars=10**6)
    assert run_check(runner, ANSWER, [SOURCE]) == (Unchecked.DEADLINE_MISSED, None, True)


def test_an_inline_check_that_raises_is_a_failed_check() -> None:
    runner = CheckRunner(FakeDetector(fail=True), deadline_seconds=5, inline_max_chars=10**6)
    assert run_check(runner, ANSWER, [SOURCE]) == (Unchecked.CHECK_FAILED, None, True)


def test_only_a_detector_that_declares_itself_cheap_runs_inline() -> None:
    assert Detection(GRADER).inline_max_chars == INLINE_CHECK_MAX_CHARS  # the hash grader
    assert Detection(FakeDetector(cheap=True)).inline_max_chars == INLINE_CHECK_MAX_CHARS
    assert Detection(FakeDetector()).inline_max_chars == 0  # any other detector: the pool
    assert Detection(None).inline_max_chars == 0


def test_a_grader_with_any_model_backed_embedder_is_not_inline() -> None:
    with MicroBatcher(HashEmbedder(), max_wait=0.0) as queued:  # a queue hop is not cheap
        assert Detection(Grader(queued)).inline_max_chars == 0
        assert Detection(Grader(HashEmbedder(), passage_embedder=queued)).inline_max_chars == 0


def released(chunks: list[bytes], *, end: bool = True) -> list[tuple[bytes, bool]]:
    return [
        (r.response_body.response.body_mutation.streamed_response.body,
         r.response_body.response.body_mutation.streamed_response.end_of_stream)
        for r in messages.streamed_response_bodies(chunks, end_of_stream=end)
    ]  # fmt: skip


def test_held_chunks_are_released_joined_in_order() -> None:
    assert released([b"data: a\n\n", b"data: b\n", b"\n", b""]) == [
        (b"data: a\n\ndata: b\n\n", True)
    ]
    assert released([b"abc", b""], end=False) == [(b"abc", False)]
    assert released([]) == [(b"", True)]
    assert released([b""]) == [(b"", True)]


def test_released_messages_stay_bounded() -> None:
    limit = messages.RELEASE_MESSAGE_BYTES
    big = b"x" * (limit + 10)  # already over the bound: goes out on its own
    chunks = [b"a" * (limit // 2), b"b" * (limit // 2), b"c", big, b"d"]
    pieces = released(chunks)
    assert b"".join(body for body, _ in pieces) == b"".join(chunks)
    assert [len(body) for body, _ in pieces] == [limit, 1, limit + 10, 1]
    assert [end for _, end in pieces] == [False, False, False, True]


@pytest.mark.parametrize(
    "fields",
    [
        {"verdict": "pass", "delivered": True, "sources": 1, "workspace": "", "claims": 0},
        {"ratio": 0.25, "missing": None, "nested": {"a": [1, "b"]}, "items": ["x", 2.5]},
    ],
)
def test_dynamic_metadata_matches_struct_update(fields: dict[str, object]) -> None:
    expected = struct_pb2.Struct()
    expected.update({messages.METADATA_NAMESPACE: dict(fields)})
    assert messages.continue_response_headers(None, fields).dynamic_metadata == expected


def test_header_values_match_the_full_header_map() -> None:
    headers = ext_proc.HttpHeaders(
        headers=base_pb2.HeaderMap(
            headers=[
                base_pb2.HeaderValue(key=":path", raw_value=b"/v1/chat/completions"),
                base_pb2.HeaderValue(key="X-Workspace-Id", raw_value=b"acme"),
                base_pb2.HeaderValue(key="x-workspace-id", raw_value=b"second"),
                base_pb2.HeaderValue(key="traceparent", value="00-ab-cd-01"),
                base_pb2.HeaderValue(key="authorization", raw_value=b"\xff secret"),
            ]
        )
    )
    wanted = {":path", "x-workspace-id", "traceparent", "tracestate"}
    full = messages.header_map(headers)
    assert messages.header_values(headers, wanted) == {k: full[k] for k in wanted if k in full}
