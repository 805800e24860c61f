"""`grounding-sidecar serve`: run the ext_proc server until SIGTERM/SIGINT.

See docs/extproc.md for every flag and the YAML file.  A configured embedder that
cannot load is logged loudly and the server still starts: requests that need a
check are then refused with `403 grounding_unavailable` (never silently passed, and
never graded by another embedder under the same name).
"""

from __future__ import annotations

import argparse
import asyncio
import logging
import signal
import sys
from pathlib import Path
from typing import Any

from sidecar.decision import NOOP_OBSERVER, Action, GroundingObserver, UnknownHandling
from sidecar.detection import EMBEDDER_NAMES, Grader, GraderSettings, load_embedder
from sidecar.detection.contract import ClaimPolicy
from sidecar.detection.embedders import EmbedderUnavailable
from sidecar.extproc.checks import CheckRunner, Detector
from sidecar.extproc.config import ConfigError, ServeConfig, build_config, load_yaml
from sidecar.extproc.exchange import ExchangeContext
from sidecar.extproc.server import GroundingServer

log = logging.getLogger("sidecar.serve")


def add_serve_parser(subparsers: argparse._SubParsersAction[Any]) -> None:
    parser = subparsers.add_parser(
        "serve",
        help="run the Envoy ext_proc server",
        description="Run the Envoy ext_proc gRPC server (plus GroundingService and health).",
    )
    parser.add_argument("--config", type=Path, help="YAML file; flags override its keys")
    server = parser.add_argument_group("server")
    server.add_argument("--host", help="TCP address to bind (default 127.0.0.1)")
    server.add_argument("--port", type=int, help="ext_proc TCP port, 0 for any (default 50051)")
    server.add_argument("--unix-socket", help="also listen on this Unix socket path")
    server.add_argument("--health-port", type=int, help="separate grpc.health.v1 TCP port")
    server.add_argument("--grace-seconds", type=float, help="shutdown grace (default 10)")
    server.add_argument("--workers", type=int, help="check threads (default: one per core)")
    server.add_argument("--log-level", help="DEBUG, INFO, WARNING (default INFO)")
    detector = parser.add_argument_group("detector")
    detector.add_argument("--embedder", choices=sorted(EMBEDDER_NAMES), help="default minilm")
    detector.add_argument("--similarity-threshold", type=float, help="global; default per embedder")
    detector.add_argument("--min-claim-words", type=int, help="default 5")
    policy = parser.add_argument_group("global grounding policy (workspaces may override)")
    policy.add_argument(
        "--enabled", action=argparse.BooleanOptionalAction, default=None, help="default off"
    )
    policy.add_argument("--action", choices=[a.value for a in Action], help="default LOG")
    policy.add_argument("--max-sources", type=int, help="default 50")
    policy.add_argument("--max-source-length", type=int, help="characters, default 10000")
    policy.add_argument(
        "--unknown", choices=[u.value for u in UnknownHandling], help="BLOCK on unknown"
    )
    policy.add_argument("--claim-policy", choices=[c.value for c in ClaimPolicy])
    limits = parser.add_argument_group("exchange limits")
    limits.add_argument("--workspace-header", help="default x-workspace-id")
    limits.add_argument("--max-response-bytes", type=int, help="JSON held, default 1 MiB")
    limits.add_argument("--max-stream-bytes", type=int, help="SSE held/copied, default 1 MiB")
    limits.add_argument("--check-deadline", type=float, help="seconds, default 5")
    parser.set_defaults(handler=run_serve)


def config_from_args(args: argparse.Namespace) -> ServeConfig:
    file_layer = load_yaml(args.config) if args.config else {}
    flags = {k: v for k, v in vars(args).items() if k not in ("config", "handler", "command")}
    return build_config(file_layer, flags)


def build_detector(config: ServeConfig) -> Detector | None:
    """The shared detector, loaded once; None (logged) when the embedder cannot load."""
    try:
        embedder = load_embedder(config.embedder)
    except EmbedderUnavailable as exc:
        log.error(
            "embedder %r unavailable: %s; checks will answer 403 grounding_unavailable",
            config.embedder,
            exc,
        )
        return None
    settings = GraderSettings(
        threshold=config.similarity_threshold, min_claim_words=config.min_claim_words
    )
    return Grader(embedder, settings)


def build_server(
    config: ServeConfig,
    detector: Detector | None,
    observer: GroundingObserver = NOOP_OBSERVER,
) -> GroundingServer:
    checks = CheckRunner(detector, deadline_seconds=config.check_deadline, workers=config.workers)
    context = ExchangeContext(
        policies=config.policies(), checks=checks, limits=config.limits(), observer=observer
    )
    return GroundingServer(context, config.listen())


async def serve(config: ServeConfig) -> None:
    server = build_server(config, build_detector(config))
    bound = await server.start()
    # One parseable line, so scripts and tests can learn ports chosen with 0.
    print(
        f"serving port={bound.port} health_port={bound.health_port} "
        f"unix_socket={bound.unix_socket}",
        flush=True,
    )
    stop = asyncio.Event()
    loop = asyncio.get_running_loop()
    for sig in (signal.SIGTERM, signal.SIGINT):
        loop.add_signal_handler(sig, stop.set)
    await stop.wait()
    log.info("shutting down (grace %.1fs)", config.grace_seconds)
    await server.stop()


def run_serve(args: argparse.Namespace) -> int:
    try:
        config = config_from_args(args)
    except ConfigError as exc:
        print(f"grounding-sidecar serve: error: {exc}", file=sys.stderr)
        return 2
    logging.basicConfig(
        level=config.log_level.upper(), format="%(asctime)s %(levelname)s %(name)s: %(message)s"
    )
    asyncio.run(serve(config))
    return 0


def main(argv: list[str] | None = None) -> int:
    """`python -m sidecar.extproc.serve`: the same command without the CLI wrapper."""
    parser = argparse.ArgumentParser(prog="grounding-sidecar")
    add_serve_parser(parser.add_subparsers(dest="command", required=True))
    args = parser.parse_args(["serve", *(sys.argv[1:] if argv is None else argv)])
    return int(args.handler(args))


if __name__ == "__main__":
    raise SystemExit(main())
