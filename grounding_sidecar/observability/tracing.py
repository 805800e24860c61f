"""OpenTelemetry spans for an exchange and its check stages.

The exchange calls `Tracing.begin_exchange(headers)` with the request header map; the
W3C `traceparent` in it (when valid) makes the exchange span a child of the caller's
trace, and `ExchangeTrace.trace_id` (32 hex) is the id for 403 envelopes and audit
events.  Export is off by default: then no span is created at all and the trace id
comes from the header or is fresh, exactly as without tracing.

The detector runs its stages in a worker thread and reports their durations in
`StageTimings`; stage spans are recorded afterwards with explicit start and end
times, laid end to end from the check's start (the stages run sequentially).
"""

from __future__ import annotations

import secrets
import time
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from opentelemetry.context import Context
from opentelemetry.sdk.resources import Resource
from opentelemetry.sdk.trace import TracerProvider
from opentelemetry.sdk.trace.export import BatchSpanProcessor, SimpleSpanProcessor, SpanExporter
from opentelemetry.trace import Span, SpanKind, Tracer, set_span_in_context
from opentelemetry.trace.propagation.tracecontext import TraceContextTextMapPropagator

from grounding_sidecar.decision.envelopes import trace_id_from
from grounding_sidecar.detection.contract import CheckResult

EVALUATION_EVENT = "gen_ai.evaluation.result"
EVALUATION_NAME = "grounding"
_PROPAGATOR = TraceContextTextMapPropagator()
# The request headers W3C trace context is read from (all `begin_exchange` needs).
TRACE_HEADERS = frozenset(_PROPAGATOR.fields)


class TracingUnavailable(RuntimeError):
    """OTLP export was configured but its exporter package is not installed."""


def extract_parent(headers: Mapping[str, str]) -> Context:
    """The caller's trace context from `traceparent` (lower-case header names)."""
    return _PROPAGATOR.extract(carrier=dict(headers))


def format_trace_id(trace_id: int) -> str:
    return format(trace_id, "032x")


@dataclass(slots=True)
class ExchangeTrace:
    """The spans of one HTTP exchange; `span` is None when tracing is off."""

    trace_id: str
    span: Span | None = None
    _tracer: Tracer | None = field(default=None, repr=False)
    # Kept after `finish`: a relayed stream is checked after its exchange span ended,
    # and that check still belongs under it.
    _context: Context | None = field(default=None, repr=False)

    def __post_init__(self) -> None:
        if self.span is not None and self._context is None:
            self._context = set_span_in_context(self.span)

    def record_check(
        self,
        result: CheckResult | None,
        *,
        seconds: float | None,
        unchecked: str | None = None,
    ) -> None:
        """A check that just finished (`seconds` ago it started)."""
        if self._context is None or self._tracer is None:
            return
        end = time.time_ns()
        start = end - int((seconds or 0.0) * 1e9)
        check = self._tracer.start_span("grounding.check", context=self._context, start_time=start)
        if unchecked is not None:
            check.set_attribute("grounding.unchecked", unchecked)
        if result is not None:
            check.set_attributes(check_attributes(result))
            self._record_stages(check, result, start)
        check.add_event(EVALUATION_EVENT, evaluation_attributes(result, unchecked), end)
        check.end(end_time=end)

    def _record_stages(self, check: Span, result: CheckResult, start: int) -> None:
        assert self._tracer is not None
        context = set_span_in_context(check)
        cursor = start
        timings = result.timings
        for stage, seconds in (
            ("split", timings.split),
            ("embed", timings.embed),
            ("score", timings.score),
        ):
            stage_end = cursor + int(seconds * 1e9)
            span = self._tracer.start_span(
                f"grounding.check.{stage}", context=context, start_time=cursor
            )
            if stage == "embed" and result.embedding_failures:
                span.set_attribute(
                    "grounding.embedding_failures",
                    [failed.value for failed in result.embedding_failures],
                )
            span.end(end_time=stage_end)
            cursor = stage_end

    def finish(self, attributes: Mapping[str, Any] | None = None) -> None:
        """End the exchange span (idempotent), with outcome attributes."""
        if self.span is None:
            return
        if attributes:
            self.span.set_attributes(dict(attributes))
        self.span.end()
        self.span = None


