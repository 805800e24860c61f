"""RAG traffic through a real Envoy: what the check adds after the upstream's last byte.

The workload RAG applications send: every request brings `--sources` new sources of
about `--source-chars` characters (made per request, so no cache helps), and the
answer streams `--sentences` sentences taken from them in `--chunks` SSE chunks,
`--chunk-delay` seconds apart.  The workspace's action is BLOCK, so the answer is
held until its verdict and everything the check costs after the last chunk is time
the client waits.

One run starts the mock upstream in this process (it records when it wrote each
stream's last byte, on the same monotonic clock the client reads), one sidecar per
detector (`hash` and `minilm`, each without the verifier and with it), an Envoy in
front of each, and an Envoy without ext_proc as the baseline; all on loopback, ports
chosen at run time.  `--restated` of the answer's sentences (default half) restate
their fact in other words; the rest copy it.  With `--before TREE` each detector also
runs from another checkout (`before:<detector>`), so code before and after a change
is measured in one run.  Targets take turns in `--rounds` rounds (this machine is
shared), at 1 and at `--concurrency` concurrent streams.  Printed per target: the
added latency after the upstream's last byte (p50 / p90 / p99), verdicts, and the
sidecar's RSS.

With `--capacities`, only each target's capacity: verdicts per second with
`--capacity-streams` streams in a closed loop, the targets taking turns, with the
sidecar's CPU time per verdict and its share of all the CPU the machine used (Envoy,
the mock upstream and this client share the cores); and where its model work goes:
tokens per verdict by kind and the share of the FLOP ceiling its CPU time reaches
(benchmarks/model_work.py).

With `--ttft DETECTOR`, time to first token of one stream at a time under BLOCK,
deferred delivery against progressive (docs/contract.md#progressive-delivery).

With `--sweep DETECTOR`, an open-loop rate sweep instead: the capacity of that
sidecar is measured first (verdicts per second with `--capacity-streams` streams in a
closed loop), then requests arrive at fixed intervals at 0.5x, 1x, 2x and 4x of it
for `--phase-seconds` each (the 4x phase `--overload-seconds`), then at 0.5x again to
time the recovery.  Printed per phase: goodput (verdicts per second, as a share of
capacity), the share shed (`overloaded`) and past the deadline (both `unknown`, which
BLOCK refuses), the added latency of verdicts and of shed requests, requests that
waited past the deadline, and the sidecar's RSS.

    python -m benchmarks.rag_traffic [--requests 24] [--rounds 4] [--json out.json]
    python -m benchmarks.rag_traffic --sweep minilm+verifier [--phase-seconds 30]
    python -m benchmarks.rag_traffic --ttft minilm+verifier [--requests 24]
    python -m benchmarks.rag_traffic --capacities [--before TREE] [--rounds 2]

The workload and the client that sends it are `rag_workload.py`, the sidecars and
Envoys `rag_targets.py`, the capacity and the sweep `rag_overload.py`.
"""

from __future__ import annotations

import argparse
import json
import statistics
from dataclasses import asdict, dataclass

from benchmarks.machine import machine
from benchmarks.rag_overload import capacities, sweep
from benchmarks.rag_targets import DETECTORS, environment, rss_mb
from benchmarks.rag_workload import Reply, Settings, percentile, run_batch
from devtools.mock_upstream import MockUpstream


@dataclass(frozen=True)
class Row:
    target: str
    concurrency: int
    requests: int
    added_p50_ms: float
    added_p90_ms: float
    added_p99_ms: float
    total_p50_ms: float
    verdicts: dict[str, int]
    rss_mb: float | None


