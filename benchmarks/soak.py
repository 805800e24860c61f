"""Memory under a long soak: does the sidecar's RSS stop growing once its caches are full?

One run starts the mock upstream (its own process), the sidecar (`serve`, hash
embedder without the verifier, BLOCK, a small passage cache so it fills early) and a
real Envoy in front, all on loopback, ports chosen at run time, and sends `--requests` JSON chat
completions over `--connections` keep-alive connections, in two halves: repeating
texts (ten source/answer pairs over and over) and unique texts (every request new).
The sidecar's RSS is sampled every `--every` requests; printed: the curve, and the
growth per request over the second part of each half (after the caches filled).

    python -m benchmarks.soak [--requests 300000] [--connections 8]
"""

from __future__ import annotations

import argparse
import http.client
import json
import os
import platform
import sys
import threading
import time
from pathlib import Path

from devtools.envoy_process import start_loopback_envoy
from devtools.serving import start_serving

CITIES = ["Rotterdam", "Lyon", "Gdansk", "Porto", "Leipzig", "Turin", "Ghent", "Bilbao"]


def texts(index: int, unique: bool) -> tuple[str, str]:
    """A source and a grounded answer for request `index` (ten pairs when repeating)."""
    key = index if unique else index % 10
    city = CITIES[key % len(CITIES)]
    source = (
        f"Order {key} left the {city} warehouse on {key % 28 + 1} June by rail freight. "
        f"It holds {key % 90 + 10} pallets of steel coils insured up to {key * 7} euros."
    )
    answer = f"Order {key} left the {city} warehouse on {key % 28 + 1} June by rail freight."
    return source, answer


def rss_mb(pid: int) -> float:
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        if line.startswith("VmRSS:"):
            return int(line.split()[1]) / 1024
    raise RuntimeError("no VmRSS")


def client(
    port: int, indices: range, step: int, offset: int, unique: bool, counter: list[int]
) -> None:
    connection = http.client.HTTPConnection("127.0.0.1", port, timeout=30)
    try:
        for index in indices[offset::step]:
            source, answer = texts(index, unique)
            body = json.dumps(
                {
                    "model": "mock-1",
                    "messages": [{"role": "user", "content": "Where is my order?"}],
                    "metadata": {"grounding.sources": [source]},
                }
            )
            connection.request(
                "POST",
                "/v1/chat/completions",
                body=body,
                headers={"content-type": "application/json", "x-mock-answer": answer},
            )
            response = connection.getresponse()
            response.read()
            if response.status != 200:
                raise RuntimeError(f"unexpected status {response.status}")
            counter[0] += 1
    finally:
        connection.close()


def run_half(
    port: int, pid: int, start: int, count: int, unique: bool, args: argparse.Namespace
) -> list[tuple[int, float]]:
    curve: list[tuple[int, float]] = []
    for chunk_start in range(start, start + count, args.every):
        indices = range(chunk_start, min(chunk_start + args.every, start + count))
        counter = [0]
        threads = [
            threading.Thread(
                target=client, args=(port, indices, args.connections, i, unique, counter)
            )
            for i in range(args.connections)
        ]
        for thread in threads:
            thread.start()
        for thread in threads:
            thread.join()
        curve.append((indices.stop, rss_mb(pid)))
        print(f"{'unique' if unique else 'repeating':9} {indices.stop:>8} {curve[-1][1]:8.1f} MB",
              flush=True)  # fmt: skip
    return curve


def growth_per_request(curve: list[tuple[int, float]]) -> float:
    """Bytes per request over the second half of a curve (least squares)."""
    tail = curve[len(curve) // 2 :]
    if len(tail) < 2:
        return float("nan")
    n = len(tail)
    mean_x = sum(x for x, _ in tail) / n
    mean_y = sum(y for _, y in tail) / n
    slope = sum((x - mean_x) * (y - mean_y) for x, y in tail) / sum(
        (x - mean_x) ** 2 for x, _ in tail
    )
    return slope * 1024 * 1024


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--requests", type=int, default=300_000)
    parser.add_argument("--connections", type=int, default=8)
    parser.add_argument("--every", type=int, default=10_000, help="requests per RSS sample")
    parser.add_argument("--cache-mb", type=int, default=4, help="the sidecar's passage cache")
    parser.add_argument(
        "--malloc-arena-max", type=int, help="MALLOC_ARENA_MAX for the processes started"
    )
    parser.add_argument("--repeating-only", action="store_true")
    args = parser.parse_args(argv)
    if args.malloc_arena_max:
        os.environ["MALLOC_ARENA_MAX"] = str(args.malloc_arena_max)
    upstream = start_serving([sys.executable, "-m", "devtools.mock_upstream"])
    sidecar = start_serving(
        [sys.executable, "-m", "grounding_sidecar", "serve", "--port", "0",
         "--embedder", "hash", "--verifier", "off", "--enabled", "--action", "BLOCK",
         "--log-level", "WARNING",
         "--metrics-port", "0", "--passage-cache-mb", str(args.cache_mb)]
    )  # fmt: skip
    envoy = None
    started = time.monotonic()
    try:
        envoy = start_loopback_envoy(upstream.port(), sidecar.port(), log_level="error")
        first = rss_mb(sidecar.pid)
        half = args.requests if args.repeating_only else args.requests // 2
        repeating = run_half(envoy.port, sidecar.pid, 0, half, False, args)
        unique = run_half(envoy.port, sidecar.pid, half, args.requests - half, True, args)
    finally:
        if envoy is not None:
            envoy.stop()
        sidecar.stop()
        upstream.stop()
    machine = f"{platform.processor() or platform.machine()}, {os.cpu_count()} cores"
    print(f"\n# soak ({machine}): {args.requests} requests in {time.monotonic() - started:.0f} s")
    end = unique[-1][1] if unique else repeating[-1][1]
    print(f"RSS after start-up {first:.1f} MB; after the repeating half {repeating[-1][1]:.1f} MB; "
          f"at the end {end:.1f} MB")  # fmt: skip
    print(f"growth over the second part of each half: repeating "
          f"{growth_per_request(repeating):.1f} B/request, unique "
          f"{growth_per_request(unique):.1f} B/request")  # fmt: skip
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
