"""Capacity and overload for `benchmarks.rag_traffic`: verdicts per second in a closed
loop (`--capacities`, each target in turn), and the open-loop rate sweep of one
sidecar (`--sweep`): goodput, shedding and recovery at multiples of its capacity."""

from __future__ import annotations

import argparse
import json
import os
import random
import statistics
import threading
import time
from dataclasses import asdict, dataclass

from benchmarks.embedder import gemm_peak
from benchmarks.machine import machine
from benchmarks.model_work import TABLE_HEADER, ModelTokens, table_row
from benchmarks.rag_targets import Target, environment, rss_mb
from benchmarks.rag_workload import Settings, one_request, percentile, run_batch
from devtools.mock_upstream import MockUpstream
from devtools.serving import metrics_text


@dataclass(frozen=True)
class Phase:
    name: str
    rate: float  # requests per second offered
    requests: int
    verdicts: int  # pass or fail: a check completed
    goodput_share: float  # verdicts per second / capacity
    overloaded: int  # shed
    shed_at_admission: int  # of those, decided at once
    deadline_missed: int
    work_ahead: dict[str, int]  # steps by outcome
    added_p50_ms: float  # verdicts: after the upstream's last byte
    added_p90_ms: float
    shed_added_p90_ms: float | None  # shed requests: how soon they got their answer
    waited_past_deadline: int
    rss_mb: float | None


# Counters read per phase: series name, the label they are summed by, its prefix.
COUNTED = {
    "gateway_grounding_verdict_total": "reason",
    "gateway_grounding_checks_shed_total": "when",
    "gateway_grounding_work_ahead_steps_total": "outcome",
}


def counters(metrics_port: int) -> dict[str, float]:
    """The `COUNTED` series, summed by their label: `shed:admission`, `overloaded`, ..."""
    counts: dict[str, float] = {}
    for line in metrics_text(metrics_port).splitlines():
        name = line.split("{", 1)[0]
        if name not in COUNTED:
            continue
        labels, value = line.rsplit(" ", 1)
        label = labels.split(f'{COUNTED[name]}="', 1)[1].split('"', 1)[0]
        key = label if name == "gateway_grounding_verdict_total" else f"{COUNTED[name]}:{label}"
        counts[key] = counts.get(key, 0.0) + float(value)
    return counts


def open_loop(
    target: Target,
    upstream: MockUpstream,
    rate: float,
    seconds: float,
    settings: Settings,
    seed: int,
) -> list[tuple[float, float, float, str]]:
    """Requests started every 1/rate seconds for `seconds`, each on its own thread:
    (start offset, added, total, verdict) per request."""
    results: list[tuple[float, float, float, str]] = []
    lock = threading.Lock()
    started = time.monotonic()

    def one(index: int, offset: float) -> None:
        rng = random.Random(seed * 100_000 + index)
        try:
            added, total, verdict, _ = one_request(target.port, upstream, rng, settings)
        except (OSError, RuntimeError):
            added, total, verdict = float("nan"), float("nan"), "error"
        with lock:
            results.append((offset, added, total, verdict))

    threads = []
    count = max(1, int(rate * seconds))
    for index in range(count):
        offset = index / rate
        delay = started + offset - time.monotonic()
        if delay > 0:
            time.sleep(delay)
        thread = threading.Thread(target=one, args=(index, offset), daemon=True)
        thread.start()
        threads.append(thread)
    for thread in threads:
        thread.join()
    return results


def sweep(args: argparse.Namespace, settings: Settings) -> int:
    upstream = MockUpstream().start()
    deadline = 5.0  # the sidecar's default check-deadline
    phases: list[Phase] = []
    try:
        with environment(upstream, [args.sweep]) as targets:
            target = targets[0]
            assert target.sidecar is not None
            metrics_port = target.sidecar.port("metrics_port")
            run_batch(target, upstream, 2, 4, settings, seed=0)
            if args.capacity:
                capacity, elapsed = args.capacity, 0.0
            else:
                closed = closed_batch(target, upstream, args.capacity_streams, 10, settings, 1)
                elapsed = closed.seconds
                capacity = closed.verdicts / elapsed
            print(
                f"# capacity of {args.sweep}: {capacity:.2f} verdicts/s "
                f"({args.capacity_streams} streams, closed loop, {elapsed:.0f} s)",
                flush=True,
            )
            plan = [("0.5x", 0.5, args.phase_seconds), ("1x", 1.0, args.phase_seconds),
                    ("2x", 2.0, args.phase_seconds), ("4x", 4.0, args.overload_seconds),
                    ("after, 0.5x", 0.5, args.phase_seconds)]  # fmt: skip
            if args.phases:
                plan = [p for p in plan if p[0] in args.phases.split(",")]
            for number, (name, multiple, seconds) in enumerate(plan):
                before = counters(metrics_port)
                got = open_loop(target, upstream, capacity * multiple, seconds, settings, number)
                after = counters(metrics_port)

                def grew(
                    key: str, after: dict[str, float] = after, before: dict[str, float] = before
                ) -> int:
                    return int(after.get(key, 0) - before.get(key, 0))

                shed, missed = grew("overloaded"), grew("deadline_missed")
                verdicts = [a for _, a, _, v in got if v in ("pass", "fail")]
                unknown = [a for _, a, _, v in got if v == "unknown"]
                phase = Phase(
                    name=name,
                    rate=round(capacity * multiple, 2),
                    requests=len(got),
                    verdicts=len(verdicts),
                    goodput_share=round(len(verdicts) / seconds / capacity, 2),
                    overloaded=shed,
                    shed_at_admission=grew("when:admission"),
                    deadline_missed=missed,
                    work_ahead={
                        key.split(":", 1)[1]: grew(key) for key in after if key[:8] == "outcome:"
                    },
                    added_p50_ms=round(statistics.median(verdicts) * 1000, 1) if verdicts else 0,
                    added_p90_ms=round(percentile(verdicts, 0.9) * 1000, 1) if verdicts else 0,
                    shed_added_p90_ms=round(percentile(unknown, 0.9) * 1000, 1)
                    if unknown
                    else None,
                    waited_past_deadline=sum(a > deadline for _, a, _, _ in got),
                    rss_mb=rss_mb(target.sidecar),
                )
                phases.append(phase)
                print(asdict(phase), flush=True)
                if name == "after, 0.5x":
                    late = [o for o, a, _, v in got if v not in ("pass", "fail")]
                    recovery = max(late, default=0.0)
                    print(f"# recovery: the last request without a verdict began {recovery:.1f} s "
                          "after the load dropped")  # fmt: skip
    finally:
        upstream.stop()
    if args.json:
        with open(args.json, "w", encoding="utf-8") as out:
            json.dump([asdict(p) for p in phases], out, indent=2)
    return 0


