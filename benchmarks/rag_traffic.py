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
"""

from __future__ import annotations

import argparse
import http.client
import json
import os
import platform
import random
import statistics
import sys
import threading
import time
import uuid
from collections.abc import Iterator
from contextlib import ExitStack, contextmanager
from dataclasses import asdict, dataclass
from typing import Any, NamedTuple

from benchmarks.embedder import gemm_peak
from benchmarks.model_work import TABLE_HEADER, ModelTokens, table_row
from devtools.envoy_process import start_envoy_without_ext_proc, start_loopback_envoy
from devtools.mock_upstream import MockUpstream
from devtools.serving import ServingProcess, metrics_text, start_serving

DETECTORS = {
    "hash": ("--embedder", "hash", "--verifier", "off"),
    "minilm": ("--embedder", "minilm", "--verifier", "off"),
    "minilm+verifier": ("--embedder", "minilm", "--verifier", "on"),
    "minilm-fp32+verifier": ("--embedder", "minilm", "--precision", "fp32", "--verifier", "on"),
    "hash+verifier": ("--embedder", "hash", "--verifier", "on"),
}
CITIES = ["Rotterdam", "Lyon", "Gdansk", "Porto", "Leipzig", "Turin", "Ghent", "Bilbao"]
GOODS = ["steel coils", "coffee beans", "wind turbine blades", "paper pulp", "solar panels"]
TEAMS = ["the legal team", "the finance office", "the safety board", "the audit group"]
# Each fact as a source states it, and as an answer may restate it (the same facts
# in other words): copied sentences are the easiest claims to decide, restated ones
# are those the verifier is there for.
TEMPLATES = [
    (
        "Shipment {n} of {goods} left the {city} terminal on {day} March by rail freight.",
        "On {day} March, shipment {n} of {goods} departed from the {city} terminal by train.",
    ),
    (
        "The {city} depot handled {n} containers in the third quarter, up {p}% on the year.",
        "In the third quarter the {city} depot processed {n} containers, {p}% more than last year.",
    ),
    (
        "Refund requests for order {n} are reviewed by {team} within {d} working days.",
        "{team_cap} reviews refund requests for order {n} within {d} working days.",
    ),
    (
        "Customs clearance at {city} took {d} hours on average for {goods} in {year}.",
        "In {year}, clearing {goods} through customs at {city} took {d} hours on average.",
    ),
    (
        "The contract for {goods} was approved by {team} on {day} June {year}.",
        "On {day} June {year}, {team} signed off on the contract for {goods}.",
    ),
    (
        "Storage at the {city} warehouse costs {p} euros per pallet and week.",
        "Keeping one pallet at the {city} warehouse for a week costs {p} euros.",
    ),
    (
        "Delays on the {city} line fell from {d} days to {p} hours after the new schedule.",
        "After the new schedule, delays on the {city} line dropped from {d} days to {p} hours.",
    ),
    (
        "Insurance for {goods} covers losses up to {n} euros per consignment.",
        "Each consignment of {goods} is insured against losses of up to {n} euros.",
    ),
]


class Fact(NamedTuple):
    stated: str  # as the source says it
    restated: str  # the same facts in other words


def fact(rng: random.Random) -> Fact:
    stated, restated = rng.choice(TEMPLATES)
    team = rng.choice(TEAMS)
    values = {
        "n": rng.randint(100, 99_999),
        "goods": rng.choice(GOODS),
        "city": rng.choice(CITIES),
        "team": team,
        "team_cap": team[0].upper() + team[1:],
        "day": rng.randint(1, 28),
        "d": rng.randint(2, 30),
        "p": rng.randint(2, 90),
        "year": rng.randint(2015, 2026),
    }
    return Fact(stated.format(**values), restated.format(**values))


def workload(
    rng: random.Random, sources: int, source_chars: int, sentences: int, restated: float = 0.0
) -> Any:
    """New sources for one request, and an answer of facts from them: copied, or
    restated with probability `restated`."""
    facts: list[list[Fact]] = []
    for _ in range(sources):
        parts: list[Fact] = []
        while sum(len(p.stated) + 1 for p in parts) < source_chars:
            parts.append(fact(rng))
        facts.append(parts)
    chosen = [rng.choice(facts[i % sources]) for i in range(sentences)]
    answer = [f.restated if rng.random() < restated else f.stated for f in chosen]
    texts = [" ".join(f.stated for f in parts) for parts in facts]
    return texts, " ".join(answer)


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


@dataclass
class Target:
    name: str
    port: int
    sidecar: ServingProcess | None


def rss_mb(sidecar: ServingProcess) -> float | None:
    try:
        return sidecar.memory_mib()
    except (OSError, RuntimeError):  # the process is gone
        return None


@contextmanager
def environment(
    upstream: MockUpstream,
    detectors: list[str],
    deliveries: tuple[str, ...] = ("deferred",),
    before: str | None = None,
) -> Iterator[list[Target]]:
    """A sidecar and an Envoy per detector and BLOCK delivery (targets named
    `detector` for deferred, `detector/progressive` otherwise), and the bare Envoy.
    With `before` (a checkout of other code, e.g. `git worktree add /tmp/before REV`),
    each detector also runs from that tree, as `before:detector`."""
    trees = [("", None)] + ([("before:", before)] if before else [])
    with ExitStack() as running:
        targets: list[Target] = []
        for (prefix, tree), name, delivery in (
            (t, n, d) for t in trees for n in detectors for d in deliveries
        ):
            # `-m` puts the working directory first on the path: run from the tree.
            python = ["env", "-C", tree, sys.executable] if tree else [sys.executable]
            sidecar = running.enter_context(start_serving(
                [*python, "-m", "grounding_sidecar", "serve", "--port", "0",
                 *DETECTORS[name], "--enabled", "--action", "BLOCK", "--delivery", delivery,
                 "--log-level", "WARNING", "--metrics-port", "0"]
            ))  # fmt: skip
            envoy = start_loopback_envoy(upstream.port, sidecar.port(), log_level="error")
            label = prefix + (name if delivery == "deferred" else f"{name}/{delivery}")
            targets.append(Target(label, running.enter_context(envoy).port, sidecar))
        bare = start_envoy_without_ext_proc(upstream.port, log_level="error")
        targets.append(Target("no_ext_proc", running.enter_context(bare).port, None))
        yield targets


@dataclass
class Settings:
    sources: int
    source_chars: int
    sentences: int
    chunks: int
    chunk_delay: float
    restated: float = 0.0  # the share of answer sentences restated, not copied


class Reply(NamedTuple):
    added: float  # seconds after the upstream's last byte
    total: float  # seconds in all
    verdict: str  # the verdict header, "-" without one
    first_content: float  # seconds to the first content byte (time to first token)


def one_request(port: int, upstream: MockUpstream, rng: random.Random, settings: Settings) -> Reply:
    sources, answer = workload(
        rng, settings.sources, settings.source_chars, settings.sentences, settings.restated
    )
    body = json.dumps(
        {
            "model": "mock-1",
            "messages": [{"role": "user", "content": "Where are my shipments?"}],
            "metadata": {"grounding.sources": sources},
            "stream": True,
        }
    ).encode()
    test_id = uuid.uuid4().hex
    headers = {
        "content-type": "application/json",
        "x-workspace-id": "default",
        "x-mock-answer-json": json.dumps(answer),
        "x-mock-chunks": str(settings.chunks),
        "x-mock-delay": str(settings.chunk_delay),
        "x-test-id": test_id,
    }
    connection = http.client.HTTPConnection("127.0.0.1", port, timeout=60)
    first_content: float | None = None
    try:
        started = time.monotonic()
        connection.request("POST", "/v1/chat/completions", body=body, headers=headers)
        response = connection.getresponse()
        pieces = []
        while piece := response.read1(65536):
            if first_content is None and b'"content"' in piece:
                first_content = time.monotonic()
            pieces.append(piece)
        payload = b"".join(pieces)
        ended = time.monotonic()
    finally:
        connection.close()
    if response.status != 200 or b"[DONE]" not in payload:
        raise RuntimeError(f"unexpected reply {response.status}: {payload[:200]!r}")
    for _ in range(200):  # the upstream marks its last byte just after writing it
        upstream_end = upstream.finished_at.get(test_id)
        if upstream_end is not None:
            break
        time.sleep(0.005)
    else:
        raise RuntimeError("the upstream never finished this request")
    return Reply(
        ended - upstream_end,
        ended - started,
        response.getheader("x-grounding-verdict") or "-",
        (first_content or ended) - started,
    )


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


def run_batch(
    target: Target,
    upstream: MockUpstream,
    concurrency: int,
    count: int,
    settings: Settings,
    seed: int,
) -> list[Reply]:
    """`count` requests over `concurrency` streams, each stream sending its share one
    after another: the replies of the requests that got one.  A request refused
    outright (a 503 where the sidecar sheds it under BLOCK, a dropped connection) is
    counted on stderr and its stream goes on, so an overloaded target keeps its
    offered load."""
    results: list[Reply] = []
    failed: list[str] = []
    lock = threading.Lock()
    per_thread = max(1, count // concurrency)

    def worker(index: int) -> None:
        rng = random.Random(seed * 1000 + index)
        for _ in range(per_thread):
            try:
                result = one_request(target.port, upstream, rng, settings)
            except (OSError, RuntimeError) as error:
                with lock:
                    failed.append(str(error)[:80])
                continue
            with lock:
                results.append(result)

    threads = [threading.Thread(target=worker, args=(i,)) for i in range(concurrency)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    if failed:
        print(f"# {target.name}: {len(failed)} of {count} requests got no answer "
              f"(first: {failed[0]})", file=sys.stderr)  # fmt: skip
    return results


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
    machine = f"{platform.processor() or platform.machine()}, {os.cpu_count()} cores"
    print(
        f"# capacity ({machine}): {streams} streams, closed loop, {args.rounds} rounds, "
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


def percentile(values: list[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(len(ordered) * q))]


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
    machine = f"{platform.processor() or platform.machine()}, {os.cpu_count()} cores"
    print(
        f"# RAG traffic through Envoy ({machine}): {settings.sources} new sources of "
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


if __name__ == "__main__":
    raise SystemExit(main())
