"""Operations acceptance through the real Envoy: counters, embedding failures by stage,
hot reload of workspace policy under live traffic, and last-good on a broken file.

The sidecar here is wired as `serve` wires it (`InProcessSidecar(operations=True)`):
the real metrics endpoint is scraped, the real audit file read, and the real
ConfigMap watcher polls a directory updated the way the kubelet updates one.
"""

from __future__ import annotations

import json
import threading
import time
from collections import Counter
from collections.abc import Iterator
from dataclasses import dataclass
from itertools import count
from pathlib import Path
from typing import Any

import pytest

from devtools.configmap_dir import ConfigMapDir
from devtools.inprocess import InProcessSidecar
from devtools.mock_upstream import MockUpstream
from grounding_sidecar.decision import Action
from grounding_sidecar.detection import Grader
from grounding_sidecar.settings.configmap import ConfigMapPolicySource
from tests.support.eventually import eventually
from tests.support.fake_embedders import FailingEmbedder
from tests.support.recorder import Recorder

from .conftest import SidecarOutput, sidecar_settings, start_envoy
from .harness import GROUNDED, SOURCE, UNGROUNDED, Reply, Stack, chat, stream_text, traceparent
from .operations import (
    CLAIM_FAILS,
    SOURCE_FAILS,
    Samples,
    audit_events,
    scrape,
    value,
)

pytestmark = pytest.mark.envoy

RELOAD = "reload"  # the workspace whose policy the ConfigMap swaps
CHECKS = "gateway_grounding_check_total"
# How long to wait for the watcher or for traffic: a guard against hanging, not a measure.
SETTLE = 20.0
_trace_numbers = count(0x5EED0000)


def policy_file(action: str) -> dict[str, str]:
    document = {"workspaces": [{"id": RELOAD, "metadata": {"grounding.action": action}}]}
    return {"workspaces.json": json.dumps(document)}


@dataclass
class OpsStack:
    stack: Stack
    sidecar: InProcessSidecar
    configmap: ConfigMapDir
    audit_path: Path

    @property
    def watcher(self) -> ConfigMapPolicySource:
        assert self.sidecar.ops is not None and self.sidecar.ops.watcher is not None
        return self.sidecar.ops.watcher

    def metrics(self) -> Samples:
        return scrape(self.sidecar.metrics_port)

    def audit(self) -> list[dict[str, Any]]:
        assert self.sidecar.ops is not None
        self.sidecar.ops.audit_writer.flush()
        return audit_events(self.audit_path)


@pytest.fixture(scope="module")
def ops(
    upstream: MockUpstream, sidecar_output: SidecarOutput, tmp_path_factory: pytest.TempPathFactory
) -> Iterator[OpsStack]:
    configmap = ConfigMapDir(tmp_path_factory.mktemp("ops") / "workspaces")
    configmap.publish(policy_file("LOG"))
    settings = sidecar_settings(
        sidecar_output,
        "operations",
        policy_dir=str(configmap.root),
        policy_poll_seconds=0.05,
        check_deadline=5.0,
    )
    recorder = Recorder()
    detector = Grader(FailingEmbedder(SOURCE_FAILS, CLAIM_FAILS))
    sidecar = InProcessSidecar(settings, detector, recorder, operations=True).start()
    envoy = start_envoy(upstream.port, sidecar.port)
    stack = Stack(envoy=envoy, upstream=upstream, sidecar=sidecar, recorder=recorder)
    yield OpsStack(stack, sidecar, configmap, Path(settings.audit_sink))
    envoy.stop()
    sidecar.stop()


def new_trace() -> str:
    return f"{next(_trace_numbers):032x}"


def send(
    stack: Stack, workspace: str, answer: str, *, stream: bool, sources: list[str] | None = None
) -> tuple[str, Reply]:
    trace = new_trace()
    headers = {
        "x-workspace-id": workspace,
        "x-mock-answer": answer,
        "traceparent": traceparent(trace),
    }
    body = chat(sources=[SOURCE] if sources is None else sources, stream=stream)
    if stream:
        reply, _ = stack.stream(body, headers)
        return trace, reply
    return trace, stack.post(body, headers)


# --- counters ------------------------------------------------------------------------


def test_check_total_counts_each_checked_response_once_with_its_labels(ops: OpsStack) -> None:
    before = ops.metrics()
    traces = []
    expected: Counter[tuple[str, str]] = Counter()
    for workspace, action in (("log", "LOG"), ("flag", "FLAG"), ("block", "BLOCK")):
        for answer, grounded in ((GROUNDED, "true"), (UNGROUNDED, "false")):
            for stream in (False, True):
                trace, _ = send(ops.stack, workspace, answer, stream=stream)
                traces.append(trace)
                expected[(grounded, action)] += 1
    # Not checked, so never counted: no sources, and a workspace with grounding off.
    send(ops.stack, "log", UNGROUNDED, stream=False, sources=[])
    send(ops.stack, "off", UNGROUNDED, stream=True)
    for trace in traces:  # relayed streams are checked after delivery
        ops.stack.recorder.wait_for_check(trace)
    after = ops.metrics()
    for grounded in ("true", "false"):
        for action in ("LOG", "FLAG", "BLOCK"):
            delta = value(after, CHECKS, grounded=grounded, action=action) - value(
                before, CHECKS, grounded=grounded, action=action
            )
            assert delta == expected[(grounded, action)], (grounded, action)
    assert len(ops.stack.recorder.checks) == len(traces)  # and no extra check anywhere


