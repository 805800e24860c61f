"""Acceptance: no audit line and no log line of the suite holds claim or source text,
or an `authorization` value.

Runs last (see conftest.py): by then every sidecar the integration fixtures started
(in-process, and the `serve` subprocesses) has written its audit file and log into
`sidecar_output`.  Every request of the suite carries `AUTHORIZATION`; this module
adds requests whose claims and sources hold canary words, under every action, JSON
and SSE, passing and failing, so that audit events certainly exist for them.
"""

from __future__ import annotations

import json

import pytest

from grounding_sidecar.observability.audit_events import claim_hash

from .conftest import SidecarOutput
from .harness import AUTHORIZATION, GROUNDED, SOURCE, UNGROUNDED, Stack, chat, traceparent
from .operations import CLAIM_FAILS, SOURCE_FAILS

pytestmark = pytest.mark.envoy

CANARY_SOURCE = "The Quillford zephyrine archive holds forty two volumes of tidal records."
CANARY_CLAIM = "The zorblax canary reactor in Quillford was decommissioned in 1911."
# The user's question: kept for the check of a short answer, never written.
CANARY_QUESTION = "Which vault holds the Quillford glimmerwick tidal records?"
CANARY_SHORT_ANSWER = "Zephyrine."
FORBIDDEN = [
    AUTHORIZATION,
    AUTHORIZATION.split()[-1],  # the token without its scheme
    CANARY_SOURCE,
    CANARY_CLAIM,
    CANARY_QUESTION,
    "zephyrine",
    "zorblax",
    "glimmerwick",
    # The texts every other integration test sends.
    *SOURCE.split(". "),
    GROUNDED,
    UNGROUNDED,
    "Great Wall of China",
    SOURCE_FAILS,
    CLAIM_FAILS,
]


def send_canaries(stack: Stack) -> list[str]:
    traces = []
    for number, (workspace, stream) in enumerate(
        [("log", False), ("log", True), ("flag", False), ("block", False), ("block", True)]
    ):
        trace = f"{0xCA9A7000 + number:032x}"
        body = chat(sources=[CANARY_SOURCE, SOURCE], stream=stream)
        body["messages"] = [{"role": "user", "content": CANARY_QUESTION}]
        headers = {
            "x-workspace-id": workspace,
            "x-mock-answer": f"{GROUNDED} {CANARY_CLAIM}",
            "traceparent": traceparent(trace),
        }
        if stream:
            stack.stream(body, headers)
        else:
            stack.post(body, headers)
        traces.append(trace)
    return traces


def send_short_answers(stack: Stack) -> list[str]:
    """Short answers graded with the canary question, under every action."""
    traces = []
    for number, workspace in enumerate(["log", "flag", "block"]):
        trace = f"{0xCA9A7100 + number:032x}"
        body = chat(sources=[CANARY_SOURCE])
        body["messages"] = [{"role": "user", "content": CANARY_QUESTION}]
        headers = {
            "x-workspace-id": workspace,
            "x-mock-answer": CANARY_SHORT_ANSWER,
            "traceparent": traceparent(trace),
        }
        reply = stack.post(body, headers)
        # Not a vacuous scan: the question was read (alone the answer is unknown).
        assert reply.headers["x-grounding-verdict"] != "unknown"
        traces.append(trace)
    return traces


def test_no_audit_or_log_line_holds_customer_text_or_credentials(
    stack: Stack, sidecar_output: SidecarOutput
) -> None:
    traces = send_canaries(stack)
    short_traces = send_short_answers(stack)
    for trace in [*traces, *short_traces]:
        stack.recorder.wait_for_check(trace)
    assert stack.sidecar is not None and stack.sidecar.ops is not None
    stack.sidecar.ops.audit_writer.flush()

    files = sidecar_output.files()
    audit_lines = [
        json.loads(line)
        for path in files
        if path.name.endswith(".audit.jsonl")
        for line in path.read_text(encoding="utf-8").splitlines()
    ]
    # Not a vacuous scan: the canary answers were audited, by hash.
    canary_events = [e for e in audit_lines if e["payload"].get("trace_id") in traces]
    assert len(canary_events) == len(traces)
    for event in canary_events:
        assert claim_hash(CANARY_CLAIM) in event["payload"]["ungrounded_claim_hashes"]
    assert any(path.suffix == ".log" and path.stat().st_size > 0 for path in files)

    leaks = []
    for path in files:
        for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
            for text in FORBIDDEN:
                if text and text.lower() in line.lower():
                    leaks.append(f"{path.name}:{number}: {text!r}")
    assert leaks == []
