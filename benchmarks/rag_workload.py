"""The workload of `benchmarks.rag_traffic` and the client that sends it: new sources
for every request, an answer of their facts (copied, or restated in other words) that
the mock upstream streams, and requests through a target one at a time or in
concurrent streams."""

from __future__ import annotations

import http.client
import json
import random
import sys
import threading
import time
import uuid
from dataclasses import dataclass
from typing import Any, NamedTuple

from benchmarks.rag_targets import Target
from devtools.mock_upstream import MockUpstream

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


def percentile(values: list[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(len(ordered) * q))]
