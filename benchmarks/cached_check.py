"""Latency of one whole check with MiniLM as `serve` runs it: 10 new claims against
10 sources whose passages are already cached (target: 30 ms median).

Embedders are assembled exactly as in `serve` (`registry.serving_embedders`: claims
through the micro-batching queue, passages through the LRU cache), for parallel
model runs x onnxruntime threads of 1x1, 1x2 (spinning off and on) and 2x1 (the
default on 2 CPUs), both scorers.

    python -m benchmarks.cached_check [--checks 40]
"""

from __future__ import annotations

import argparse
import random
import statistics
import time

from benchmarks.check_throughput import make_case
from grounding_sidecar.detection import Grader, GraderSettings
from grounding_sidecar.detection.contract import Scorer
from grounding_sidecar.detection.embedding.registry import ServingOptions, serving_embedders

SHAPES = ((1, 2, False), (2, 1, False))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--checks", type=int, default=40)
    args = parser.parse_args()
    _, documents = make_case(random.Random(3), claims=1, sources=10)
    sources = [document.split(". ")[0] + "." for document in documents]
    answers = [
        make_case(random.Random(100 + i), claims=10, sources=1)[0] for i in range(args.checks)
    ]
    graders: dict[tuple[str, bool, Scorer], Grader] = {}
    for workers, threads, spinning in SHAPES:
        options = ServingOptions(workers=workers, intra_op_threads=threads, allow_spinning=spinning)
        embedders = serving_embedders("minilm", options)
        for scorer in Scorer:
            grader = Grader(
                embedders.claims, GraderSettings(scorer=scorer), passage_embedder=embedders.passages
            )
            grader.check(answers[0], sources)  # fills the passage cache
            graders[(f"{workers}x{threads}", spinning, scorer)] = grader
    # Interleaved, so that a neighbour's load falls on every configuration alike.
    timings: dict[tuple[str, bool, Scorer], list[float]] = {key: [] for key in graders}
    for answer in answers:
        for key, grader in graders.items():
            started = time.perf_counter()
            grader.check(answer, sources)
            timings[key].append((time.perf_counter() - started) * 1000)
    print("| runs x threads | spinning | scorer | median ms | p90 ms |")
    print("|---|---|---|---|---|")
    for (shape, spinning, scorer), values in timings.items():
        p90 = statistics.quantiles(values, n=10)[-1]
        print(
            f"| {shape} | {spinning} | {scorer.value} | "
            f"{statistics.median(values):.1f} | {p90:.1f} |"
        )


if __name__ == "__main__":
    main()