@dataclass(frozen=True)
class Closed:
    """One closed-loop batch against one target."""

    verdicts: int
    seconds: float
    sidecar_cpu: float  # CPU seconds the sidecar used
    machine_cpu: float  # CPU seconds every process used (Envoy, upstream, client too)
    work: ModelTokens  # the sidecar's model tokens meanwhile


def machine_cpu_seconds() -> float:
    """Busy CPU seconds of the whole machine since boot (/proc/stat: all but idle and
    iowait)."""
    with open("/proc/stat", encoding="ascii") as stat:
        ticks = [int(v) for v in stat.readline().split()[1:]]
    return (sum(ticks) - ticks[3] - ticks[4]) / os.sysconf("SC_CLK_TCK")


def capacities(args: argparse.Namespace, settings: Settings) -> int:
    """Verdicts per second of each target in a closed loop of `--capacity-streams`
    streams, the targets taking turns for `--rounds` rounds; with the sidecar's CPU
    time per verdict and its share of all the CPU the machine used meanwhile."""
    peak, core = gemm_peak(1)  # before any server runs: the machine is quiet
    upstream = MockUpstream().start()
    done: dict[str, list[Closed]] = {}
    try:
        with environment(upstream, args.detectors.split(","), before=args.before) as targets:
            checked = [t for t in targets if t.sidecar is not None]
            for target in checked:
                run_batch(target, upstream, 2, 4, settings, seed=0)
            streams = args.capacity_streams
            for round_number in range(args.rounds):
                shift = round_number % len(checked)
                for target in checked[shift:] + checked[:shift]:
                    done.setdefault(target.name, []).append(
                        closed_batch(target, upstream, streams, 4, settings, round_number + 1)
                    )
    finally:
        upstream.stop()
    host = machine()
    print(
        f"# capacity ({host}): {streams} streams, closed loop, {args.rounds} rounds, "
        f"{settings.restated:.0%} of sentences restated"
    )
    print(
        "| target | verdicts | seconds | verdicts/s | sidecar CPU ms/verdict | sidecar CPU share |"
    )
    print("|---|---|---|---|---|---|")
    for name, runs in done.items():
        verdicts, seconds = sum(r.verdicts for r in runs), sum(r.seconds for r in runs)
        sidecar, everything = sum(r.sidecar_cpu for r in runs), sum(r.machine_cpu for r in runs)
        print(
            f"| {name} | {verdicts} | {seconds:.1f} | {verdicts / seconds:.2f} "
            f"| {sidecar / max(verdicts, 1) * 1000:.0f} | {sidecar / max(everything, 1e-9):.0%} |"
        )
    print(f"\n# model work (one-thread SGEMM peak {peak:.1f} GFLOP/s, OpenBLAS core {core})")
    print(TABLE_HEADER)
    for name, runs in done.items():
        work = sum((r.work for r in runs), ModelTokens())
        verdicts, sidecar = sum(r.verdicts for r in runs), sum(r.sidecar_cpu for r in runs)
        print(table_row(name, work, verdicts, sidecar, peak))
    return 0


def closed_batch(
    target: Target,
    upstream: MockUpstream,
    streams: int,
    per_stream: int,
    settings: Settings,
    seed: int,
) -> Closed:
    """`streams` streams sending `per_stream` requests each, one after another."""
    assert target.sidecar is not None
    metrics_port = target.sidecar.port("metrics_port")
    work = ModelTokens.scrape(metrics_port)
    sidecar, machine, started = (
        target.sidecar.cpu_seconds(),
        machine_cpu_seconds(),
        time.monotonic(),
    )
    got = run_batch(target, upstream, streams, streams * per_stream, settings, seed)
    return Closed(
        verdicts=sum(r.verdict in ("pass", "fail") for r in got),
        seconds=time.monotonic() - started,
        sidecar_cpu=target.sidecar.cpu_seconds() - sidecar,
        machine_cpu=machine_cpu_seconds() - machine,
        work=ModelTokens.scrape(metrics_port) - work,
    )