def ttft(args: argparse.Namespace, settings: Settings) -> int:
    """Time to first token and after the last byte, deferred against progressive BLOCK."""
    upstream = MockUpstream().start()
    rows: dict[str, tuple[list[float], list[float]]] = {}
    try:
        with environment(upstream, [args.ttft], ("deferred", "progressive")) as targets:
            targets = [t for t in targets if t.sidecar is not None]
            for target in targets:
                run_batch(target, upstream, 1, 2, settings, seed=0)
            for round_number in range(args.rounds):
                for target in targets:
                    got = run_batch(
                        target, upstream, 1, max(1, args.requests // args.rounds), settings,
                        seed=round_number + 1,
                    )  # fmt: skip
                    first, added = rows.setdefault(target.name, ([], []))
                    first += [reply.first_content for reply in got]
                    added += [reply.added for reply in got]
    finally:
        upstream.stop()
    pacing = f"{settings.chunks} chunks {settings.chunk_delay * 1000:.0f} ms apart"
    print(f"# time to first token, BLOCK, {args.ttft}, one stream "
          f"({settings.sentences} sentences in {pacing})")  # fmt: skip
    print(f"{'delivery':28} {'n':>4} {'TTFT p50 ms':>12} {'p90':>8} {'after last byte p50':>20}")
    for name, (first, added) in rows.items():
        print(
            f"{name:28} {len(first):>4} {statistics.median(first) * 1000:>12.1f} "
            f"{percentile(first, 0.9) * 1000:>8.1f} {statistics.median(added) * 1000:>20.1f}"
        )
    return 0


def latency(args: argparse.Namespace, settings: Settings) -> int:
    """The added latency after the upstream's last byte per target, at one stream and
    at `--concurrency`, the targets taking turns in `--rounds` rounds."""
    upstream = MockUpstream().start()
    rows: list[Row] = []
    try:
        with environment(upstream, args.detectors.split(","), before=args.before) as targets:
            for target in targets:  # warm-up: connections, first model runs
                run_batch(target, upstream, 2, 4, settings, seed=0)
            for concurrency in (1, args.concurrency):
                got: dict[str, list[Reply]] = {t.name: [] for t in targets}
                for round_number in range(args.rounds):
                    shift = round_number % len(targets)
                    for target in targets[shift:] + targets[:shift]:
                        got[target.name] += run_batch(
                            target,
                            upstream,
                            concurrency,
                            max(concurrency, args.requests // args.rounds),
                            settings,
                            seed=round_number + 1,
                        )
                for target in targets:
                    added = [reply.added for reply in got[target.name]]
                    verdicts: dict[str, int] = {}
                    for reply in got[target.name]:
                        verdicts[reply.verdict] = verdicts.get(reply.verdict, 0) + 1
                    rows.append(
                        Row(
                            target=target.name,
                            concurrency=concurrency,
                            requests=len(added),
                            added_p50_ms=round(statistics.median(added) * 1000, 1),
                            added_p90_ms=round(percentile(added, 0.9) * 1000, 1),
                            added_p99_ms=round(percentile(added, 0.99) * 1000, 1),
                            total_p50_ms=round(
                                statistics.median(r.total for r in got[target.name]) * 1000, 1
                            ),
                            verdicts=verdicts,
                            rss_mb=rss_mb(target.sidecar) if target.sidecar else None,
                        )
                    )
    finally:
        upstream.stop()
    host = machine()
    print(
        f"# RAG traffic through Envoy ({host}): {settings.sources} new sources of "
        f"~{settings.source_chars} chars, {settings.sentences} sentences in {settings.chunks} "
        f"chunks {settings.chunk_delay * 1000:.0f} ms apart, BLOCK; {args.rounds} rounds"
    )
    print(
        f"{'target':16} {'conc':>4} {'n':>4} {'added p50':>10} {'p90':>8} {'p99':>8} "
        f"{'total p50':>10} {'rss MB':>7}  verdicts"
    )
    for row in rows:
        rss = f"{row.rss_mb:.0f}" if row.rss_mb is not None else "-"
        print(
            f"{row.target:16} {row.concurrency:>4} {row.requests:>4} {row.added_p50_ms:>10.1f} "
            f"{row.added_p90_ms:>8.1f} {row.added_p99_ms:>8.1f} {row.total_p50_ms:>10.1f} "
            f"{rss:>7}  {row.verdicts}"
        )
    by_key = {(r.target, r.concurrency): r for r in rows}
    print("\n# MiniLM's added latency as a multiple of the hash embedder's (same run)")
    for concurrency in (1, args.concurrency):
        base = by_key.get(("hash", concurrency))
        for name in ("minilm", "minilm+verifier"):
            other = by_key.get((name, concurrency))
            if base is None or other is None:
                continue
            p50 = other.added_p50_ms / base.added_p50_ms
            p90 = other.added_p90_ms / base.added_p90_ms
            print(f"{name:16} {concurrency:>2} streams: p50 x{p50:.2f}  p90 x{p90:.2f}")
    if args.json:
        with open(args.json, "w", encoding="utf-8") as out:
            json.dump([asdict(r) for r in rows], out, indent=2)
    return 0


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--requests", type=int, default=24, help="per target and concurrency")
    parser.add_argument("--rounds", type=int, default=4, help="interleaved rounds per row")
    parser.add_argument("--concurrency", type=int, default=8)
    parser.add_argument("--sources", type=int, default=5)
    parser.add_argument("--source-chars", type=int, default=1000)
    parser.add_argument("--sentences", type=int, default=20)
    parser.add_argument("--chunks", type=int, default=40)
    parser.add_argument("--chunk-delay", type=float, default=0.025)
    parser.add_argument("--detectors", default=",".join(DETECTORS))
    parser.add_argument("--json", help="also write the results to this file")
    parser.add_argument("--sweep", choices=list(DETECTORS), help="open-loop rate sweep instead")
    parser.add_argument("--capacity-streams", type=int, default=16)
    parser.add_argument("--phase-seconds", type=float, default=30.0)
    parser.add_argument("--overload-seconds", type=float, default=60.0)
    parser.add_argument("--phases", help="only these phases, e.g. 2x,4x")
    parser.add_argument(
        "--ttft", choices=list(DETECTORS), help="time to first token, deferred vs progressive"
    )
    parser.add_argument("--capacity", type=float, help="verdicts/s: skip measuring it")
    parser.add_argument(
        "--restated",
        type=float,
        default=0.5,
        help="share of answer sentences restated in other words (the rest are copied)",
    )
    parser.add_argument(
        "--before", metavar="TREE", help="also run each detector from this checkout"
    )
    parser.add_argument(
        "--capacities",
        action="store_true",
        help="only the capacity of each target (closed loop, --capacity-streams streams)",
    )
    args = parser.parse_args(argv)
    settings = Settings(
        args.sources,
        args.source_chars,
        args.sentences,
        args.chunks,
        args.chunk_delay,
        args.restated,
    )
    if args.sweep:
        return sweep(args, settings)
    if args.ttft:
        return ttft(args, settings)
    if args.capacities:
        return capacities(args, settings)
    return latency(args, settings)


if __name__ == "__main__":
    raise SystemExit(main())
