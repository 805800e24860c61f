"""Audit events: envelope, payloads, when they are written, no text, never blocking."""

from __future__ import annotations

import hashlib
import io
import json
import re
import threading
from pathlib import Path
from typing import Any

from grounding_sidecar.decision import Action, CheckOutcome, Delivery, StreamSummary, Unchecked
from grounding_sidecar.observability.audit import AuditObserver, AuditWriter, open_sink
from grounding_sidecar.observability.audit_events import AuditType
from grounding_sidecar.settings.configmap import KeyChange
from tests.support.observability_helpers import (
    GROUNDED_ANSWER,
    SOURCE,
    TRACE,
    UNGROUNDED_ANSWER,
    UNGROUNDED_CLAIM,
    check,
    event,
    unchecked,
)

VERSION = "grounding-v1/strict/hash@1/split-v1/t0.30"
ENVELOPE_KEYS = {"event_id", "timestamp", "workspace_id", "type", "payload"}


def run(calls: Any) -> list[dict[str, Any]]:
    stream = io.StringIO()
    writer = AuditWriter(stream)
    observer = AuditObserver(writer, definition_version=VERSION, policy_dir="/etc/policies")
    calls(observer)
    writer.close()
    return [json.loads(line) for line in stream.getvalue().splitlines()]


def test_failed_check_writes_one_hallucination_event_with_the_envelope() -> None:
    (line,) = run(lambda o: o.on_check(event(CheckOutcome(check(UNGROUNDED_ANSWER)))))
    assert set(line) == ENVELOPE_KEYS
    assert line["type"] == "HALLUCINATION_DETECTED" and line["workspace_id"] == "acme"
    assert re.fullmatch(r"\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z", line["timestamp"])
    assert re.fullmatch(r"[0-9a-f-]{36}", line["event_id"])
    payload = line["payload"]
    assert payload["grounded"] is False
    assert payload["source"] == "response"
    assert 0 <= payload["confidence"] <= 1
    assert isinstance(payload["overall_similarity"], float)
    assert payload["ungrounded_claim_count"] == 1
    expected_hash = hashlib.sha256(UNGROUNDED_CLAIM.encode()).hexdigest()
    assert payload["ungrounded_claim_hashes"] == [expected_hash]
    assert payload["metric_definition_version"].startswith("grounding-v1/")
    assert payload["trace_id"] == TRACE
    verdicts = {c["claim_hash"]: (c["verdict"], c["evidence"]) for c in payload["claims"]}
    assert verdicts[expected_hash] == ("unsupported", [])
    assert ("supported", ["s0.0"]) in verdicts.values()


def test_streaming_failure_has_its_own_type_and_source() -> None:
    (line,) = run(
        lambda o: o.on_check(event(CheckOutcome(check(UNGROUNDED_ANSWER)), streaming=True))
    )
    assert line["type"] == "HALLUCINATION_DETECTED_STREAMING"
    assert line["payload"]["source"] == "streaming_response"


def test_passing_and_unrefused_unknown_checks_write_nothing() -> None:
    lines = run(
        lambda o: (
            o.on_check(event(CheckOutcome(check(GROUNDED_ANSWER)))),
            o.on_check(event(CheckOutcome(check(GROUNDED_ANSWER), truncated=True))),
            o.on_check(event(unchecked(Unchecked.RESPONSE_TOO_LARGE))),
            o.on_check(event(unchecked(Unchecked.DEADLINE_MISSED), action=Action.LOG)),
        )
    )
    assert lines == []


def test_refusals_without_a_result_are_audited_with_the_configured_version() -> None:
    (line,) = run(
        lambda o: o.on_check(event(unchecked(Unchecked.DEADLINE_MISSED), action=Action.BLOCK))
    )
    assert line["type"] == "HALLUCINATION_DETECTED"
    payload = line["payload"]
    assert payload["refused"] is True and payload["refusal_code"] == "grounding_unverified"
    assert payload["unchecked"] == "deadline_missed"
    assert payload["metric_definition_version"] == VERSION
    assert payload["grounded"] is False and payload["claims"] == []


def test_incomplete_held_stream_is_stream_incomplete_ungrounded() -> None:
    lines = run(
        lambda o: (
            o.on_check(
                event(unchecked(Unchecked.STREAM_INCOMPLETE), action=Action.BLOCK, streaming=True)
            ),
            # The held stream's summary is not audited again.
            o.on_stream_summary(
                StreamSummary("acme", Action.BLOCK, Delivery.DEFERRED, 10, 10, 1, False, False)
            ),
        )
    )
    assert [line["type"] for line in lines] == ["STREAM_INCOMPLETE_UNGROUNDED"]
    assert lines[0]["payload"]["source"] == "streaming_response"


