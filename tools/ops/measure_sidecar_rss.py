"""Measure what `grounding-sidecar serve --embedder minilm` uses under a little load.

The Helm chart's resource requests and limits are sized from this (see the comments
in deploy/helm/grounding-sidecar/values.yaml).  It starts the mock upstream, the real
Envoy (deploy/envoy/envoy.yaml) and the sidecar as a subprocess, all on loopback
ports chosen at run time, sends a bounded number of grounded/ungrounded JSON and SSE
requests from a few threads, and prints the sidecar's RSS after start-up, its peak
RSS (VmHWM) and the CPU seconds it used.  Run: `python -m tools.ops.measure_sidecar_rss`.
"""

from __future__ import annotations

import argparse
import http.client
import json
import os
import sys
import time
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

from devtools.envoy_process import start_loopback_envoy
from devtools.mock_upstream import MockUpstream
from devtools.serving import ServingFailed, ServingProcess, start_serving

SOURCE = (
    "The Eiffel Tower is located in Paris and was completed in 1889. "
    "It is 330 metres tall and was designed by the engineering company of Gustave Eiffel."
)
ANSWERS = (
    "The Eiffel Tower is located in Paris and was completed in 1889.",
    "The Great Wall of China is visible from the moon with the naked eye.",
)


def cpu_seconds(pid: int) -> float:
    parts = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    return (int(parts[11]) + int(parts[12])) / os.sysconf("SC_CLK_TCK")


def start_sidecar(embedder: str) -> ServingProcess:
    command = [
        sys.executable, "-m", "grounding_sidecar", "serve", "--embedder", embedder,
        "--enabled", "--action", "BLOCK", "--port", "0", "--metrics-port", "0",
    ]  # fmt: skip
    try:
        return start_serving(command)  # the line comes once the model is loaded
    except ServingFailed as exc:
        raise SystemExit(str(exc)) from None


def one_request(port: int, index: int) -> int:
    body = {
        "model": "mock-1",
        "messages": [{"role": "user", "content": "Tell me about the Eiffel Tower."}],
        "metadata": {"grounding.sources": [SOURCE] * (1 + index % 5)},
        "stream": index % 2 == 0,
    }
    connection = http.client.HTTPConnection("127.0.0.1", port, timeout=30)
    try:
        connection.request(
            "POST",
            "/v1/chat/completions",
            body=json.dumps(body),
            headers={"content-type": "application/json", "x-mock-answer": ANSWERS[index % 2]},
        )
        response = connection.getresponse()
        response.read()
        return response.status
    finally:
        connection.close()


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--embedder", default="minilm")
    parser.add_argument("--requests", type=int, default=400)
    parser.add_argument("--concurrency", type=int, default=8)
    args = parser.parse_args()
    upstream = MockUpstream().start()
    sidecar = start_sidecar(args.embedder)
    sidecar_port = sidecar.port()
    envoy = start_loopback_envoy(upstream.port, sidecar_port)
    try:
        idle_rss = sidecar.memory_mib()
        cpu_before = cpu_seconds(sidecar.pid)
        started = time.monotonic()
        with ThreadPoolExecutor(args.concurrency) as pool:
            statuses = list(pool.map(lambda i: one_request(envoy.port, i), range(args.requests)))
        elapsed = time.monotonic() - started
        report = {
            "embedder": args.embedder,
            "requests": args.requests,
            "concurrency": args.concurrency,
            "statuses": {str(s): statuses.count(s) for s in sorted(set(statuses))},
            "seconds": round(elapsed, 2),
            "requests_per_second": round(args.requests / elapsed, 1),
            "rss_after_start_mib": round(idle_rss, 1),
            "rss_peak_mib": round(sidecar.memory_mib("VmHWM"), 1),
            "cpu_seconds": round(cpu_seconds(sidecar.pid) - cpu_before, 2),
            "cpu_cores_busy": round((cpu_seconds(sidecar.pid) - cpu_before) / elapsed, 2),
        }
        print(json.dumps(report, indent=2))
    finally:
        envoy.stop()
        sidecar.stop(timeout=20)
        upstream.stop()
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