@pytest.mark.parametrize("stream", [False, True], ids=["json", "sse"])
def test_embedding_failures_are_counted_by_stage(ops: OpsStack, stream: bool) -> None:
    failures = "gateway_grounding_embedding_failures_total"
    before = ops.metrics()
    source_trace, _ = send(
        ops.stack, "log", GROUNDED, stream=stream, sources=[f"{SOURCE} {SOURCE_FAILS}"]
    )
    ops.stack.recorder.wait_for_check(source_trace)
    middle = ops.metrics()
    claim_trace, _ = send(ops.stack, "log", f"{GROUNDED} {CLAIM_FAILS} {UNGROUNDED}", stream=stream)
    ops.stack.recorder.wait_for_check(claim_trace)
    after = ops.metrics()

    def delta(stage: str, start: Samples, end: Samples) -> float:
        return value(end, failures, stage=stage) - value(start, failures, stage=stage)

    assert (delta("source", before, middle), delta("claim", before, middle)) == (1, 0)
    assert (delta("source", middle, after), delta("claim", middle, after)) == (0, 1)
    # Each of the two responses is still one checked response, not grounded.
    assert (
        value(after, CHECKS, grounded="false", action="LOG")
        - value(before, CHECKS, grounded="false", action="LOG")
        == 2
    )


# --- hot reload under live traffic ---------------------------------------------------


@dataclass
class Observed:
    trace: str
    stream: bool
    sent: float  # monotonic, before the request was written
    received: float  # monotonic, after the whole answer was read
    action: str | None  # the action the client-visible answer shows; None: a failure
    detail: str


def observed_action(reply: Reply, stream: bool) -> tuple[str | None, str]:
    """What the client saw, read back as the action that produced it.

    The answer is always ungrounded, so BLOCK and LOG look different to the client:
    JSON 403 `hallucination_detected` vs 200 with `x-grounding-verdict: fail`; SSE
    `content_filter` with none of the answer vs the whole answer then `[DONE]`.
    Anything else (5xx, a reset, a mix) is a failed request.
    """
    if stream:
        if reply.status != 200:
            return None, f"status {reply.status}"
        text = stream_text(reply.body)
        if b'"content_filter"' in reply.body and UNGROUNDED not in text:
            return "BLOCK", ""
        if text == UNGROUNDED and reply.body.endswith(b"data: [DONE]\n\n"):
            return "LOG", ""
        return None, f"unexpected stream {reply.body[:200]!r}"
    if reply.status == 403 and reply.json()["error"]["code"] == "hallucination_detected":
        return "BLOCK", ""
    if reply.status == 200 and reply.headers.get("x-grounding-verdict") == "fail":
        return "LOG", ""
    return None, f"status {reply.status} {reply.body[:200]!r}"


class TrafficLoop:
    """Clients sending ungrounded answers (JSON and SSE alternately) until stopped."""

    def __init__(self, stack: Stack, clients: int = 2) -> None:
        self._stack = stack
        self._stop = threading.Event()
        self._lock = threading.Lock()
        self.results: list[Observed] = []
        self.errors: list[str] = []
        self._threads = [
            threading.Thread(target=self._run, args=(i,), daemon=True) for i in range(clients)
        ]

    def __enter__(self) -> TrafficLoop:
        for thread in self._threads:
            thread.start()
        return self

    def __exit__(self, *exc: object) -> None:
        self._stop.set()
        for thread in self._threads:
            thread.join(timeout=60)

    def _run(self, client: int) -> None:
        stream = client % 2 == 1
        while not self._stop.is_set():
            sent = time.monotonic()
            try:
                trace, reply = send(self._stack, RELOAD, UNGROUNDED, stream=stream)
            except Exception as exc:  # a reset or refused connection is a failed request
                with self._lock:
                    self.errors.append(repr(exc))
                continue
            action, detail = observed_action(reply, stream)
            with self._lock:
                self.results.append(Observed(trace, stream, sent, time.monotonic(), action, detail))
            stream = not stream

    def count_sent_after(self, moment: float) -> int:
        with self._lock:
            return sum(1 for r in self.results if r.sent >= moment)