def test_stream_summary_is_written_only_when_the_scan_missed_something() -> None:
    def summaries(o: AuditObserver) -> None:
        o.on_stream_summary(
            StreamSummary(
                "acme", Action.LOG, Delivery.IMMEDIATE, 900, 500, 9, True, True, trace_id="ab" * 16
            )
        )
        o.on_stream_summary(
            StreamSummary("acme", Action.LOG, Delivery.IMMEDIATE, 90, 90, 3, False, True)
        )
        o.on_stream_summary(
            StreamSummary("beta", Action.FLAG, Delivery.IMMEDIATE, 90, 90, 3, False, False)
        )

    first, second = run(summaries)
    assert first["type"] == second["type"] == "STREAMING_ENFORCEMENT_SUMMARY"
    assert first["payload"]["scan_incomplete"] is True
    assert first["payload"]["bytes_seen"] == 900 and first["payload"]["bytes_retained"] == 500
    assert first["payload"]["trace_id"] == "ab" * 16
    assert second["workspace_id"] == "beta" and second["payload"]["complete"] is False


def test_workspace_update_carries_the_diff() -> None:
    changes = {
        "grounding.action": KeyChange("LOG", "BLOCK"),
        "grounding.max-sources": KeyChange(None, "20"),
    }
    (line,) = run(lambda o: o.on_workspace_changed("acme-corp", changes))
    assert line["type"] == "WORKSPACE_METADATA_UPDATED" and line["workspace_id"] == "acme-corp"
    assert line["payload"] == {
        "changed_keys": ["grounding.action", "grounding.max-sources"],
        "changes": {
            "grounding.action": {"old": "LOG", "new": "BLOCK"},
            "grounding.max-sources": {"old": None, "new": "20"},
        },
        "config_source": "/etc/policies",
    }


def test_no_claim_or_source_text_in_any_event() -> None:
    lines = run(
        lambda o: (
            o.on_check(event(CheckOutcome(check(UNGROUNDED_ANSWER)), action=Action.BLOCK)),
            o.on_check(
                event(CheckOutcome(check(UNGROUNDED_ANSWER)), streaming=True, action=Action.FLAG)
            ),
        )
    )
    assert len(lines) == 2
    text = "\n".join(json.dumps(line) for line in lines)
    sentences = [s for s in (SOURCE + " " + UNGROUNDED_ANSWER).split(". ") if s]
    for sentence in sentences:
        assert sentence.strip(". ")[:25] not in text
    assert "refund" not in text.lower() and "laptop" not in text.lower()


class BlockedStream(io.StringIO):
    """A sink that hangs (a full pipe) until released."""

    def __init__(self) -> None:
        super().__init__()
        self.release = threading.Event()

    def write(self, text: str) -> int:
        self.release.wait()
        return super().write(text)


def test_a_blocked_sink_drops_and_counts_instead_of_blocking() -> None:
    stream = BlockedStream()
    dropped: list[int] = []
    writer = AuditWriter(stream, queue_size=2, on_dropped=lambda: dropped.append(1))
    results = [writer.submit({"type": "X", "n": n}) for n in range(10)]
    # One event may be in the writer's hands, two queued; the rest dropped at once.
    assert results.count(False) >= 7
    assert writer.dropped == len(dropped) == results.count(False)
    stream.release.set()
    writer.close()
    assert len(stream.getvalue().splitlines()) == results.count(True)


def test_a_failing_sink_is_counted_not_raised() -> None:
    class Broken(io.StringIO):
        def write(self, text: str) -> int:
            raise OSError("disk full")

    writer = AuditWriter(Broken())
    assert writer.submit({"type": "X"}) is True
    writer.flush()
    assert writer.dropped == 1 and writer.written == 0
    writer.close()


def test_file_sink_appends_json_lines(tmp_path: Path) -> None:
    path = tmp_path / "audit" / "events.jsonl"
    for n in range(2):
        writer = AuditWriter(open_sink(str(path)), close_stream=True)
        writer.submit({"type": AuditType.WORKSPACE_METADATA_UPDATED.value, "n": n})
        writer.close()
    assert [json.loads(line)["n"] for line in path.read_text().splitlines()] == [0, 1]


def test_refusals_without_a_result_name_the_workspaces_claim_policy() -> None:
    import dataclasses

    from grounding_sidecar.detection import ClaimPolicy, Grader, HashEmbedder

    grader = Grader(HashEmbedder())
    stream = io.StringIO()
    writer = AuditWriter(stream)
    observer = AuditObserver(writer, definition_version=VERSION, version_for=grader.version)
    missed = event(unchecked(Unchecked.DEADLINE_MISSED), action=Action.BLOCK)
    observer.on_check(dataclasses.replace(missed, claim_policy=ClaimPolicy.CLASSED))
    observer.on_check(missed)
    writer.close()
    versions = [
        json.loads(line)["payload"]["metric_definition_version"]
        for line in stream.getvalue().splitlines()
    ]
    assert versions == [grader.version(ClaimPolicy.CLASSED), grader.version(ClaimPolicy.STRICT)]
