"""Latency the sidecar adds inside a real Envoy, against a no-op ext_proc and no ext_proc.

One run starts the mock upstream, the sidecar (`grounding-sidecar serve`, hash
embedder, grounding enabled, action BLOCK so headers are held for every answer),
the no-op processor, and three Envoys rendered from deploy/envoy/envoy.yaml (the
third with the ext_proc filter removed), all on loopback with ports chosen at run
time.  For each target it measures keep-alive requests at 1 and 8 connections:
p50/p99 latency and requests/s, for a JSON and an SSE chat completion carrying one
source.  The three targets take turns in `--rounds` rounds, so the ratios compare
them under the same neighbours' load.  Loops are bounded by count; nothing leaves
127.0.0.1.

    python -m benchmarks.extproc_latency [--requests 400] [--rounds 8] [--json out.json]
"""

from __future__ import annotations

import argparse
import http.client
import json
import statistics
import sys
import threading
import time
from collections.abc import Iterator
from contextlib import ExitStack, contextmanager
from dataclasses import asdict, dataclass
from typing import Any

from benchmarks.machine import machine
from devtools.envoy_process import start_envoy_without_ext_proc, start_loopback_envoy
from devtools.serving import start_serving

SOURCE = (
    "The Eiffel Tower is located in Paris and was completed in 1889. It is 330 metres tall "
    "and was designed by the engineering company of Gustave Eiffel."
)
ANSWER = "The Eiffel Tower is located in Paris and was completed in 1889. It is 330 metres tall."


@dataclass(frozen=True)
class Measurement:
    target: str
    kind: str
    connections: int
    requests: int
    p50_ms: float
    p99_ms: float
    requests_per_second: float


def start_process(running: ExitStack, *args: str) -> int:
    """`python *args`, stopped when `running` closes: its port."""
    return running.enter_context(start_serving([sys.executable, *args])).port()


@contextmanager
def environment() -> Iterator[dict[str, int]]:
    """The Envoy port of each target; every process stops on exit, the last started first."""
    with ExitStack() as running:
        upstream_port = start_process(running, "-m", "devtools.mock_upstream")
        sidecar_port = start_process(
            running,
            "-m", "grounding_sidecar", "serve", "--port", "0", "--embedder", "hash", "--enabled",
            "--action", "BLOCK", "--log-level", "WARNING", "--metrics-port", "0",
        )  # fmt: skip
        noop_port = start_process(running, "-m", "devtools.noop_extproc")
        ports = {}
        for name, processor_port in (("sidecar", sidecar_port), ("noop", noop_port)):
            envoy = start_loopback_envoy(upstream_port, processor_port, log_level="error")
            ports[name] = running.enter_context(envoy).port
        bare = start_envoy_without_ext_proc(upstream_port, log_level="error")
        ports["no_ext_proc"] = running.enter_context(bare).port
        yield ports


def request_body(stream: bool) -> bytes:
    return json.dumps(
        {
            "model": "mock-1",
            "messages": [{"role": "user", "content": "Tell me about the Eiffel Tower."}],
            "metadata": {"grounding.sources": [SOURCE]},
            "stream": stream,
        }
    ).encode()


def client_loop(port: int, stream: bool, count: int, latencies: list[float]) -> None:
    body = request_body(stream)
    headers = {"content-type": "application/json", "x-mock-answer": ANSWER}
    connection = http.client.HTTPConnection("127.0.0.1", port, timeout=30)
    for _ in range(count):
        started = time.perf_counter()
        connection.request("POST", "/v1/chat/completions", body=body, headers=headers)
        response = connection.getresponse()
        payload = response.read()
        latencies.append(time.perf_counter() - started)
        if response.status != 200 or b"Eiffel" not in payload:
            raise RuntimeError(f"unexpected reply {response.status}: {payload[:200]!r}")
    connection.close()


