"""`grounding-sidecar serve`: run the ext_proc server until SIGTERM/SIGINT.

Settings come from `grounding_sidecar.settings` (defaults < YAML file < environment < flags;
see docs/configuration.md): every flag here is generated from that one table.  The
detector grades one known answer before the server listens (its warm-up).  A
configured embedder that cannot load, or fails the warm-up, is logged loudly and the
server still starts:
requests that need a check are then refused with `403 grounding_unavailable` (never
silently passed, and never graded by another embedder under the same name).
"""

from __future__ import annotations

import argparse
import asyncio
import logging
import signal
import sys

from grounding_sidecar.app.checks import CheckRunner, Detector
from grounding_sidecar.app.config import exchange_limits, listen_config
from grounding_sidecar.app.operations import Operations, start_operations
from grounding_sidecar.app.server import GroundingServer
from grounding_sidecar.cli.serve import register, settings_from_args
from grounding_sidecar.common.threads import limit_blas_threads
from grounding_sidecar.decision import NOOP_OBSERVER, GroundingObserver, PolicySource
from grounding_sidecar.detection import Grader, GraderSettings
from grounding_sidecar.detection.embedding.base import EmbedderUnavailable
from grounding_sidecar.detection.embedding.pipeline.batching import MicroBatcher
from grounding_sidecar.detection.embedding.pipeline.cache import CachedEmbedder
from grounding_sidecar.detection.embedding.registry import ServingOptions, serving_embedders
from grounding_sidecar.extproc.exchange import ExchangeContext
from grounding_sidecar.observability.embedding_metrics import EmbeddingPipelineCollector
from grounding_sidecar.observability.fanout import ObserverFanout
from grounding_sidecar.observability.tracing import Tracing, TracingUnavailable
from grounding_sidecar.settings import Settings, SettingsError, static_policies
from grounding_sidecar.settings.configmap import PolicyFileError

log = logging.getLogger(__name__)
# Checks of at most this many characters (answer + sources + references) run on the
# event loop when the detector is cheap (the hash-embedder grader): about 1.5 ms of pure Python
# at the limit on the project's machine, less than a worker-thread round trip costs
# the loop under load.  MiniLM (and any other detector) always runs in the pool.
INLINE_CHECK_MAX_CHARS = 1000


def build_detector(settings: Settings) -> Detector | None:
    """The shared detector, loaded and warmed up once; None (logged) when the embedder
    cannot load or cannot grade the warm-up check."""
    options = ServingOptions(
        workers=settings.embed_workers or 0,
        intra_op_threads=settings.embed_threads or 0,
        allow_spinning=settings.embed_spinning,
        batch_wait_seconds=settings.embed_batch_wait_ms / 1000.0,
        passage_cache_bytes=settings.passage_cache_mb << 20,
    )
    grader_settings = GraderSettings(
        threshold=settings.similarity_threshold,
        scorer=settings.scorer,
        min_claim_words=settings.min_claim_words,
    )
    try:
        embedders = serving_embedders(settings.embedder, options)
        grader = Grader(embedders.claims, grader_settings, passage_embedder=embedders.passages)
    except EmbedderUnavailable as exc:  # a missing model, or no calibration for it
        _log_unavailable(settings, str(exc))
        return None
    problem = grader.warm_up()  # before ready: first runs now, and a broken backend fails here
    if problem is not None:
        _log_unavailable(settings, problem)
        return None
    return grader


def _log_unavailable(settings: Settings, problem: str) -> None:
    log.error(
        "detector unavailable (embedder %r, scorer %r): %s; "
        "checks will answer 403 grounding_unavailable",
        settings.embedder,
        settings.scorer.value,
        problem,
    )


def definition_version(settings: Settings, detector: Detector | None) -> str | None:
    """The global metric definition version (audit events without a result carry it)."""
    return detector.version(settings.claim_policy) if isinstance(detector, Grader) else None


def embedding_pipeline(detector: Detector | None) -> EmbeddingPipelineCollector | None:
    """Metrics of the queue and passage cache `build_detector` put in front of the model."""
    if not isinstance(detector, Grader):
        return None
    batcher, cache = detector.embedder, detector.passage_embedder
    if not isinstance(batcher, MicroBatcher):
        return None  # the hash embedder runs as is: nothing queued, nothing cached
    return EmbeddingPipelineCollector(batcher, cache if isinstance(cache, CachedEmbedder) else None)


