"""The soak's traffic is reproducible, mixes what it says, and judges responses strictly."""

from __future__ import annotations

import json
from collections import Counter

from benchmarks.soak_traffic import Case, Outcome, case_for, judge, request_of

CASES = [case_for(i, seed=7, hang_up_share=0.1) for i in range(4000)]


def test_a_case_is_rebuilt_from_its_index() -> None:
    assert case_for(123, seed=7, hang_up_share=0.1) == CASES[123]
    other_seed = [case_for(i, seed=8, hang_up_share=0.1) for i in range(100)]
    assert other_seed != CASES[:100]


def test_the_mix_covers_every_kind_in_its_share() -> None:
    kinds = Counter((c.streaming, c.workspace, c.grounded, c.unique) for c in CASES)
    assert len(kinds) == 16  # every combination occurs
    hang_ups = [c for c in CASES if c.hangs_up]
    assert all(c.streaming for c in hang_ups)
    assert 0.05 < len(hang_ups) / sum(c.streaming for c in CASES) < 0.15
    assert 0.70 < sum(c.grounded for c in CASES) / len(CASES) < 0.80


def test_repeating_texts_repeat_and_unique_ones_do_not() -> None:
    repeating = {c.texts()[0] for c in CASES if not c.unique}
    unique = [c.texts()[0] for c in CASES if c.unique]
    assert len(repeating) == 10
    assert len(set(unique)) == len(unique)


def test_the_request_names_its_trace_and_workspace() -> None:
    case = next(c for c in CASES if c.streaming and not c.hangs_up)
    body, headers = request_of(case)
    assert json.loads(body)["stream"] is True
    assert headers["traceparent"].split("-")[1] == case.trace_id
    assert headers["x-workspace-id"] == case.workspace


def completion(case: Case, verdict: str, trace_id: str, content: str | None = None) -> bytes:
    text = case.texts()[1] if content is None else content
    return json.dumps(
        {
            "choices": [{"message": {"content": text}}],
            "grounding": {"verdict": verdict, "trace_id": trace_id},
        }
    ).encode()


def test_json_is_right_only_with_its_own_verdict_trace_and_text() -> None:
    case = Case(5, streaming=False, workspace="log", grounded=False, unique=True, hangs_up=False)
    assert judge(case, 200, completion(case, "fail", case.trace_id)) is Outcome.RIGHT
    assert judge(case, 200, completion(case, "pass", case.trace_id)) is Outcome.WRONG
    assert judge(case, 200, completion(case, "fail", "0" * 31 + "1")) is Outcome.WRONG
    assert judge(case, 200, completion(case, "fail", case.trace_id, "other")) is Outcome.WRONG
    assert judge(case, 200, b"not json") is Outcome.WRONG


def test_a_refusal_is_right_only_as_a_403_for_its_trace() -> None:
    case = Case(6, streaming=False, workspace="block", grounded=False, unique=True, hangs_up=False)
    error = {"error": {"code": "hallucination_detected", "trace_id": case.trace_id}}
    assert judge(case, 403, json.dumps(error).encode()) is Outcome.RIGHT
    assert judge(case, 200, json.dumps(error).encode()) is Outcome.WRONG
    assert judge(case, 200, completion(case, "fail", case.trace_id)) is Outcome.WRONG


def sse(chunks: list[dict[str, object]]) -> bytes:
    return b"".join(b"data: " + json.dumps(c).encode() + b"\n\n" for c in chunks) + (
        b"data: [DONE]\n\n"
    )


def test_a_stream_is_right_only_whole_with_its_verdict_on_the_final_chunk() -> None:
    case = Case(7, streaming=True, workspace="log", grounded=True, unique=False, hangs_up=False)
    words = case.texts()[1].split(" ")
    chunks: list[dict[str, object]] = [
        {"choices": [{"delta": {"content": w + " "}, "finish_reason": None}]} for w in words[:-1]
    ]
    final: dict[str, object] = {
        "choices": [{"delta": {"content": words[-1]}, "finish_reason": "stop"}],
        "grounding": {"verdict": "pass", "trace_id": case.trace_id},
    }
    assert judge(case, 200, sse([*chunks, final])) is Outcome.RIGHT
    assert judge(case, 200, sse([*chunks[1:], final])) is Outcome.WRONG  # a word lost
    assert judge(case, 200, sse(chunks)) is Outcome.WRONG  # no final chunk