def check_attributes(result: CheckResult) -> dict[str, Any]:
    attributes: dict[str, Any] = {
        "grounding.definition_version": result.version,
        "grounding.verdict": result.verdict.value,
        "grounding.grounded": result.grounded,
        "grounding.confidence": result.confidence,
        "grounding.claims": len(result.claims),
        "grounding.ungrounded_claims": len(result.ungrounded_claims),
        "grounding.dropped_sources": len(result.dropped_sources),
    }
    if result.overall_similarity is not None:
        attributes["grounding.overall_similarity"] = result.overall_similarity
    return attributes


def evaluation_attributes(result: CheckResult | None, unchecked: str | None) -> dict[str, Any]:
    """The `gen_ai.evaluation.result` event: name, score, label, explanation (no text)."""
    if result is None:
        return {
            "gen_ai.evaluation.name": EVALUATION_NAME,
            "gen_ai.evaluation.score.label": "unknown",
            "gen_ai.evaluation.explanation": f"not checked: {unchecked or 'no result'}",
        }
    ungrounded = len(result.ungrounded_claims)
    reasons = ", ".join(reason.value for reason in result.reasons) or "no reason"
    attributes: dict[str, Any] = {
        "gen_ai.evaluation.name": EVALUATION_NAME,
        "gen_ai.evaluation.score.label": result.verdict.value,
        "gen_ai.evaluation.explanation": (
            f"{reasons}; {ungrounded} of {len(result.claims)} claims ungrounded ({result.version})"
        ),
    }
    if result.overall_similarity is not None:
        attributes["gen_ai.evaluation.score.value"] = result.overall_similarity
    return attributes


class Tracing:
    """Builds `ExchangeTrace`s; `provider` None means tracing is off."""

    def __init__(self, provider: TracerProvider | None = None) -> None:
        self.provider = provider
        self._tracer = provider.get_tracer("grounding-sidecar") if provider else None

    @property
    def enabled(self) -> bool:
        return self._tracer is not None

    def begin_exchange(self, headers: Mapping[str, str]) -> ExchangeTrace:
        if self._tracer is None:
            return ExchangeTrace(trace_id_from(headers.get("traceparent")))
        span = self._tracer.start_span(
            "grounding.exchange", context=extract_parent(headers), kind=SpanKind.SERVER
        )
        trace_id = span.get_span_context().trace_id
        # An invalid context (a no-op tracer) has trace id 0: never put that in an envelope.
        text = format_trace_id(trace_id) if trace_id else secrets.token_hex(16)
        return ExchangeTrace(text, span, self._tracer)

    def shutdown(self) -> None:
        if self.provider is not None:
            self.provider.shutdown()


def setup_tracing(
    *,
    otlp_endpoint: str | None,
    service_name: str = "grounding-sidecar",
    exporter: SpanExporter | None = None,
) -> Tracing:
    """Tracing off unless an OTLP endpoint (or, in tests, an exporter) is given."""
    if exporter is None and otlp_endpoint is None:
        return Tracing(None)
    provider = TracerProvider(resource=Resource.create({"service.name": service_name}))
    if exporter is not None:
        provider.add_span_processor(SimpleSpanProcessor(exporter))
    else:
        assert otlp_endpoint is not None
        provider.add_span_processor(BatchSpanProcessor(_otlp_exporter(otlp_endpoint)))
    return Tracing(provider)


def _otlp_exporter(endpoint: str) -> SpanExporter:
    try:
        from opentelemetry.exporter.otlp.proto.http.trace_exporter import OTLPSpanExporter
    except ImportError as exc:
        raise TracingUnavailable(
            "otlp-endpoint is set but the OTLP exporter is not installed: "
            "pip install 'grounding-sidecar[otlp]'"
        ) from exc
    url = (
        endpoint
        if endpoint.rstrip("/").endswith("/v1/traces")
        else (endpoint.rstrip("/") + "/v1/traces")
    )
    exporter: SpanExporter = OTLPSpanExporter(endpoint=url)
    return exporter
