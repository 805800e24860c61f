"""Throughput of `Grader.check` with the hash embedder, in claims per second.

Measures, in one run on this machine: the whole check, and the stages it is
made of (splitting, embedding, scoring) so their shares can be compared, with
one worker process and with one per core.  Inputs are generated (10 claims
against 10 sources of 5 sentences, half of the claims copied from the sources),
so the run needs no data set.  As in RAG traffic, every check brings a new answer
while the sources recur: 600 answers (6,000 claims, more than the detector's
per-text caches hold) against 10 source sets, so claims are never served from a
cache and passages may be.  The last row brings new sources with every answer too
(600 source sets, 30,000 passages): the whole check of text never seen, as a request
whose sources were not read ahead costs.

    python -m benchmarks.check_throughput [--seconds 3]
"""

from __future__ import annotations

import os

# One BLAS thread per process: the kernel's matrices are small, and OpenBLAS's
# spinning worker threads cost more than they give (measured: two processes with
# default threads ran at 0.3x one process; with one thread each, 1.7x).
os.environ.setdefault("OPENBLAS_NUM_THREADS", "1")
os.environ.setdefault("OMP_NUM_THREADS", "1")

import argparse
import multiprocessing
import random
import time
from collections.abc import Callable

from benchmarks.machine import machine
from grounding_sidecar.detection import Grader, HashEmbedder
from grounding_sidecar.detection.embedding.base import embed_checked
from grounding_sidecar.detection.judging.scoring import score
from grounding_sidecar.detection.text.claims import split_claims
from grounding_sidecar.detection.text.passages import split_passages

WORDS = (  # noqa: SIM905
    "order shipment refund invoice customer account warranty parcel depot carrier freight "
    "approved delayed returned charged credited business days card statement policy contract "
    "renewal premium deductible claim adjuster inspection report quarter revenue margin"
).split()


def make_case(
    rng: random.Random,
    claims: int = 10,
    sources: int = 10,
    source_texts: list[str] | None = None,
) -> tuple[str, list[str]]:
    """An answer of `claims` sentences, half copied from the sources (given or new)."""

    def sentence() -> str:
        words = rng.sample(WORDS, 9)
        return f"{words[0].capitalize()} {' '.join(words[1:])} on {rng.randint(1, 28)} June."

    if source_texts is None:
        source_texts = [" ".join(sentence() for _ in range(5)) for _ in range(sources)]
    answer_sentences = [
        rng.choice(source_texts).split(". ")[0] + "." if i % 2 else sentence()
        for i in range(claims)
    ]
    return " ".join(answer_sentences), source_texts


def rate(work: Callable[[], int], seconds: float) -> float:
    """Units of work per second, over at least `seconds` of repeated calls."""
    work()  # warm caches
    done, start = 0, time.perf_counter()
    while (elapsed := time.perf_counter() - start) < seconds:
        done += work()
    return done / elapsed


ANSWERS = 600
SOURCE_SETS = 10


def make_workload(rng: random.Random) -> tuple[list[str], list[list[str]]]:
    """Fresh answers against recurring source sets (each answer drawn from its set)."""
    answers: list[str] = []
    source_sets: list[list[str]] = []
    for _ in range(SOURCE_SETS):
        answer, sources = make_case(rng)
        answers.append(answer)
        source_sets.append(sources)
    while len(answers) < ANSWERS:
        sources = source_sets[len(answers) % SOURCE_SETS]
        answers.append(make_case(rng, sources=0, source_texts=sources)[0])
    return answers, source_sets


def _worker(seconds: float) -> float:
    answers, source_sets = make_workload(random.Random(os.getpid()))
    return _checks_per_second(answers, source_sets, seconds)


def _fresh_worker(seconds: float) -> float:
    """Claims/s when every answer brings its own new sources."""
    rng = random.Random(os.getpid())
    cases = [make_case(rng) for _ in range(ANSWERS)]
    return _checks_per_second([a for a, _ in cases], [s for _, s in cases], seconds)


def _checks_per_second(answers: list[str], source_sets: list[list[str]], seconds: float) -> float:
    """Claims/s of whole checks, answer i against source set i modulo their count."""
    grader = Grader(HashEmbedder())
    index = 0

    def one_check() -> int:
        nonlocal index
        answer, sources = answers[index % len(answers)], source_sets[index % len(source_sets)]
        index += 1
        return len(grader.check(answer, sources).claims)

    return rate(one_check, seconds)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--seconds", type=float, default=3.0)
    args = parser.parse_args()
    answers, source_sets = make_workload(random.Random(7))
    embedder = HashEmbedder()
    answer, sources = answers[0], source_sets[0]
    claim_sets = [[c.text for c in split_claims(a).claims] for a in answers]
    passages = [p.text for i, s in enumerate(sources) for p in split_passages(i, s)]
    claim_vectors = embed_checked(embedder, claim_sets[0]).vectors
    passage_vectors = embed_checked(embedder, passages).vectors
    turn = 0

    def embed_fresh_claims() -> int:
        nonlocal turn
        claims = claim_sets[turn % ANSWERS]
        turn += 1
        return len(embedder.embed(claims)) + 0 * len(embedder.embed(passages))

    stages = {
        "split claims + passages": lambda: (
            len(split_claims(answer).claims)
            + 0 * sum(len(split_passages(i, s)) for i, s in enumerate(sources))
        ),
        "embed claims (new) + passages (recurring)": embed_fresh_claims,
        "score (kernel)": lambda: len(score(claim_vectors, passage_vectors).best_score),
    }
    print(f"machine: {machine()}")
    print(f"input: {len(claim_sets[0])} claims x {len(passages)} passages per check\n")
    print("| stage | claims/s (1 process) |")
    print("|---|---|")
    for name, work in stages.items():
        print(f"| {name} | {rate(work, args.seconds / 3):,.0f} |")
    single = _worker(args.seconds)
    print(f"| whole check | {single:,.0f} |")
    cores = os.cpu_count() or 1
    with multiprocessing.Pool(cores) as pool:
        per_worker = pool.map(_worker, [args.seconds] * cores)
    print(
        f"\nwhole check, {cores} processes: {sum(per_worker):,.0f} claims/s "
        f"({sum(per_worker) / single:.2f}x one process)"
    )
    print(f"whole check, new sources every check: {_fresh_worker(args.seconds):,.0f} claims/s")


if __name__ == "__main__":
    main()