def inline_check_chars(detector: Detector | None) -> int:
    """How large a check may be and still run inline (0: never) for this detector."""
    if isinstance(detector, Grader) and detector.is_cheap:
        return INLINE_CHECK_MAX_CHARS
    return 0


def build_server(
    settings: Settings,
    detector: Detector | None,
    observer: GroundingObserver = NOOP_OBSERVER,
    *,
    policies: PolicySource | None = None,
    tracing: Tracing | None = None,
) -> GroundingServer:
    checks = CheckRunner(
        detector,
        deadline_seconds=settings.check_deadline,
        workers=settings.workers,
        inline_max_chars=inline_check_chars(detector),
    )
    context = ExchangeContext(
        policies=policies if policies is not None else static_policies(settings),
        checks=checks,
        limits=exchange_limits(settings),
        observer=observer,
        tracing=tracing if tracing is not None else Tracing(),
    )
    return GroundingServer(context, listen_config(settings))


def build_operated_server(
    settings: Settings,
    detector: Detector | None,
    ops: Operations,
    *,
    also_observe: GroundingObserver | None = None,
) -> GroundingServer:
    """The server wired to metrics, audit, tracing and the policy watcher of `ops`.

    `also_observe` (tests) sees every event after metrics and audit did.
    """
    pipeline = embedding_pipeline(detector)
    if pipeline is not None:
        ops.metrics.watch(pipeline)
    observer = ops.observer
    if also_observe is not None:
        observer = ObserverFanout((ops.observer, also_observe))
    return build_server(settings, detector, observer, policies=ops.policies, tracing=ops.tracing)


async def serve(settings: Settings) -> None:
    limit_blas_threads()
    detector = build_detector(settings)
    ops = start_operations(
        settings,
        definition_version=definition_version(settings, detector),
        version_for=detector.version if isinstance(detector, Grader) else None,
    )
    try:
        await _serve(settings, build_operated_server(settings, detector, ops), ops)
    finally:
        ops.close()


async def _serve(settings: Settings, server: GroundingServer, ops: Operations) -> None:
    stop = asyncio.Event()
    loop = asyncio.get_running_loop()
    shutdown_signals = {signal.SIGTERM, signal.SIGINT}
    # A parent that blocks these signals (as `devtools.demo` does for its own sigwait)
    # passes the blocked mask on through exec; unblock, or SIGTERM is never seen.
    # Handlers go in before the "serving" line, so a SIGTERM sent on it is graceful.
    for sig in shutdown_signals:
        loop.add_signal_handler(sig, stop.set)
    signal.pthread_sigmask(signal.SIG_UNBLOCK, shutdown_signals)
    bound = await server.start()
    metrics_port = ops.metrics_server.port if ops.metrics_server is not None else None
    # One parseable line, so scripts and tests can learn ports chosen with 0.
    print(
        f"serving port={bound.port} health_port={bound.health_port} "
        f"unix_socket={bound.unix_socket} metrics_port={metrics_port}",
        flush=True,
    )
    await stop.wait()
    log.info("shutting down (grace %.1fs)", settings.grace_seconds)
    await server.stop()


def run_serve(args: argparse.Namespace) -> int:
    try:
        settings = settings_from_args(args)
    except SettingsError as exc:
        print(f"grounding-sidecar serve: error: {exc}", file=sys.stderr)
        return 2
    logging.basicConfig(
        level=settings.log_level, format="%(asctime)s %(levelname)s %(name)s: %(message)s"
    )
    try:
        asyncio.run(serve(settings))
    except (PolicyFileError, TracingUnavailable) as exc:
        # Start-up problems of the operational parts: one line, like a bad setting.
        print(f"grounding-sidecar serve: error: {exc}", file=sys.stderr)
        return 2
    return 0


def main(argv: list[str] | None = None) -> int:
    """`python -m grounding_sidecar.app.serve`: the same command without the CLI wrapper."""
    parser = argparse.ArgumentParser(prog="grounding-sidecar")
    register(parser.add_subparsers(dest="command", required=True))
    args = parser.parse_args(["serve", *(sys.argv[1:] if argv is None else argv)])
    return int(args.handler(args))


if __name__ == "__main__":
    raise SystemExit(main())
