"""The composition root: every part `serve` runs, built from `Settings` in one place.

`serve`, the in-process test sidecar (`devtools/inprocess.py`) and the benchmarks all
build through these functions, so what the tests run is what production runs.  This
is the only module that reads `Settings` field by field into the components' own
configs (`GraderSettings`, `ServingOptions`, `GroundingPolicy`, `ExchangeLimits`,
`ListenConfig`, the operational parts).

    detection = build_detection(settings)       # the detector, loaded and warmed up
    ops = start_operations(settings, detection) # metrics, audit, tracing, policies
    server = build_server(settings, detection, ops=ops)
    ...
    ops.close()
"""

from __future__ import annotations

import logging
from dataclasses import dataclass
from pathlib import Path

from grounding_sidecar.app.checks import CheckRunner
from grounding_sidecar.app.grpc_server import GroundingServer, ListenConfig
from grounding_sidecar.decision import (
    NOOP_OBSERVER,
    GroundingObserver,
    GroundingPolicy,
    PolicySource,
    StaticPolicyTable,
)
from grounding_sidecar.detection import EmbedderUnavailable, FirstStage, Grader, GraderSettings
from grounding_sidecar.detection.contract import VerifierMode
from grounding_sidecar.detection.embedding.registry import (
    ServingEmbedders,
    ServingOptions,
    embedder_notes,
    resolve_parallelism,
    serving_embedders,
)
from grounding_sidecar.detection.verifier.base import Verifier
from grounding_sidecar.detection.verifier.loading import load_verifier
from grounding_sidecar.extproc.exchange import ExchangeContext, ExchangeLimits
from grounding_sidecar.observability.audit import AuditObserver, AuditWriter, open_sink
from grounding_sidecar.observability.cache_metrics import ProcessCacheCollector
from grounding_sidecar.observability.check_queue_metrics import CheckQueueCollector
from grounding_sidecar.observability.embedding_metrics import EmbeddingPipelineCollector
from grounding_sidecar.observability.fanout import ObserverFanout
from grounding_sidecar.observability.metrics import GroundingMetrics
from grounding_sidecar.observability.metrics_http import MetricsServer, start_metrics_server
from grounding_sidecar.observability.tracing import Tracing, setup_tracing
from grounding_sidecar.observability.verifier_metrics import VerifierCollector
from grounding_sidecar.settings import Settings
from grounding_sidecar.settings.configmap import ConfigMapPolicySource

log = logging.getLogger(__name__)

# Checks of at most this many characters (answer + sources + references) run on the
# event loop when the detector is cheap (the hash-embedder grader): about 1.5 ms of pure
# Python at the limit on the project's machine, less than a worker-thread round trip
# costs the loop under load.  MiniLM (and any other detector) always runs in the pool.
INLINE_CHECK_MAX_CHARS = 1000


# -- Settings, projected onto each component's own config ----------------------------


def grader_settings(settings: Settings) -> GraderSettings:
    return GraderSettings(
        threshold=settings.similarity_threshold,
        scorer=settings.scorer,
        min_claim_words=settings.min_claim_words,
        short_answers_with_question=settings.short_answers_with_question,
        first_stage=FirstStage(settings.passage_budget_chars, settings.candidates_per_claim),
        calibration=Path(settings.calibration) if settings.calibration else None,
        languages=frozenset(settings.languages) if settings.languages is not None else None,
    )


def serving_options(settings: Settings) -> ServingOptions:
    return ServingOptions(
        workers=settings.embed_workers or 0,
        intra_op_threads=settings.embed_threads or 0,
        allow_spinning=settings.embed_spinning,
        batch_wait_seconds=settings.embed_batch_wait_ms / 1000.0,
        passage_cache_bytes=settings.passage_cache_mb << 20,
        precision=settings.precision,
    )


def policy_defaults(settings: Settings) -> GroundingPolicy:
    """The global policy every workspace override applies to."""
    return GroundingPolicy(
        enabled=settings.enabled,
        action=settings.action,
        max_sources=settings.max_sources,
        max_source_length=settings.max_source_length,
        unknown=settings.unknown,
        unverifiable=settings.unverifiable,
        claim_policy=settings.claim_policy,
        report=settings.report,
        delivery=settings.delivery,
    )


