"""Memory under a long soak: does the sidecar's RSS stay flat once its caches are full?

One run starts the mock upstream (its own process), the sidecar (`serve`: hash embedder
without the verifier, a small passage cache so it fills early, a BLOCK and a LOG
workspace) and a real Envoy from deploy/envoy/envoy.yaml in front, all on loopback with
ports chosen at run time, and sends `--requests` chat completions over `--connections`
keep-alive connections.  The traffic (soak_traffic.py) mixes JSON and SSE, BLOCK and
LOG, grounded and ungrounded answers, repeating and unique texts, and clients that hang
up mid-stream; every other response is checked against its case by trace id.

Every `--every` requests it samples the sidecar's RSS and its bounded caches (from
/metrics).  Printed (and with `--record`, written as JSON): the curve, the slope of RSS
per request after the warm-up (least squares over the samples past `--warmup`), the
requests per second, and the responses that were wrong (the exit status is 1 if any).

    python -m benchmarks.soak                       # 100,000 requests: a session's check
    python -m benchmarks.soak --requests 1000000    # the standing soak (about 40 minutes)
"""

from __future__ import annotations

import argparse
import http.client
import json
import subprocess
import sys
import tempfile
import threading
import time
from collections import Counter
from dataclasses import asdict, dataclass, field
from pathlib import Path

from benchmarks.machine import machine
from benchmarks.soak_traffic import Case, Outcome, case_for, judge, request_of, soak_workspaces
from devtools.envoy_process import LOOPBACK, EnvoyEndpoints, EnvoyProcess, render_config
from devtools.serving import ServingProcess, metrics_text, start_serving

# The cache series sampled beside RSS: each should reach its bound and hold there.
CACHE_SERIES = (
    "gateway_grounding_passage_cache_bytes",
    "gateway_grounding_text_cache_entries",
)


@dataclass
class Sample:
    requests: int
    rss_mb: float
    caches: dict[str, float]


@dataclass
class Tally:
    """Outcomes across the client threads (each adds under the lock)."""

    outcomes: Counter[str] = field(default_factory=Counter)
    wrong: list[str] = field(default_factory=list)  # the first few, for the report
    lock: threading.Lock = field(default_factory=threading.Lock)

    def add(self, case: Case, outcome: Outcome, detail: str) -> None:
        with self.lock:
            self.outcomes[outcome.value] += 1
            if outcome is Outcome.WRONG and len(self.wrong) < 10:
                self.wrong.append(f"{case}: {detail[:300]}")


def cache_sizes(metrics_port: int) -> dict[str, float]:
    """The cache series, summed per metric name and label set, from the sidecar's /metrics."""
    sizes: dict[str, float] = {}
    for line in metrics_text(metrics_port).splitlines():
        if line.startswith(CACHE_SERIES):
            name, _, value = line.rpartition(" ")
            sizes[name] = float(value)
    return sizes


def send(connection: http.client.HTTPConnection, case: Case, tally: Tally) -> bool:
    """Send one case and judge its response; False when the connection is no longer usable
    (the client hung up, or the exchange failed)."""
    body, headers = request_of(case)
    try:
        connection.request("POST", "/v1/chat/completions", body=body, headers=headers)
        if case.hangs_up:
            time.sleep(0.05)  # the upstream is mid-stream: leave without reading
            tally.add(case, Outcome.HUNG_UP, "")
            return False
        response = connection.getresponse()
        content = response.read()
    except (OSError, http.client.HTTPException) as exc:
        tally.add(case, Outcome.WRONG, repr(exc))
        return False
    tally.add(case, judge(case, response.status, content), content.decode(errors="replace"))
    return True


def client(port: int, cases: list[Case], tally: Tally) -> None:
    """One keep-alive connection, replaced after a hang-up."""
    connection = http.client.HTTPConnection(LOOPBACK, port, timeout=30)
    try:
        for case in cases:
            if not send(connection, case, tally):
                connection.close()
                connection = http.client.HTTPConnection(LOOPBACK, port, timeout=30)
    finally:
        connection.close()


def run_chunk(port: int, cases: list[Case], connections: int, tally: Tally) -> None:
    threads = [
        threading.Thread(target=client, args=(port, cases[i::connections], tally))
        for i in range(connections)
    ]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()


def slope_bytes_per_request(samples: list[Sample]) -> float:
    """Least-squares slope of RSS against requests, in bytes per request."""
    if len(samples) < 2:
        return float("nan")
    n = len(samples)
    mean_x = sum(s.requests for s in samples) / n
    mean_y = sum(s.rss_mb for s in samples) / n
    covariance = sum((s.requests - mean_x) * (s.rss_mb - mean_y) for s in samples)
    variance = sum((s.requests - mean_x) ** 2 for s in samples)
    return covariance / variance * 1024 * 1024


