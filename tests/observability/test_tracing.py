"""OpenTelemetry: traceparent propagation, check-stage spans, the evaluation event."""

from __future__ import annotations

import re

import pytest
from opentelemetry.sdk.trace.export.in_memory_span_exporter import InMemorySpanExporter

from grounding_sidecar.observability.tracing import (
    EVALUATION_EVENT,
    Tracing,
    TracingUnavailable,
    setup_tracing,
)
from tests.support.observability_helpers import UNGROUNDED_ANSWER, UNGROUNDED_CLAIM, check

TRACE = "4bf92f3577b34da6a3ce929d0e0e4736"
TRACEPARENT = f"00-{TRACE}-00f067aa0ba902b7-01"


@pytest.fixture
def exported() -> tuple[Tracing, InMemorySpanExporter]:
    exporter = InMemorySpanExporter()
    return setup_tracing(otlp_endpoint=None, exporter=exporter), exporter


def test_the_request_traceparent_is_the_trace(
    exported: tuple[Tracing, InMemorySpanExporter],
) -> None:
    tracing, exporter = exported
    trace = tracing.begin_exchange({"traceparent": TRACEPARENT, ":path": "/v1/chat/completions"})
    assert trace.trace_id == TRACE
    trace.finish({"grounding.verdict": "pass"})
    (span,) = exporter.get_finished_spans()
    assert span.name == "grounding.exchange"
    assert format(span.context.trace_id, "032x") == TRACE
    assert span.parent is not None and format(span.parent.span_id, "016x") == "00f067aa0ba902b7"


@pytest.mark.parametrize("header", [None, "garbage", f"00-{'0' * 32}-00f067aa0ba902b7-01"])
def test_without_a_valid_traceparent_a_fresh_trace_is_started(
    exported: tuple[Tracing, InMemorySpanExporter], header: str | None
) -> None:
    tracing, exporter = exported
    trace = tracing.begin_exchange({} if header is None else {"traceparent": header})
    assert re.fullmatch(r"[0-9a-f]{32}", trace.trace_id) and trace.trace_id != "0" * 32
    trace.finish()
    (span,) = exporter.get_finished_spans()
    assert format(span.context.trace_id, "032x") == trace.trace_id  # envelope == span


def test_check_stages_and_the_evaluation_event(
    exported: tuple[Tracing, InMemorySpanExporter],
) -> None:
    tracing, exporter = exported
    trace = tracing.begin_exchange({"traceparent": TRACEPARENT})
    result = check(UNGROUNDED_ANSWER)
    trace.record_check(result, seconds=0.25)
    trace.finish()
    spans = {span.name: span for span in exporter.get_finished_spans()}
    assert set(spans) == {
        "grounding.exchange",
        "grounding.check",
        "grounding.check.split",
        "grounding.check.embed",
        "grounding.check.score",
    }
    exchange, check_span = spans["grounding.exchange"], spans["grounding.check"]
    assert check_span.parent is not None
    assert check_span.parent.span_id == exchange.context.span_id
    for stage in ("split", "embed", "score"):
        stage_span = spans[f"grounding.check.{stage}"]
        assert stage_span.parent is not None
        assert stage_span.parent.span_id == check_span.context.span_id
        assert format(stage_span.context.trace_id, "032x") == TRACE
    assert check_span.attributes is not None
    assert check_span.attributes["grounding.verdict"] == "fail"
    assert check_span.attributes["grounding.definition_version"] == result.version
    (evaluation,) = [e for e in check_span.events if e.name == EVALUATION_EVENT]
    attributes = dict(evaluation.attributes or {})
    assert attributes["gen_ai.evaluation.name"] == "grounding"
    assert attributes["gen_ai.evaluation.score.label"] == "fail"
    assert attributes["gen_ai.evaluation.score.value"] == result.overall_similarity
    assert "unsupported_claims" in str(attributes["gen_ai.evaluation.explanation"])
    everything = " ".join(
        str(value) for span in spans.values() for value in (span.attributes or {}).values()
    ) + str(attributes)
    assert UNGROUNDED_CLAIM[:20] not in everything  # no claim text in telemetry


def test_a_check_after_the_exchange_ended_stays_in_its_trace(
    exported: tuple[Tracing, InMemorySpanExporter],
) -> None:
    tracing, exporter = exported
    trace = tracing.begin_exchange({"traceparent": TRACEPARENT})
    trace.finish()
    trace.finish()  # idempotent
    trace.record_check(check(UNGROUNDED_ANSWER), seconds=0.01)
    spans = {span.name: span for span in exporter.get_finished_spans()}
    check_span = spans["grounding.check"]
    assert check_span.parent is not None
    assert check_span.parent.span_id == spans["grounding.exchange"].context.span_id


def test_an_unchecked_answer_still_gets_an_evaluation_event(
    exported: tuple[Tracing, InMemorySpanExporter],
) -> None:
    tracing, exporter = exported
    trace = tracing.begin_exchange({})
    trace.record_check(None, seconds=None, unchecked="deadline_missed")
    (check_span,) = exporter.get_finished_spans()
    (evaluation,) = check_span.events
    assert dict(evaluation.attributes or {})["gen_ai.evaluation.score.label"] == "unknown"


def test_tracing_is_off_by_default_and_still_gives_trace_ids() -> None:
    tracing = setup_tracing(otlp_endpoint=None)
    assert not tracing.enabled
    trace = tracing.begin_exchange({"traceparent": TRACEPARENT})
    assert trace.trace_id == TRACE and trace.span is None
    trace.record_check(check(UNGROUNDED_ANSWER), seconds=0.1)  # no-op, no error
    trace.finish()
    assert re.fullmatch(r"[0-9a-f]{32}", tracing.begin_exchange({}).trace_id)


def test_otlp_endpoint_builds_an_exporter_or_says_which_extra_is_missing() -> None:
    try:
        import opentelemetry.exporter.otlp.proto.http  # noqa: F401
    except ImportError:
        with pytest.raises(TracingUnavailable, match=r"grounding-sidecar\[otlp\]"):
            setup_tracing(otlp_endpoint="http://127.0.0.1:4318")
        return
    tracing = setup_tracing(otlp_endpoint="http://127.0.0.1:4318")
    assert tracing.enabled
    tracing.shutdown()