def static_policies(settings: Settings) -> StaticPolicyTable:
    """The global policy plus the YAML file's `workspaces` (no ConfigMap watched)."""
    return StaticPolicyTable(
        policy_defaults(settings),
        dict(settings.workspaces),
        fallback=settings.unknown_workspace_policy,
    )


def exchange_limits(settings: Settings) -> ExchangeLimits:
    return ExchangeLimits(
        # Envoy hands header names over lower-cased.
        workspace_header=settings.workspace_header.lower(),
        max_response_bytes=settings.max_response_bytes,
        max_stream_bytes=settings.max_stream_bytes,
    )


def listen_config(settings: Settings) -> ListenConfig:
    return ListenConfig(
        host=settings.host,
        port=settings.port,
        unix_socket=settings.unix_socket,
        health_port=settings.health_port,
        grace_seconds=settings.grace_seconds,
    )


# -- detection ---------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Detection:
    """The detector a server shares, and the embedders `build_detection` put behind it.

    `detector` is None when the configured embedder cannot load or cannot grade the
    warm-up: checks are then refused with `403 grounding_unavailable`.  Tests wrap a
    detector of their own with `Detection(detector)`.
    """

    detector: Grader | None
    embedders: ServingEmbedders | None = None

    @property
    def inline_max_chars(self) -> int:
        """How large a check may be and still run on the event loop (0: never)."""
        if self.detector is not None and self.detector.is_cheap:
            return INLINE_CHECK_MAX_CHARS
        return 0

    def definition_version(self, settings: Settings) -> str | None:
        """The global metric definition version (audit events without a result carry it)."""
        return self.detector.version(settings.claim_policy) if self.detector else None

    def pipeline_collector(self) -> EmbeddingPipelineCollector | None:
        """Metrics of the queue and passage cache in front of the model, if any."""
        embedders = self.embedders
        if embedders is None or embedders.batcher is None:
            return None  # the hash embedder runs as is: nothing queued, nothing cached
        return EmbeddingPipelineCollector(embedders.batcher, embedders.cache)

    def verifier_collector(self) -> VerifierCollector | None:
        """Metrics of the verifier's model runs, when it runs on onnxruntime here."""
        from grounding_sidecar.detection.verifier.runtime import VerifierStats

        verifier = self.detector.verifier if self.detector is not None else None
        stats = getattr(verifier, "stats", None)
        return VerifierCollector(stats) if isinstance(stats, VerifierStats) else None


def build_detection(settings: Settings) -> Detection:
    """The shared detector, loaded and warmed up once; `Detection(None)` (logged) when
    the embedder cannot load or cannot grade the warm-up check."""
    try:
        options = serving_options(settings)
        embedders = serving_embedders(settings.embedder, options)
        grader = Grader(
            embedders.claims,
            grader_settings(settings),
            passage_embedder=embedders.passages,
            verifier=_verifier(settings, options),
        )
    except EmbedderUnavailable as exc:  # a missing model or verifier, or no calibration
        _log_unavailable(settings, str(exc))
        return Detection(None)
    problem = grader.warm_up()  # before ready: first runs now, and a broken backend fails here
    if problem is not None:
        _log_unavailable(settings, problem)
        return Detection(None)
    log.info("detectors: %s", grader.detectors())
    for note in (*embedder_notes(settings.embedder, settings.precision), *grader.notes()):
        log.warning("%s", note)
    return Detection(grader, embedders)


def _verifier(settings: Settings, options: ServingOptions) -> Verifier | None:
    parallelism = resolve_parallelism(options)
    # One verifier run per check reads all its pairs: a lone check gets every CPU the
    # embedder's runs would share (concurrent checks then share them).
    verifier = load_verifier(
        settings.verifier,
        verifier_model=settings.verifier_model,
        intra_op_threads=parallelism.workers * parallelism.intra_op_threads,
        allow_spinning=parallelism.allow_spinning,
    )
    if verifier is None and settings.verifier is VerifierMode.AUTO:
        log.warning(
            "verifier off: its files are not installed (grounding-sidecar model fetch builds "
            "them); set verifier: on to require it"
        )
    return verifier


def _log_unavailable(settings: Settings, problem: str) -> None:
    log.error(
        "detector unavailable (embedder %r, scorer %r): %s; "
        "checks will answer 403 grounding_unavailable",
        settings.embedder,
        settings.scorer.value,
        problem,
    )