def swap_and_wait(ops: OpsStack, traffic: TrafficLoop, action: Action) -> tuple[float, float]:
    """Publish `action` for the reload workspace; returns (before the swap, once in force)."""
    swapped = time.monotonic()
    ops.configmap.publish(policy_file(action.value))
    eventually(
        lambda: ops.watcher.policy_for(RELOAD).action is action,
        timeout=SETTLE,
        what=f"{action} in force",
    )
    in_force = time.monotonic()
    # Let the loop run under the new policy for a while (JSON and SSE both).
    eventually(
        lambda: traffic.count_sent_after(in_force) >= 6,
        timeout=SETTLE,
        what="traffic after the swap",
    )
    return swapped, in_force


def test_policy_hot_reload_under_live_traffic(ops: OpsStack) -> None:
    """LOG -> BLOCK -> LOG by `..data` swaps while requests flow.

    How "the policy in force when it was checked" is determined: the exchange reads
    its workspace's policy once, at the request headers, from the watcher's immutable
    snapshot.  So for every request, with S_k the moment just before the k-th swap was
    published and F_k the moment the watcher was seen serving it:
    - received before S_k: only the policy before the swap can apply;
    - sent after F_k (and received before S_k+1): only the new policy can apply;
    - overlapping [S_k, F_k]: either the old or the new one, never a third.
    Each answer's client-visible action must be the one allowed by that rule, must
    equal the action the sidecar recorded for that trace (observer and audit line),
    and no request may fail.
    """
    assert ops.watcher.policy_for(RELOAD).action is Action.LOG
    with TrafficLoop(ops.stack) as traffic:
        eventually(
            lambda: traffic.count_sent_after(0.0) >= 6,
            timeout=SETTLE,
            what="traffic before the swap",
        )
        s1, f1 = swap_and_wait(ops, traffic, Action.BLOCK)
        s2, f2 = swap_and_wait(ops, traffic, Action.LOG)
    assert traffic.errors == []
    failed = [r for r in traffic.results if r.action is None]
    assert failed == [], failed[:3]

    def allowed(r: Observed) -> set[str]:
        if r.received < s1:
            return {"LOG"}
        if r.sent >= f1 and r.received < s2:
            return {"BLOCK"}
        if r.sent >= f2:
            return {"LOG"}
        return {"LOG", "BLOCK"}  # overlapped a swap: the old or the new policy

    wrong = [r for r in traffic.results if r.action not in allowed(r)]
    assert wrong == [], wrong[:3]
    seen = Counter((r.action, r.stream) for r in traffic.results)
    for action in ("LOG", "BLOCK"):
        for stream in (False, True):
            assert seen[(action, stream)] >= 1, (action, stream, seen)

    recorder = ops.stack.recorder
    for r in traffic.results:
        assert recorder.wait_for_check(r.trace).action.value == r.action, r
    audited = {
        e["payload"]["trace_id"]: e["payload"]["action"]
        for e in ops.audit()
        if e["type"] in ("HALLUCINATION_DETECTED", "HALLUCINATION_DETECTED_STREAMING")
    }
    for r in traffic.results:
        assert audited.get(r.trace) == r.action, r

    updates = [
        e["payload"]["changes"]
        for e in ops.audit()
        if e["type"] == "WORKSPACE_METADATA_UPDATED" and e["workspace_id"] == RELOAD
    ]
    assert updates[-2:] == [
        {"grounding.action": {"old": "LOG", "new": "BLOCK"}},
        {"grounding.action": {"old": "BLOCK", "new": "LOG"}},
    ]


def test_a_broken_file_keeps_the_last_good_policy(ops: OpsStack) -> None:
    reloads = "gateway_grounding_config_reloads_total"
    ops.configmap.publish(policy_file("BLOCK"))
    eventually(
        lambda: ops.watcher.policy_for(RELOAD).action is Action.BLOCK, timeout=SETTLE, what="BLOCK"
    )
    before = ops.metrics()
    ops.configmap.publish({"workspaces.json": '{"workspaces": [{"id": "reload", "metadata":'})
    eventually(
        lambda: (
            value(ops.metrics(), reloads, result="failure")
            > value(before, reloads, result="failure")
        ),
        timeout=SETTLE,
        what="the failed reload",
    )
    assert value(ops.metrics(), "gateway_grounding_config_last_reload_ok") == 0
    for stream in (False, True):  # still refused: the last good table is in force
        _, reply = send(ops.stack, RELOAD, UNGROUNDED, stream=stream)
        assert observed_action(reply, stream)[0] == "BLOCK"
    ops.configmap.publish(policy_file("LOG"))
    eventually(
        lambda: ops.watcher.policy_for(RELOAD).action is Action.LOG, timeout=SETTLE, what="LOG"
    )
    _, reply = send(ops.stack, RELOAD, UNGROUNDED, stream=False)
    assert observed_action(reply, False)[0] == "LOG"
    assert value(ops.metrics(), "gateway_grounding_config_last_reload_ok") == 1
