"""Prometheus metrics: exact names and labels, once per checked response, promtool-clean."""

from __future__ import annotations

import pytest
from prometheus_client.parser import text_string_to_metric_families

from grounding_sidecar.decision import Action, CheckOutcome, Delivery, StreamSummary, Unchecked
from grounding_sidecar.detection import Grader, HashEmbedder
from grounding_sidecar.observability.metrics import (
    CANCEL_PHASES,
    VERDICT_REASONS,
    GroundingMetrics,
    verdict_reason,
)
from tests.support.fake_embedders import FailingEmbedder
from tests.support.fake_verifiers import MarkerVerifier
from tests.support.observability_helpers import (
    GROUNDED_ANSWER,
    UNGROUNDED_ANSWER,
    check,
    event,
    promtool,
    unchecked,
)


def samples(metrics: GroundingMetrics) -> dict[tuple[str, frozenset[tuple[str, str]]], float]:
    text = metrics.exposition().decode()
    return {
        (s.name, frozenset(s.labels.items())): s.value
        for family in text_string_to_metric_families(text)
        for s in family.samples
    }


def value(metrics: GroundingMetrics, name: str, **labels: str) -> float:
    return samples(metrics).get((name, frozenset(labels.items())), 0.0)


def test_check_counter_has_the_exact_name_and_labels() -> None:
    metrics = GroundingMetrics()
    metrics.on_check(event(CheckOutcome(check(UNGROUNDED_ANSWER)), action=Action.FLAG))
    metrics.on_check(event(CheckOutcome(check(GROUNDED_ANSWER)), streaming=True))
    text = metrics.exposition().decode()
    assert 'gateway_grounding_check_total{action="FLAG",grounded="false"} 1.0' in text
    assert 'gateway_grounding_check_total{action="LOG",grounded="true"} 1.0' in text
    assert 'gateway_grounding_embedding_failures_total{stage="source"} 0.0' in text
    assert "# TYPE gateway_grounding_check_total counter" in text
    assert "_created" not in text


def test_one_check_is_counted_exactly_once() -> None:
    metrics = GroundingMetrics()
    metrics.on_check(event(CheckOutcome(check(UNGROUNDED_ANSWER)), action=Action.BLOCK))
    checks = {k: v for k, v in samples(metrics).items() if k[0] == "gateway_grounding_check_total"}
    assert sum(checks.values()) == 1
    assert (
        value(
            metrics,
            "gateway_grounding_verdict_total",
            verdict="fail",
            reason="unsupported_claims",
            action="BLOCK",
        )
        == 1
    )
    assert value(metrics, "gateway_grounding_refusals_total", code="hallucination_detected") == 1
    assert value(metrics, "gateway_grounding_check_duration_seconds_count") == 1


def test_unchecked_answers_are_verdicts_but_not_checks() -> None:
    metrics = GroundingMetrics()
    metrics.on_check(event(unchecked(Unchecked.DEADLINE_MISSED), action=Action.BLOCK))
    checks = [v for k, v in samples(metrics).items() if k[0] == "gateway_grounding_check_total"]
    assert sum(checks) == 0
    assert (
        value(
            metrics,
            "gateway_grounding_verdict_total",
            verdict="unknown",
            reason="deadline_missed",
            action="BLOCK",
        )
        == 1
    )
    assert value(metrics, "gateway_grounding_refusals_total", code="grounding_unverified") == 1


@pytest.mark.parametrize(
    ("marker", "stages"),
    [
        ("original payment method", {"source": 1, "claim": 0}),
        ("free laptop", {"source": 0, "claim": 1}),
    ],
)
def test_embedding_failures_are_counted_by_stage(marker: str, stages: dict[str, int]) -> None:
    metrics = GroundingMetrics()
    result = check(UNGROUNDED_ANSWER, grader=Grader(FailingEmbedder(marker)))
    metrics.on_check(event(CheckOutcome(result)))
    for stage, expected in stages.items():
        assert value(metrics, "gateway_grounding_embedding_failures_total", stage=stage) == expected
    assert value(metrics, "gateway_grounding_check_total", grounded="false", action="LOG") == 1


def test_stage_latency_and_claim_similarity_histograms() -> None:
    metrics = GroundingMetrics()
    result = check(UNGROUNDED_ANSWER)
    metrics.on_check(event(CheckOutcome(result)))
    for stage in ("split", "embed", "score", "total"):
        assert value(metrics, "gateway_grounding_check_stage_seconds_count", stage=stage) == 1
    supported = value(metrics, "gateway_grounding_claim_similarity_count", verdict="supported")
    unsupported = value(metrics, "gateway_grounding_claim_similarity_count", verdict="unsupported")
    assert (supported, unsupported) == (1, 1)
    # The unsupported claim's score (about 0.02) is in the first bucket, the copy in the last.
    assert (
        value(
            metrics, "gateway_grounding_claim_similarity_bucket", verdict="unsupported", le="0.05"
        )
        == 1
    )
    assert (
        value(metrics, "gateway_grounding_claim_similarity_bucket", verdict="supported", le="0.95")
        == 0
    )


