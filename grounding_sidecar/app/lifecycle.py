"""The server's life: start it from `Settings`, serve until SIGTERM/SIGINT, stop.

`grounding-sidecar serve` (`cli/serve.py`, its flags) calls `run` once the settings
parse; the gRPC server itself is `grpc_server.GroundingServer`.

Settings come from `grounding_sidecar.settings` (defaults < YAML file < environment <
flags; see docs/configuration.md).  The detector grades one known answer before the
server listens (its warm-up).  A configured embedder that cannot load, or fails the
warm-up, is logged loudly and the server still starts: requests that need a check are
then refused with `403 grounding_unavailable` (never silently passed, and never graded
by another embedder under the same name).
"""

from __future__ import annotations

import asyncio
import logging
import signal
import sys

from grounding_sidecar.app.grpc_server import GroundingServer
from grounding_sidecar.app.wiring import (
    Operations,
    build_detection,
    build_server,
    start_operations,
)
from grounding_sidecar.common.threads import limit_blas_threads
from grounding_sidecar.observability.tracing import TracingUnavailable
from grounding_sidecar.settings import Settings
from grounding_sidecar.settings.configmap import PolicyFileError

log = logging.getLogger(__name__)


def run(settings: Settings) -> int:
    """Serve until a shutdown signal; the process exit code."""
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


async def serve(settings: Settings) -> None:
    limit_blas_threads()
    detection = build_detection(settings)
    ops = start_operations(settings, detection)
    try:
        await _serve_until_signal(settings, build_server(settings, detection, ops=ops), ops)
    finally:
        ops.close()


async def _serve_until_signal(settings: Settings, server: GroundingServer, ops: Operations) -> None:
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