def run_load(port: int, kind: str, connections: int, total: int) -> tuple[list[float], float]:
    """`total` requests over `connections` keep-alive connections: latencies, seconds."""
    stream = kind == "sse"
    per_connection = max(1, total // connections)
    results: list[list[float]] = [[] for _ in range(connections)]
    threads = [
        threading.Thread(target=client_loop, args=(port, stream, per_connection, results[i]))
        for i in range(connections)
    ]
    started = time.perf_counter()
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    return [x for r in results for x in r], time.perf_counter() - started


def measure_interleaved(
    ports: dict[str, int], kind: str, connections: int, total: int, rounds: int
) -> list[Measurement]:
    """Every target in turn, `rounds` times (the order rotating), latencies pooled.

    A neighbour's burst on this shared machine then falls on every target alike
    instead of on whichever one happened to be measured at the time.
    """
    targets = list(ports)
    for target in targets:
        client_loop(ports[target], kind == "sse", 20, [])  # warm-up: connections, caches
    latencies: dict[str, list[float]] = {target: [] for target in targets}
    seconds = dict.fromkeys(targets, 0.0)
    for round_number in range(rounds):
        shift = round_number % len(targets)
        for target in targets[shift:] + targets[:shift]:
            got, elapsed = run_load(ports[target], kind, connections, max(1, total // rounds))
            latencies[target] += got
            seconds[target] += elapsed
    measurements = []
    for target in targets:
        values = sorted(latencies[target])
        p99 = values[min(len(values) - 1, int(len(values) * 0.99))]
        measurements.append(
            Measurement(
                target=target,
                kind=kind,
                connections=connections,
                requests=len(values),
                p50_ms=round(statistics.median(values) * 1000, 3),
                p99_ms=round(p99 * 1000, 3),
                requests_per_second=round(len(values) / seconds[target], 1),
            )
        )
    return measurements


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--requests", type=int, default=400, help="per target, kind and load")
    parser.add_argument("--rounds", type=int, default=8, help="interleaved rounds per row")
    parser.add_argument("--json", help="also write the results to this file")
    args = parser.parse_args(argv)
    results: list[Measurement] = []
    with environment() as ports:
        for kind in ("json", "sse"):
            for connections in (1, 8):
                results += measure_interleaved(ports, kind, connections, args.requests, args.rounds)
    host = machine()
    print(
        f"# ext_proc latency through Envoy ({host}, {args.requests} requests per row, "
        f"targets interleaved in {args.rounds} rounds)"
    )
    print(f"{'kind':5} {'conns':>5} {'target':12} {'p50 ms':>8} {'p99 ms':>8} {'req/s':>8}")
    for m in results:
        print(
            f"{m.kind:5} {m.connections:>5} {m.target:12} {m.p50_ms:>8.3f} {m.p99_ms:>8.3f} "
            f"{m.requests_per_second:>8.1f}"
        )
    print("\n# added p50 over no ext_proc (ms): sidecar vs no-op processor")
    by_key: dict[tuple[str, int, str], Measurement] = {
        (m.kind, m.connections, m.target): m for m in results
    }
    summary: list[dict[str, Any]] = []
    for kind in ("json", "sse"):
        for connections in (1, 8):
            base = by_key[(kind, connections, "no_ext_proc")].p50_ms
            noop = by_key[(kind, connections, "noop")].p50_ms - base
            sidecar = by_key[(kind, connections, "sidecar")].p50_ms - base
            ratio = sidecar / noop if noop > 0 else float("nan")
            summary.append(
                {"kind": kind, "connections": connections, "noop_added_ms": round(noop, 3),
                 "sidecar_added_ms": round(sidecar, 3), "ratio": round(ratio, 2)}
            )  # fmt: skip
            print(
                f"{kind:5} {connections:>2} conns: no-op +{noop:.3f}  sidecar +{sidecar:.3f}  "
                f"ratio {ratio:.2f}"
            )
    if args.json:
        with open(args.json, "w", encoding="utf-8") as out:
            json.dump({"results": [asdict(m) for m in results], "added": summary}, out, indent=2)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
