"""The verifier's cost: pairs/s against the FLOP ceiling, and what it adds to a check.

    python -m benchmarks.verifier [--seconds 1.5] [--checks 40]

1. Throughput of `OnnxVerifier.verify` (tokenizer, padding, onnxruntime) on pairs of
   about 48, 96 and 128 tokens, batches of 16, with 1 and 2 onnxruntime threads,
   against the ceiling of benchmarks/embedder.py (the same encoder: 21.2 MFLOP a
   token; the measured SGEMM peak of this machine).
2. The cached 10-claim check as `serve` runs it (2 model runs x 1 thread, sources'
   passages cached), calibrated scorer, verifier off and on, interleaved in one run
   so a neighbour's load falls on both alike.  Two answers: every claim restates a
   source sentence (the worst case: all 10 claims are verified), and the mixed
   answers of benchmarks/cached_check.py (half restated, half unrelated).
"""

from __future__ import annotations

import argparse
import random
import statistics
import time

from benchmarks.check_throughput import make_case
from benchmarks.embedder import FLOP_PER_TOKEN, gemm_peak
from benchmarks.machine import cpu_model
from grounding_sidecar.detection import Grader, GraderSettings
from grounding_sidecar.detection.contract import Scorer, VerifierMode
from grounding_sidecar.detection.embedding.registry import ServingOptions, serving_embedders
from grounding_sidecar.detection.verifier.loading import load_verifier
from grounding_sidecar.detection.verifier.runtime import OnnxVerifier

PASSAGE = (
    "Customers may return unworn shoes within 30 days of delivery for a full refund, and "
    "exchanges are free of charge when the original packaging and the receipt are included. "
    "Refunds are issued to the original payment method within five business days of arrival, "
    "while shipping costs are refunded only when the product arrived damaged or defective."
)
CLAIM = "Unworn shoes can be returned within 30 days for a full refund."


def pairs_of_length(verifier: OnnxVerifier, tokens: int, count: int) -> list[tuple[str, str]]:
    """`count` distinct pairs of about `tokens` tokens (the passage cut to fit)."""
    words = f"{PASSAGE} {PASSAGE}".split()
    tokenizer = verifier.tokenizer
    out = []
    for n in range(len(words), 0, -1):
        passage = " ".join(words[:n])
        if len(tokenizer.encode(passage, CLAIM).ids) <= tokens:
            break
    for i in range(count):
        out.append((f"{passage} ({i})", CLAIM))
    return out


def throughput(seconds: float) -> None:
    peaks = {threads: gemm_peak(threads) for threads in (1, 2)}
    print(f"CPU: {cpu_model()}")
    for threads, (gflops, core) in peaks.items():
        print(f"SGEMM peak, {threads} thread(s): {gflops:.1f} GFLOP/s (OpenBLAS core {core})")
    print()
    print("| threads | tokens/pair | pairs/s | GFLOP/s | ceiling pairs/s | % of ceiling |")
    print("|---|---|---|---|---|---|")
    for threads in (1, 2):
        verifier = OnnxVerifier(intra_op_threads=threads, allow_spinning=False)
        for target in (48, 96, 128):
            pairs = pairs_of_length(verifier, target, 16)
            tokens = statistics.mean(len(verifier.tokenizer.encode(*p).ids) for p in pairs)
            verifier.verify(pairs)
            done, started = 0, time.perf_counter()
            while (elapsed := time.perf_counter() - started) < seconds:
                verifier.verify(pairs)
                done += len(pairs)
            rate = done / elapsed
            ceiling = peaks[threads][0] * 1e9 / (FLOP_PER_TOKEN * tokens)
            gflops = rate * tokens * FLOP_PER_TOKEN / 1e9
            print(
                f"| {threads} | {tokens:.0f} | {rate:.0f} | {gflops:.0f} | {ceiling:.0f} | "
                f"{100 * rate / ceiling:.0f}% |"
            )


def check_latency(checks: int) -> None:
    rng = random.Random(3)
    _, documents = make_case(rng, claims=1, sources=10)
    sources = [
        document.split(". ")[0] + ". " + document.split(". ")[1] + "." for document in documents
    ]
    restating = [
        " ".join(rng.choice(sources).split(". ")[0] + "." for _ in range(10)) for _ in range(checks)
    ]
    mixed = [
        make_case(random.Random(100 + i), claims=10, sources=1, source_texts=sources)[0]
        for i in range(checks)
    ]
    options = ServingOptions(workers=2, intra_op_threads=1)
    embedders = serving_embedders("minilm", options)
    graders = {
        "off": Grader(
            embedders.claims,
            GraderSettings(scorer=Scorer.CALIBRATED),
            passage_embedder=embedders.passages,
        ),
        "on": Grader(
            embedders.claims,
            GraderSettings(scorer=Scorer.CALIBRATED),
            passage_embedder=embedders.passages,
            verifier=load_verifier(VerifierMode.ON, intra_op_threads=2, allow_spinning=False),
        ),
    }
    print()
    print("| answer | verifier | claims verified | median ms | p90 ms |")
    print("|---|---|---|---|---|")
    for name, answers in (("10 restated claims", restating), ("mixed (cached_check)", mixed)):
        timings: dict[str, list[float]] = {key: [] for key in graders}
        verified: dict[str, list[int]] = {key: [] for key in graders}
        for grader in graders.values():
            grader.check(answers[0], sources)  # fills the passage cache, warms the sessions
        for answer in answers:
            for key, grader in graders.items():
                started = time.perf_counter()
                result = grader.check(answer, sources)
                timings[key].append((time.perf_counter() - started) * 1000)
                verified[key].append(sum(c.verification is not None for c in result.claims))
        for key, values in timings.items():
            p90 = statistics.quantiles(values, n=10)[-1]
            print(
                f"| {name} | {key} | {statistics.mean(verified[key]):.1f} | "
                f"{statistics.median(values):.1f} | {p90:.1f} |"
            )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--seconds", type=float, default=1.5)
    parser.add_argument("--checks", type=int, default=40)
    args = parser.parse_args()
    throughput(args.seconds)
    check_latency(args.checks)


if __name__ == "__main__":
    main()
