"""Latency of one whole check with MiniLM as `serve` runs it: 10 new claims against
10 sources whose passages are already cached (issue 3's target: 30 ms median).

Embedders are assembled exactly as in `serve` (`registry.serving_embedders`: claims
through the micro-batching queue, passages through the LRU cache), for 1 and 2
onnxruntime threads, spinning off (the default) and on, both scorers.

    python benchmarks/cached_check.py [--checks 40]
"""

from __future__ import annotations

import argparse
import random
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).parent))
from check_throughput import make_case

from sidecar.detection import Grader, GraderSettings
from sidecar.detection.grader import Scorer
from sidecar.detection.registry import ServingOptions, serving_embedders


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--checks", type=int, default=40)
    args = parser.parse_args()
    _, documents = make_case(random.Random(3), claims=1, sources=10)
    sources = [document.split(". ")[0] + "." for document in documents]
    answers = [
        make_case(random.Random(100 + i), claims=10, sources=1)[0] for i in range(args.checks)
    ]
    print("| threads | spinning | scorer | median ms | p90 ms |")
    print("|---|---|---|---|---|")
    for threads in (1, 2):
        for spinning in (False, True):
            options = ServingOptions(intra_op_threads=threads, allow_spinning=spinning)
            embedders = serving_embedders("minilm", options)
            for scorer in Scorer:
                grader = Grader(
                    embedders.claims,
                    GraderSettings(scorer=scorer),
                    passage_embedder=embedders.passages,
                )
                grader.check(answers[0], sources)  # fills the passage cache
                timings = []
                for answer in answers:
                    started = time.perf_counter()
                    grader.check(answer, sources)
                    timings.append((time.perf_counter() - started) * 1000)
                p90 = statistics.quantiles(timings, n=10)[-1]
                print(
                    f"| {threads} | {spinning} | {scorer.value} | "
                    f"{statistics.median(timings):.1f} | {p90:.1f} |"
                )


if __name__ == "__main__":
    main()