def start_sidecar(work: Path, cache_mb: int) -> ServingProcess:
    policy_dir = work / "workspaces"
    policy_dir.mkdir()
    (policy_dir / "soak.json").write_text(json.dumps(soak_workspaces()))
    return start_serving(
        [sys.executable, "-m", "grounding_sidecar", "serve", "--host", LOOPBACK, "--port", "0",
         "--embedder", "hash", "--verifier", "off", "--enabled", "--action", "LOG",
         "--log-level", "WARNING", "--metrics-port", "0", "--policy-dir", str(policy_dir),
         "--passage-cache-mb", str(cache_mb)]
    )  # fmt: skip


def soak(args: argparse.Namespace) -> dict[str, object]:
    tally = Tally()
    samples: list[Sample] = []
    with tempfile.TemporaryDirectory(prefix="grounding-soak-") as directory:
        # Its tracebacks for streams Envoy cancels (the hang-ups) are not the soak's news.
        upstream = start_serving(
            [sys.executable, "-m", "devtools.mock_upstream"], stderr=subprocess.DEVNULL
        )
        sidecar = start_sidecar(Path(directory), args.cache_mb)
        envoy = None
        started = time.monotonic()
        try:
            endpoints = EnvoyEndpoints(LOOPBACK, upstream.port(), LOOPBACK, sidecar.port())
            config = render_config(endpoints, trust_client_workspace=True)
            envoy = EnvoyProcess(config, log_level="error").start()
            metrics_port = sidecar.port("metrics_port")
            first = Sample(0, sidecar.memory_mib(), cache_sizes(metrics_port))
            for start in range(0, args.requests, args.every):
                stop = min(start + args.every, args.requests)
                cases = [
                    case_for(i, seed=args.seed, hang_up_share=args.hang_up_share)
                    for i in range(start, stop)
                ]
                run_chunk(envoy.port, cases, args.connections, tally)
                samples.append(Sample(stop, sidecar.memory_mib(), cache_sizes(metrics_port)))
                print(f"{stop:>9} {samples[-1].rss_mb:8.1f} MB  {dict(tally.outcomes)}", flush=True)
        finally:
            if envoy is not None:
                envoy.stop()
            sidecar.stop()
            upstream.stop()
        seconds = time.monotonic() - started
    warm = [s for s in samples if s.requests > args.warmup * args.requests]
    return {
        "machine": machine(),
        "requests": args.requests,
        "connections": args.connections,
        "seconds": round(seconds, 1),
        "requests_per_second": round(args.requests / seconds, 1),
        "start_rss_mb": first.rss_mb,
        "slope_bytes_per_request": round(slope_bytes_per_request(warm), 2),
        "growth_after_warmup_mb": round(warm[-1].rss_mb - warm[0].rss_mb, 2) if warm else None,
        "outcomes": dict(tally.outcomes),
        "wrong": tally.wrong,
        "samples": [asdict(s) for s in [first, *samples]],
    }


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--requests", type=int, default=100_000)
    parser.add_argument("--connections", type=int, default=8)
    parser.add_argument("--every", type=int, default=10_000, help="requests per sample")
    parser.add_argument(
        "--warmup", type=float, default=0.2, help="share of requests before the fit"
    )
    parser.add_argument("--cache-mb", type=int, default=4, help="the sidecar's passage cache")
    parser.add_argument("--hang-up-share", type=float, default=0.02, help="of the streams")
    parser.add_argument("--seed", type=int, default=20261202)
    parser.add_argument("--record", type=Path, help="write the result as JSON here")
    args = parser.parse_args(argv)
    result = soak(args)
    print(f"\n# soak ({result['machine']}): {args.requests} requests in {result['seconds']} s, "
          f"{result['requests_per_second']} requests/s")  # fmt: skip
    print(f"RSS at start {result['start_rss_mb']:.1f} MB; after warm-up "
          f"{result['slope_bytes_per_request']} B/request, "
          f"{result['growth_after_warmup_mb']} MB in all")  # fmt: skip
    print(f"outcomes {result['outcomes']}")
    for line in result["wrong"]:  # type: ignore[attr-defined]
        print(f"WRONG {line}")
    if args.record:
        args.record.write_text(json.dumps(result, indent=1) + "\n")
    return 1 if result["wrong"] else 0


if __name__ == "__main__":
    raise SystemExit(main())
