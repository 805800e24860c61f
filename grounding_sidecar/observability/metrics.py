"""Prometheus metrics (docs/contract.md#metrics), recorded from the exchange's observer hooks.

Every label takes values from a closed set (enums, stage names, a fixed phase list):
no workspace ids, no claim text, no free-form strings.  The metric definition
version is exposed once, as the label of an info gauge, so dashboards can tell which
scores they are looking at without putting the version on every series.

Counter names are given without `_total`: prometheus-client appends it, so the
exposed names are exactly `gateway_grounding_check_total` and so on.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Final

from prometheus_client import (
    CollectorRegistry,
    Counter,
    Gauge,
    Histogram,
    ProcessCollector,
    generate_latest,
)
from prometheus_client.metrics import disable_created_metrics
from prometheus_client.registry import Collector

from grounding_sidecar.decision.actions import Action
from grounding_sidecar.decision.observer import (
    CheckEvent,
    GroundingObserver,
    RequestRefusal,
    StreamSummary,
)
from grounding_sidecar.decision.outcome import Unchecked
from grounding_sidecar.detection.contract import (
    CheckResult,
    EmbeddingStage,
    Reason,
    ResponseVerdict,
)
from grounding_sidecar.settings.configmap import KeyChange, PolicyListener

# `_created` series double every counter and histogram for little use; the alert and
# dashboard queries here never read them.
disable_created_metrics()  # type: ignore[no-untyped-call]

LATENCY_BUCKETS: Final = (0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10)
# 0.05 steps: fine enough to read how many claims sit just under the threshold.
SIMILARITY_BUCKETS: Final = tuple(round(0.05 * i, 2) for i in range(1, 21))
STAGES: Final = ("split", "embed", "score", "total")
# ext_proc message kinds (the phase an exchange was in when Envoy reset it).
CANCEL_PHASES: Final = frozenset(
    {
        "created",
        "request_headers",
        "request_body",
        "request_trailers",
        "response_headers",
        "response_body",
        "response_trailers",
    }
)
# Reasons for a verdict: the detector's own, or why there is no detector result.
VERDICT_REASONS: Final = tuple(r.value for r in Reason) + tuple(u.value for u in Unchecked)


class LabelledChildren:
    """A metric's labelled children, looked up by label values on the request path.

    prometheus-client's `labels()` validates and locks on every call (eight calls per
    checked answer were a visible share of the exchange's own time); a child, once
    made, is the same object for the process's life (these metrics are never cleared),
    so it is kept here.
    """

    def __init__(self, metric: Any) -> None:
        self._metric = metric
        self._children: dict[tuple[str, ...], Any] = {}

    def __call__(self, *values: str) -> Any:
        child = self._children.get(values)
        if child is None:
            child = self._children[values] = self._metric.labels(*values)
        return child


def bool_label(value: bool) -> str:
    return "true" if value else "false"


def verdict_reason(event: CheckEvent) -> str:
    """The decisive reason of a verdict, always one of VERDICT_REASONS."""
    outcome = event.outcome
    if outcome.unchecked is not None:
        return outcome.unchecked.value
    result = outcome.result
    if outcome.truncated and result is not None and result.verdict is ResponseVerdict.PASS:
        return Reason.ANSWER_TRUNCATED.value  # a pass on a prefix is reported as unknown
    if result is not None and result.reasons:
        return result.reasons[0].value  # the grader puts the decisive reason first
    return Reason.EVIDENCE_MISSING.value


class GroundingMetrics(GroundingObserver, PolicyListener):
    """All sidecar metrics in one registry (its own, so tests and processes never mix)."""

    def __init__(self, registry: CollectorRegistry | None = None) -> None:
        self.registry = registry or CollectorRegistry(auto_describe=True)
        r = self.registry
        # The process's RSS, CPU and open files, under this product's prefix so the
        # memory alert selects the sidecar and no other process (docs/operations.md#memory).
        ProcessCollector(namespace="gateway_grounding", registry=r)
        self.checks = Counter(
            "gateway_grounding_check",
            "Checked responses (streaming or not), by baseline grounded flag and action.",
            ["grounded", "action"],
            registry=r,
        )
        self.embedding_failures = Counter(
            "gateway_grounding_embedding_failures",
            "Embedding failures by stage (source passages or claims).",
            ["stage"],
            registry=r,
        )
        self.verdicts = Counter(
            "gateway_grounding_verdict",
            "Verdicts per answer that should have been checked, with the decisive reason.",
            ["verdict", "reason", "action"],
            registry=r,
        )
        self.ungraded_code = Counter(
            "gateway_grounding_ungraded_code",
            "Checked answers holding fenced code, which is never graded, by action.",
            ["action"],
            registry=r,
        )
        self.refusals = Counter(
            "gateway_grounding_refusals",
            "Answers refused, by refusal code.",
            ["code"],
            registry=r,
        )
        self.stage_seconds = Histogram(
            "gateway_grounding_check_stage_seconds",
            "Detector time per stage of one check (total: split + embed + score).",
            ["stage"],
            buckets=LATENCY_BUCKETS,
            registry=r,
        )
        self.check_seconds = Histogram(
            "gateway_grounding_check_duration_seconds",
            "Wall time of one check as the exchange saw it (includes waiting for a worker).",
            buckets=LATENCY_BUCKETS,
            registry=r,
        )
        self.claim_similarity = Histogram(
            "gateway_grounding_claim_similarity",
            "Best cosine similarity of each graded claim, by claim verdict (threshold tuning).",
            ["verdict"],
            buckets=SIMILARITY_BUCKETS,
            registry=r,
        )
        self.claims_verified = Counter(
            "gateway_grounding_claims_verified",
            "Graded claims the verifier read (only those whose verdict its reading can "
            "change); against gateway_grounding_claim_similarity_count, the share it read.",
            registry=r,
        )
        self.streams = Counter(
            "gateway_grounding_streams",
            "SSE streams that ended, by delivery and whether the scan covered all of it.",
            ["delivery", "complete", "scan_incomplete"],
            registry=r,
        )
        self.stream_bytes = Counter(
            "gateway_grounding_stream_bytes",
            "SSE bytes seen from the upstream and bytes retained for the check.",
            ["kind"],
            registry=r,
        )
        self.stream_cancellations = Counter(
            "gateway_grounding_stream_cancellations",
            "Exchanges Envoy reset before they finished, by phase.",
            ["phase"],
            registry=r,
        )
        self.detector_unavailable = Counter(
            "gateway_grounding_detector_unavailable",
            "Requests refused with grounding_unavailable (no working embedder).",
            registry=r,
        )
        # No workspace label: ids come from requests, so the set is not bounded.
        self.unknown_workspaces = Counter(
            "gateway_grounding_unknown_workspaces",
            "Requests naming a workspace the policy table does not have.",
            registry=r,
        )
        self.config_reloads = Counter(
            "gateway_grounding_config_reloads",
            "Reloads of the workspace policy directory: success, or failure (last good kept).",
            ["result"],
            registry=r,
        )
        self.config_reload_ok = Gauge(
            "gateway_grounding_config_last_reload_ok",
            "1 when the last policy reload applied (or none failed yet), 0 when it failed.",
            registry=r,
        )
        self.workspace_changes = Counter(
            "gateway_grounding_workspace_changes",
            "Workspaces whose policy a reload changed.",
            registry=r,
        )
        self.audit_events = Counter(
            "gateway_grounding_audit_events",
            "Audit events written, by type.",
            ["type"],
            registry=r,
        )
        self.audit_dropped = Counter(
            "gateway_grounding_audit_events_dropped",
            "Audit events dropped because the writer queue was full or the sink failed.",
            registry=r,
        )
        self.definition = Gauge(
            "gateway_grounding_definition_info",
            "The metric definition version scores are computed under (value always 1).",
            ["version"],
            registry=r,
        )
        # Children by positional label values, in each metric's label order.
        self._checks = LabelledChildren(self.checks)
        self._verdicts = LabelledChildren(self.verdicts)
        self._refusals = LabelledChildren(self.refusals)
        self._claim_similarity = LabelledChildren(self.claim_similarity)
        self._streams = LabelledChildren(self.streams)
        self._cancellations = LabelledChildren(self.stream_cancellations)
        self._embedding_failures = LabelledChildren(self.embedding_failures)
        self._ungraded_code = LabelledChildren(self.ungraded_code)
        self._stage_seconds = tuple(self.stage_seconds.labels(stage=stage) for stage in STAGES)
        self._bytes_seen = self.stream_bytes.labels(kind="seen")
        self._bytes_retained = self.stream_bytes.labels(kind="retained")
        self._initialise_series()

    def _initialise_series(self) -> None:
        # Series exist at 0 from the start, so rate() and absent-based alerts work
        # before the first event.
        for action in Action:
            for grounded in ("true", "false"):
                self.checks.labels(grounded=grounded, action=action.value)
        for stage in EmbeddingStage:
            self.embedding_failures.labels(stage=stage.value)
        for result in ("success", "failure"):
            self.config_reloads.labels(result=result)
        self.detector_unavailable.inc(0)
        self.unknown_workspaces.inc(0)
        self.config_reload_ok.set(1)
        self.audit_dropped.inc(0)

    # -- observer hooks -------------------------------------------------------

    def set_definition_version(self, version: str) -> None:
        """Called once at start-up with the detector's version (a bounded label)."""
        self.definition.clear()
        self.definition.labels(version=version).set(1)

    def on_check(self, event: CheckEvent) -> None:
        action = event.action.value
        verdict = event.outcome.verdict.value
        self._verdicts(verdict, verdict_reason(event), action).inc()
        if event.decision.refusal is not None:
            self._refusals(event.decision.refusal.code.value).inc()
        if event.outcome.seconds is not None:
            self.check_seconds.observe(event.outcome.seconds)
        result = event.outcome.result
        if result is not None:
            self._record_result(result, action)

    def _record_result(self, result: CheckResult, action: str) -> None:
        self._checks(bool_label(result.grounded), action).inc()
        if Reason.UNGRADED_CODE in result.reasons:
            self._ungraded_code(action).inc()
        for failed in result.embedding_failures:
            self._embedding_failures(failed.value).inc()
        timings = result.timings
        for child, seconds in zip(
            self._stage_seconds,
            (timings.split, timings.embed, timings.score, timings.total),
            strict=True,
        ):
            child.observe(seconds)
        for grade in result.claims:
            if grade.score is not None:
                self._claim_similarity(grade.verdict.value).observe(grade.score)
        read = sum(grade.verification is not None for grade in result.claims)
        if read:
            self.claims_verified.inc(read)

    def on_stream_summary(self, summary: StreamSummary) -> None:
        self._streams(
            summary.delivery.value,
            bool_label(summary.complete),
            bool_label(summary.scan_incomplete),
        ).inc()
        self._bytes_seen.inc(summary.bytes_seen)
        self._bytes_retained.inc(summary.bytes_retained)

    def on_detector_unavailable(self, workspace_id: str | None) -> None:
        self.detector_unavailable.inc()

    def on_unknown_workspace(self, workspace_id: str) -> None:
        self.unknown_workspaces.inc()

    def on_request_refused(self, refusal: RequestRefusal) -> None:
        self._refusals(refusal.refusal.code.value).inc()

    def on_stream_cancelled(self, workspace_id: str | None, phase: str) -> None:
        self._cancellations(phase if phase in CANCEL_PHASES else "other").inc()

    # -- policy reloads and audit ------------------------------------------------

    def on_policy_reload(self, ok: bool) -> None:
        self.config_reloads.labels(result="success" if ok else "failure").inc()
        self.config_reload_ok.set(1 if ok else 0)

    def on_workspace_changed(self, workspace_id: str, changes: Mapping[str, KeyChange]) -> None:
        self.workspace_changes.inc()

    def audit_written(self, event_type: str) -> None:
        self.audit_events.labels(type=event_type).inc()

    def audit_dropped_one(self) -> None:
        self.audit_dropped.inc()

    def watch(self, collector: Collector) -> None:
        """Also expose a collector's series (read at scrape time) from this registry."""
        self.registry.register(collector)

    def exposition(self) -> bytes:
        return generate_latest(self.registry)