# -- operations: metrics, audit, tracing, policies -----------------------------------


@dataclass(slots=True)
class Operations:
    """Everything operational a server runs beside the request path; `close()` at exit."""

    metrics: GroundingMetrics
    audit: AuditObserver
    audit_writer: AuditWriter
    tracing: Tracing
    policies: PolicySource
    observer: GroundingObserver
    metrics_server: MetricsServer | None
    watcher: ConfigMapPolicySource | None

    def close(self) -> None:
        if self.watcher is not None:
            self.watcher.stop()
        if self.metrics_server is not None:
            self.metrics_server.stop()
        self.tracing.shutdown()
        self.audit_writer.close()


def start_operations(settings: Settings, detection: Detection) -> Operations:
    """Metrics endpoint, audit writer, tracing and the policy source, all started.

    Raises `PolicyFileError` when the policy directory does not parse at start-up and
    `TracingUnavailable` when OTLP export is set without its package.
    """
    definition_version = detection.definition_version(settings)
    metrics = GroundingMetrics()
    if definition_version is not None:
        metrics.set_definition_version(definition_version)
    pipeline = detection.pipeline_collector()
    if pipeline is not None:
        metrics.watch(pipeline)
    verifier = detection.verifier_collector()
    if verifier is not None:
        metrics.watch(verifier)
    metrics.watch(ProcessCacheCollector())
    writer = AuditWriter(
        open_sink(settings.audit_sink),
        queue_size=settings.audit_queue_size,
        on_written=metrics.audit_written,
        on_dropped=metrics.audit_dropped_one,
        close_stream=settings.audit_sink not in ("stdout", "stderr"),
    )
    audit = AuditObserver(
        writer,
        definition_version=definition_version,
        version_for=detection.detector.version if detection.detector else None,
        policy_dir=settings.policy_dir,
    )
    tracing = setup_tracing(
        otlp_endpoint=settings.otlp_endpoint, service_name=settings.otel_service_name
    )
    watcher: ConfigMapPolicySource | None = None
    policies: PolicySource
    if settings.policy_dir is not None:
        watcher = ConfigMapPolicySource(
            Path(settings.policy_dir),
            policy_defaults(settings),
            static=settings.workspaces,
            listeners=(metrics, audit),
            poll_seconds=settings.policy_poll_seconds,
            fallback=settings.unknown_workspace_policy,
        )
        watcher.start()
        policies = watcher
    else:
        policies = static_policies(settings)
    server = None
    if settings.metrics_port is not None:
        server = start_metrics_server(metrics, settings.metrics_host, settings.metrics_port)
        log.info("metrics on http://%s:%d/metrics", server.host, server.port)
    return Operations(
        metrics=metrics,
        audit=audit,
        audit_writer=writer,
        tracing=tracing,
        policies=policies,
        observer=ObserverFanout((metrics, audit)),
        metrics_server=server,
        watcher=watcher,
    )


# -- the server --------------------------------------------------------------------


def build_server(
    settings: Settings,
    detection: Detection,
    *,
    ops: Operations | None = None,
    observer: GroundingObserver = NOOP_OBSERVER,
) -> GroundingServer:
    """The gRPC server (ext_proc, GroundingService, health) for `detection`.

    With `ops`, as `serve` runs it: its policies, tracing and observers (metrics, audit),
    then `observer` too.  Without, the settings' static policies, no tracing, and only
    `observer` (unit-level tests of the request path).
    """
    if ops is not None:
        policies: PolicySource = ops.policies
        tracing = ops.tracing
        if observer is not NOOP_OBSERVER:
            observer = ObserverFanout((ops.observer, observer))
        else:
            observer = ops.observer
    else:
        policies, tracing = static_policies(settings), Tracing()
    checks = CheckRunner(
        detection.detector,
        deadline_seconds=settings.check_deadline,
        workers=settings.workers,
        inline_max_chars=detection.inline_max_chars,
    )
    if ops is not None:
        ops.metrics.watch(CheckQueueCollector(checks))
    context = ExchangeContext(
        policies=policies,
        checks=checks,
        limits=exchange_limits(settings),
        observer=observer,
        tracing=tracing,
    )
    return GroundingServer(context, checks, listen_config(settings))
