"""Audit event envelopes and payloads (docs/contract.md#audit-events); pure functions, no I/O.

The audit trail must let an auditor show what was refused and why without holding
customer text: claims appear only as SHA-256 hashes, sources only as passage ids
(`s<source>.<passage>`) and counts, and no request header is ever copied.
"""

from __future__ import annotations

import hashlib
import uuid
from collections.abc import Mapping
from datetime import UTC, datetime
from enum import StrEnum
from typing import Any

from grounding_sidecar.decision.actions import Delivery
from grounding_sidecar.decision.observer import CheckEvent, RequestRefusal, StreamSummary
from grounding_sidecar.decision.outcome import Unchecked
from grounding_sidecar.detection.contract import CheckResult, StatementGrade
from grounding_sidecar.settings.configmap import KeyChange


class AuditType(StrEnum):
    HALLUCINATION_DETECTED = "HALLUCINATION_DETECTED"
    HALLUCINATION_DETECTED_STREAMING = "HALLUCINATION_DETECTED_STREAMING"
    STREAM_INCOMPLETE_UNGROUNDED = "STREAM_INCOMPLETE_UNGROUNDED"
    STREAMING_ENFORCEMENT_SUMMARY = "STREAMING_ENFORCEMENT_SUMMARY"
    WORKSPACE_METADATA_UPDATED = "WORKSPACE_METADATA_UPDATED"
    REQUEST_REFUSED = "REQUEST_REFUSED"


def claim_hash(text: str) -> str:
    """SHA-256 of the claim's UTF-8 text, lower-case hex (recomputable from the answer).

    A lone surrogate (from a "\ud800" escape in the upstream JSON) is hashed as its
    surrogatepass bytes rather than losing the event to an encoding error.
    """
    return hashlib.sha256(text.encode("utf-8", "surrogatepass")).hexdigest()


def envelope(
    event_type: AuditType,
    workspace_id: str | None,
    payload: Mapping[str, Any],
    *,
    now: datetime | None = None,
) -> dict[str, Any]:
    moment = (now or datetime.now(UTC)).astimezone(UTC)
    return {
        "event_id": str(uuid.uuid4()),
        "timestamp": moment.isoformat(timespec="milliseconds").replace("+00:00", "Z"),
        "workspace_id": workspace_id,
        "type": event_type.value,
        "payload": dict(payload),
    }


def detection_type(event: CheckEvent) -> AuditType | None:
    """Which event a check writes, or None: only failed checks and refusals are audited."""
    outcome = event.outcome
    if outcome.unchecked is Unchecked.STREAM_INCOMPLETE:
        return AuditType.STREAM_INCOMPLETE_UNGROUNDED
    failed = outcome.result is not None and not outcome.result.grounded
    # A refusal without an ungrounded claim (deadline missed, `unknown: block`) is
    # audited too: an auditor must be able to see every answer the sidecar withheld.
    if not failed and event.decision.refusal is None:
        return None
    if event.streaming:
        return AuditType.HALLUCINATION_DETECTED_STREAMING
    return AuditType.HALLUCINATION_DETECTED


def detection_payload(event: CheckEvent, definition_version: str | None) -> dict[str, Any]:
    outcome = event.outcome
    result = outcome.result
    refusal = event.decision.refusal
    payload: dict[str, Any] = {
        "source": "streaming_response" if event.streaming else "response",
        "metric_definition_version": result.version if result else definition_version,
        "trace_id": event.trace_id,
        "action": event.action.value,
        "delivery": event.delivery.value,
        "verdict": event.decision.verdict.value,
        "refused": refusal is not None,
        "refusal_code": refusal.code.value if refusal else None,
        "unchecked": outcome.unchecked.value if outcome.unchecked else None,
        "scan_incomplete": outcome.truncated,
        "source_count": event.source_count,
    }
    payload.update(_result_fields(result))
    return payload


def _result_fields(result: CheckResult | None) -> dict[str, Any]:
    if result is None:
        # No detector result: nothing was shown to be grounded.
        return {
            "grounded": False,
            "confidence": 0.0,
            "overall_similarity": None,
            "reasons": [],
            "ungrounded_claim_count": 0,
            "ungrounded_claim_hashes": [],
            "claims": [],
            "skipped_claim_count": 0,
            "dropped_source_count": 0,
        }
    ungrounded = result.ungrounded_claims
    return {
        "grounded": result.grounded,
        "confidence": round(result.confidence, 4),
        "overall_similarity": (
            None if result.overall_similarity is None else round(result.overall_similarity, 4)
        ),
        "reasons": [reason.value for reason in result.reasons],
        "ungrounded_claim_count": len(ungrounded),
        "ungrounded_claim_hashes": [claim_hash(grade.text) for grade in ungrounded],
        "claims": [_claim(grade) for grade in result.claims],
        "skipped_claim_count": len(result.skipped_claims),
        "dropped_source_count": len(result.dropped_sources),
    }


def _claim(grade: StatementGrade) -> dict[str, Any]:
    return {
        "claim_hash": claim_hash(grade.text),
        "claim_class": grade.claim_class.value,
        "verdict": grade.verdict.value,
        "score": None if grade.score is None else round(grade.score, 4),
        "evidence": [evidence.passage_id for evidence in grade.evidence],
    }


def request_refusal_payload(
    refused: RequestRefusal, definition_version: str | None
) -> dict[str, Any]:
    """A request refused before the upstream: the code names why; no body content."""
    return {
        "source": "request",
        "metric_definition_version": definition_version,
        "trace_id": refused.refusal.trace_id,
        "action": refused.action.value,
        "refused": True,
        "refusal_code": refused.refusal.code.value,
        "status": refused.refusal.status,
    }


def summary_is_audited(summary: StreamSummary) -> bool:
    """A stream summary is written only when enforcement saw less than the whole answer.

    A held (deferred) stream that ended early is already audited as
    STREAM_INCOMPLETE_UNGROUNDED, so only relayed streams report incompleteness here.
    """
    if summary.scan_incomplete:
        return True
    return not summary.complete and summary.delivery is Delivery.IMMEDIATE


def summary_payload(summary: StreamSummary, definition_version: str | None) -> dict[str, Any]:
    return {
        "source": "streaming_response",
        "metric_definition_version": definition_version,
        "trace_id": summary.trace_id,
        "action": summary.action.value,
        "delivery": summary.delivery.value,
        "scan_incomplete": summary.scan_incomplete,
        "complete": summary.complete,
        "bytes_seen": summary.bytes_seen,
        "bytes_retained": summary.bytes_retained,
        "events": summary.events,
    }


def workspace_update_payload(
    changes: Mapping[str, KeyChange], directory: str | None
) -> dict[str, Any]:
    return {
        "changed_keys": sorted(changes),
        "changes": {key: change.to_dict() for key, change in sorted(changes.items())},
        "config_source": directory,
    }
