"""Acceptance: 64 concurrent mixed exchanges, each gets the verdict for its own answer."""

from __future__ import annotations

import json
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass

import pytest

from .harness import Reply, Stack, chat, sse_events, stream_text

pytestmark = pytest.mark.envoy

WORKSPACES = ("log", "flag", "block")


@dataclass(frozen=True)
class Case:
    number: int
    workspace: str
    streaming: bool
    grounded: bool

    @property
    def source(self) -> str:
        return f"Parcel {self.number} left the Rotterdam depot on Tuesday morning by rail freight."

    @property
    def answer(self) -> str:
        if self.grounded:
            return self.source
        return f"Parcel {self.number} was eaten by a purple dragon over the Atlantic Ocean."


def run(stack: Stack, case: Case) -> Reply:
    headers = {
        "x-workspace-id": case.workspace,
        "x-mock-answer": case.answer,
        "x-mock-delay": "0.01",
    }
    body = chat(sources=[case.source, "Unrelated filler passage about weather in Lisbon."])
    if case.streaming:
        reply, _ = stack.stream({**body, "stream": True}, headers)
        return reply
    return stack.post(body, headers)


def test_64_concurrent_mixed_streams_do_not_cross_talk(stack: Stack) -> None:
    cases = [
        Case(n, WORKSPACES[n % 3], streaming=bool(n // 3 % 2), grounded=bool(n // 6 % 2))
        for n in range(64)
    ]
    with ThreadPoolExecutor(max_workers=64) as pool:
        replies = list(pool.map(lambda case: run(stack, case), cases, timeout=120))
    for case, reply in zip(cases, replies, strict=True):
        refused = case.workspace == "block" and not case.grounded
        expected_verdict = "pass" if case.grounded else "fail"
        if case.streaming:
            assert reply.status == 200, case
            text = stream_text(reply.body)
            if refused:
                assert text == "", case
                final = json.loads(sse_events(reply.body)[0])
                assert final["choices"][0]["finish_reason"] == "content_filter"
            else:
                assert text == case.answer, case  # its own answer, whole
            if case.workspace == "block":
                assert reply.headers["x-grounding-verdict"] == expected_verdict, case
        elif refused:
            assert reply.status == 403, case
            message = reply.json()["error"]["message"]
            assert message.endswith(case.answer), case  # its own claim in the envelope
        else:
            assert reply.status == 200, case
            content = reply.json()["choices"][0]["message"]["content"]
            assert content == case.answer, case
            assert reply.headers["x-grounding-verdict"] == expected_verdict, case


def test_envoy_ends_each_processor_stream_without_a_reset(stack: Stack) -> None:
    """The example config's graceful close: Envoy half-closes each ext_proc stream and
    waits for the sidecar's status instead of resetting it (a reset stream leaks native
    memory in the sidecar's gRPC server: docs/operations.md)."""
    resets = "cluster.grounding_sidecar.upstream_rq_tx_reset"
    before = stack.envoy.counter(resets)
    cases = [Case(n, WORKSPACES[n % 3], streaming=bool(n % 2), grounded=True) for n in range(24)]
    with ThreadPoolExecutor(max_workers=8) as pool:
        replies = list(pool.map(lambda case: run(stack, case), cases, timeout=120))
    assert all(reply.status == 200 for reply in replies)
    assert stack.envoy.counter("cluster.grounding_sidecar.upstream_rq_completed") > 0
    assert stack.envoy.counter(resets) == before
