"""Hooks for metrics and audit (filled in by the observability work).

The exchange reports each finished check and each stream summary here.  The no-op
default keeps the request path free of any observability dependency; an observer
must not raise (the exchange logs and swallows it if one does) and must be cheap.
"""

from __future__ import annotations

from dataclasses import dataclass

from grounding_sidecar.decision.actions import Action, Delivery
from grounding_sidecar.decision.decide import Decision
from grounding_sidecar.decision.envelopes import Refusal
from grounding_sidecar.decision.outcome import CheckOutcome
from grounding_sidecar.detection.contract import ClaimPolicy


@dataclass(frozen=True, slots=True)
class CheckEvent:
    """One checked (or uncheckable) answer: the source of counters and audit events."""

    workspace_id: str | None
    action: Action
    streaming: bool
    delivery: Delivery
    outcome: CheckOutcome
    decision: Decision
    trace_id: str
    source_count: int
    # The workspace's claim policy: names the metric definition version of an event
    # that has no check result (deadline missed, stream incomplete).
    claim_policy: ClaimPolicy = ClaimPolicy.STRICT


@dataclass(frozen=True, slots=True)
class RequestRefusal:
    """A request refused before the upstream (invalid body or sources, no detector)."""

    workspace_id: str | None
    action: Action
    refusal: Refusal
    claim_policy: ClaimPolicy = ClaimPolicy.STRICT


@dataclass(frozen=True, slots=True)
class StreamSummary:
    """End of an SSE stream (audit type STREAMING_ENFORCEMENT_SUMMARY)."""

    workspace_id: str | None
    action: Action
    delivery: Delivery
    bytes_seen: int
    bytes_retained: int
    events: int
    scan_incomplete: bool
    complete: bool
    trace_id: str = ""  # ties the summary to the answer's detection event and spans


class GroundingObserver:
    """Base class with no-op hooks; subclasses override what they record."""

    def on_check(self, event: CheckEvent) -> None:
        """A response was checked, or should have been and could not be."""

    def on_stream_summary(self, summary: StreamSummary) -> None:
        """An SSE stream ended (emitted for every checked stream)."""

    def on_detector_unavailable(self, workspace_id: str | None) -> None:
        """A request was refused with grounding_unavailable."""

    def on_stream_cancelled(self, workspace_id: str | None, phase: str) -> None:
        """Envoy reset the ext_proc stream before the exchange finished."""

    def on_unknown_workspace(self, workspace_id: str) -> None:
        """A request named a workspace the policy table does not have."""

    def on_request_refused(self, refusal: RequestRefusal) -> None:
        """A request was refused before the upstream was called."""


NOOP_OBSERVER = GroundingObserver()