def test_truncated_pass_is_reported_as_unknown_answer_truncated() -> None:
    outcome = CheckOutcome(check(GROUNDED_ANSWER), truncated=True)
    assert verdict_reason(event(outcome)) == "answer_truncated"
    metrics = GroundingMetrics()
    metrics.on_check(event(outcome, streaming=True))
    assert (
        value(
            metrics,
            "gateway_grounding_verdict_total",
            verdict="unknown",
            reason="answer_truncated",
            action="LOG",
        )
        == 1
    )


def test_streaming_summary_and_lifecycle_counters() -> None:
    metrics = GroundingMetrics()
    summary = StreamSummary("acme", Action.LOG, Delivery.IMMEDIATE, 300, 100, 7, True, True)
    metrics.on_stream_summary(summary)
    metrics.on_detector_unavailable("acme")
    metrics.on_stream_cancelled("acme", "response_body")
    metrics.on_stream_cancelled("acme", "anything-else")
    assert (
        value(
            metrics,
            "gateway_grounding_streams_total",
            delivery="immediate",
            complete="true",
            scan_incomplete="true",
        )
        == 1
    )
    assert value(metrics, "gateway_grounding_stream_bytes_total", kind="seen") == 300
    assert value(metrics, "gateway_grounding_stream_bytes_total", kind="retained") == 100
    assert value(metrics, "gateway_grounding_detector_unavailable_total") == 1
    assert value(metrics, "gateway_grounding_stream_cancellations_total", phase="other") == 1


def test_reload_counters_and_last_reload_gauge() -> None:
    metrics = GroundingMetrics()
    assert value(metrics, "gateway_grounding_config_last_reload_ok") == 1
    metrics.on_policy_reload(False)
    assert value(metrics, "gateway_grounding_config_reloads_total", result="failure") == 1
    assert value(metrics, "gateway_grounding_config_last_reload_ok") == 0
    metrics.on_policy_reload(True)
    assert value(metrics, "gateway_grounding_config_reloads_total", result="success") == 1
    assert value(metrics, "gateway_grounding_config_last_reload_ok") == 1


def test_label_values_stay_in_closed_sets() -> None:
    metrics = GroundingMetrics()
    metrics.set_definition_version("grounding-v1/strict/hash@1/split-v1/t0.30")
    for outcome in (
        CheckOutcome(check(UNGROUNDED_ANSWER)),
        CheckOutcome(check(GROUNDED_ANSWER), truncated=True),
        *(unchecked(reason) for reason in Unchecked),
    ):
        for action in Action:
            metrics.on_check(event(outcome, action=action, workspace_id="ws-" + action.value))
    for name, labels in samples(metrics):
        label_map = dict(labels)
        assert "workspace" not in " ".join(label_map), name
        if "reason" in label_map:
            assert label_map["reason"] in VERDICT_REASONS
        if "phase" in label_map:
            assert label_map["phase"] in CANCEL_PHASES | {"other"}
        for label_value in label_map.values():
            assert not label_value.startswith("ws-")


def test_exposition_passes_promtool_check_metrics() -> None:
    metrics = GroundingMetrics()
    metrics.set_definition_version("grounding-v1/strict/hash@1/split-v1/t0.30")
    metrics.on_check(event(CheckOutcome(check(UNGROUNDED_ANSWER)), action=Action.BLOCK))
    metrics.on_stream_summary(
        StreamSummary("acme", Action.LOG, Delivery.IMMEDIATE, 3, 3, 1, False, True)
    )
    metrics.on_policy_reload(True)
    done = promtool("check", "metrics", stdin=metrics.exposition().decode())
    assert done.returncode == 0, done.stdout + done.stderr


def test_unknown_workspaces_are_counted_without_a_workspace_label() -> None:
    metrics = GroundingMetrics()
    before = metrics.exposition().decode()
    assert "gateway_grounding_unknown_workspaces_total 0.0" in before
    metrics.on_unknown_workspace("typo-1")
    metrics.on_unknown_workspace("typo-2")
    after = metrics.exposition().decode()
    assert "gateway_grounding_unknown_workspaces_total 2.0" in after
    assert "typo" not in after  # request-chosen ids never become label values


def test_claims_the_verifier_read_are_counted() -> None:
    metrics = GroundingMetrics()
    grader = Grader(HashEmbedder(), verifier=MarkerVerifier())
    # A copy needs no reading; a flipped negation does (the verifier may overrule it).
    flipped = "The refund window for annual plans is not 30 days from the purchase date."
    metrics.on_check(event(CheckOutcome(check(GROUNDED_ANSWER, grader=grader))))
    assert value(metrics, "gateway_grounding_claims_verified_total") == 0
    result = check(flipped, grader=grader)
    assert [g.verification is not None for g in result.claims] == [True]
    metrics.on_check(event(CheckOutcome(result)))
    assert value(metrics, "gateway_grounding_claims_verified_total") == 1
