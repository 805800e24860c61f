"""MiniLM embedder throughput against this machine's FLOP-bound ceiling.

    python -m benchmarks.embedder [--seconds 1.5]

Ceiling: the encoder's dense layers cost 2 x 6 x (4·384² + 2·384·1536) = 21.2 MFLOP
per token (attention scores add ~5% at 120 tokens and are left out, so the
ceiling is slightly generous).  The machine's peak is measured, not taken from a
datasheet: the best GFLOP/s of a 2048³ fp32 numpy matmul (OpenBLAS SGEMM) with 1
and with 2 BLAS threads, each in its own process so the thread count is fixed
before the library starts.  ceiling (sentences/s) = peak / (21.2 MFLOP x tokens).

Rows time `MiniLMEmbedder.embed` end to end (tokenizer, padding, onnxruntime,
normalisation).  Also reported: concurrent single-text callers with and without
the micro-batcher, and the embedding stage of a check (10 new claims plus 10
cached source passages).  Output is a markdown table.
"""

from __future__ import annotations

import argparse
import os
import statistics
import subprocess
import sys
import threading
import time
from collections.abc import Callable, Sequence

from benchmarks.machine import cpu_model
from grounding_sidecar.detection.embedding.base import Embedder
from grounding_sidecar.detection.embedding.minilm.runtime import MiniLMEmbedder
from grounding_sidecar.detection.embedding.pipeline.batching import MicroBatcher
from grounding_sidecar.detection.embedding.pipeline.cache import CachedEmbedder

_VOCABULARY = (
    "the customer may request a refund within thirty days of purchase provided the item is "
    "unused and returned in its original packaging with the receipt while shipping costs are "
    "not refundable unless the product arrived damaged or defective"
)
FLOP_PER_TOKEN = 2 * 6 * (4 * 384 * 384 + 2 * 384 * 1536)

_GEMM_PROBE = """
import ctypes, glob, os, time
import numpy as np
n = 2048
rng = np.random.default_rng(0)
a = rng.random((n, n), dtype=np.float32); b = rng.random((n, n), dtype=np.float32)
a @ b
best = min(_t for _t in (
    (lambda t0: (a @ b, time.perf_counter() - t0)[1])(time.perf_counter()) for _ in range(6)))
core = "unknown"
for lib in glob.glob(os.path.join(os.path.dirname(np.__file__) + ".libs", "*openblas*")):
    try:
        fn = ctypes.CDLL(lib).scipy_openblas_get_corename64_
        fn.restype = ctypes.c_char_p
        core = fn().decode()
    except (OSError, AttributeError):
        pass
print(2 * n**3 / best / 1e9, core)
"""


def gemm_peak(threads: int) -> tuple[float, str]:
    env = dict(os.environ, OPENBLAS_NUM_THREADS=str(threads), OMP_NUM_THREADS=str(threads))
    # A forced older core type would understate a current OpenBLAS; measure its own choice.
    env.pop("OPENBLAS_CORETYPE", None)
    env.pop("OPENBLAS_L2_SIZE", None)
    out = subprocess.run(
        [sys.executable, "-c", _GEMM_PROBE], env=env, capture_output=True, text=True, check=True
    ).stdout.split()
    return float(out[0]), out[1]


def texts_of_length(embedder: MiniLMEmbedder, target: int, count: int) -> list[str]:
    """Distinct English-like texts of about `target` tokens ([CLS]/[SEP] included)."""
    words = _VOCABULARY.split()
    texts = []
    for i in range(count):
        n = max(1, target - 4)
        chosen = [words[(i * 7 + j) % len(words)] for j in range(n)]
        text = f"Item {i}: " + " ".join(chosen)
        while embedder.count_tokens([text])[0] > target and len(chosen) > 1:
            chosen.pop()
            text = f"Item {i}: " + " ".join(chosen)
        texts.append(text)
    return texts


def rate(fn: Callable[[], int], seconds: float, windows: int = 8) -> float:
    """Best rate over a few windows: a capability, less skewed by a neighbour's burst."""
    fn()  # warm-up: first run allocates onnxruntime's buffers
    best = 0.0
    for _ in range(windows):
        done = 0
        start = time.perf_counter()
        while (elapsed := time.perf_counter() - start) < seconds / windows:
            done += fn()
        best = max(best, done / elapsed)
    return best


def concurrent_rate(
    embed: Callable[[Sequence[str]], object], texts: list[str], seconds: float
) -> float:
    stop = time.perf_counter() + seconds
    counts = [0] * 8

    def worker(k: int) -> None:
        i = k
        while time.perf_counter() < stop:
            embed([texts[i % len(texts)]])
            counts[k] += 1
            i += 8

    threads = [threading.Thread(target=worker, args=(k,)) for k in range(8)]
    start = time.perf_counter()
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    return sum(counts) / (time.perf_counter() - start)


def batch_rate(embedder: Embedder, texts: list[str], batch: int, seconds: float) -> float:
    cursor = 0

    def one_call() -> int:
        nonlocal cursor
        embedder.embed([texts[(cursor + j) % len(texts)] for j in range(batch)])
        cursor = (cursor + batch) % len(texts)
        return batch

    return rate(one_call, seconds)


def throughput_table(
    peaks: dict[int, tuple[float, str]],
    corpora: dict[int, list[str]],
    seconds: float,
    thread_counts: list[int],
) -> None:
    print(
        "| threads | tokens/text | batch | sentences/s | GFLOP/s | ceiling sent/s | % of ceiling |"
    )
    print("|---:|---:|---:|---:|---:|---:|---:|")
    for threads in thread_counts:
        embedder = MiniLMEmbedder(intra_op_threads=threads)
        for texts in corpora.values():
            tokens = statistics.mean(embedder.count_tokens(texts))
            ceiling = peaks[threads][0] * 1e9 / (FLOP_PER_TOKEN * tokens)
            for batch in (1, 8, 32):
                sps = batch_rate(embedder, texts, batch, seconds)
                gflops = sps * tokens * FLOP_PER_TOKEN / 1e9
                print(
                    f"| {threads} | {tokens:.0f} | {batch} | {sps:.0f} | {gflops:.0f} | "
                    f"{ceiling:.0f} | {100 * sps / ceiling:.0f}% |"
                )


# Model runs at once x onnxruntime threads per run, and spinning: the shapes a server
# can take on 2 cores (2x1 is `serve`'s default there).
SHAPES = ((1, 2, True), (1, 2, False), (2, 1, False))


def data_parallel_table(corpora: dict[int, list[str]], seconds: float) -> None:
    """One caller's batch as one 2-thread run, or cut across two 1-thread runs."""
    print("\n| tokens/text | batch | 1x2 run, sentences/s | 2x1 runs (MicroBatcher) | ratio |")
    print("|---:|---:|---:|---:|---:|")
    two_threads = MiniLMEmbedder(intra_op_threads=2, allow_spinning=False)
    with MicroBatcher(
        MiniLMEmbedder(intra_op_threads=1, allow_spinning=False), workers=2, max_wait=0.0
    ) as two_runs:
        for target, texts in corpora.items():
            for batch in (1, 2, 8, 32):
                one = batch_rate(two_threads, texts, batch, seconds)
                parallel = batch_rate(two_runs, texts, batch, seconds)
                print(f"| {target} | {batch} | {one:.0f} | {parallel:.0f} | {parallel / one:.2f} |")


def concurrency_table(short: list[str], seconds: float) -> None:
    print("\n| 8 concurrent callers, 1 short text each | runs x threads | spinning | sentences/s |")
    print("|---|---|---|---:|")
    for workers, threads, spinning in SHAPES:
        embedder = MiniLMEmbedder(intra_op_threads=threads, allow_spinning=spinning)
        shape = f"{workers}x{threads}"
        if workers == 1:
            direct = concurrent_rate(embedder.embed, short, seconds)
            print(f"| direct (each caller runs the model) | {shape} | {spinning} | {direct:.0f} |")
        for wait in (0.002, 0.0):
            with MicroBatcher(embedder, workers=workers, max_wait=wait) as batcher:
                batched = concurrent_rate(batcher.embed, short, seconds)
                per_call = batcher.stats.rows / max(1, batcher.stats.backend_calls)
            print(
                f"| MicroBatcher, max_wait {wait * 1000:g} ms ({per_call:.1f} rows/call) "
                f"| {shape} | {spinning} | {batched:.0f} |"
            )


def check_latency(short: list[str], sources: list[str]) -> None:
    batchers = []
    # No spinning shape here: its idle threads would spin through the next shape's turn.
    for workers, threads, spinning in [shape for shape in SHAPES if not shape[2]]:
        embedder = MiniLMEmbedder(intra_op_threads=threads, allow_spinning=spinning)
        batcher = MicroBatcher(embedder, workers=workers)
        cached = CachedEmbedder(batcher)
        cached.embed(sources)
        batchers.append((f"{workers}x{threads}", spinning, batcher, cached))
    latencies: dict[int, list[float]] = {k: [] for k in range(len(batchers))}
    for i in range(60):  # interleaved, so that a neighbour's load falls on every shape alike
        claims = [short[(i * 10 + j) % len(short)] for j in range(10)]
        for k, (_, _, batcher, cached) in enumerate(batchers):
            start = time.perf_counter()
            cached.embed(sources)
            batcher.embed(claims)
            latencies[k].append((time.perf_counter() - start) * 1000)
    for k, (shape, spinning, batcher, _) in enumerate(batchers):
        batcher.close()
        values = sorted(latencies[k])
        print(
            f"embedding stage of a check (10 new claims of ~20 tokens + 10 cached sources), "
            f"{shape}, spinning={spinning}: median {statistics.median(values):.1f} ms, "
            f"p90 {values[int(0.9 * len(values))]:.1f} ms"
        )


def main() -> None:
    parser = argparse.ArgumentParser(description=(__doc__ or "").split("\n\n")[0])
    parser.add_argument("--seconds", type=float, default=2.4, help="time per measurement")
    parser.add_argument("--threads", type=int, nargs="+", default=[1, 2], choices=[1, 2])
    parser.add_argument("--table-only", action="store_true", help="skip the batcher sections")
    args = parser.parse_args()

    # Other work on the machine skews every number; the load average makes that visible.
    print(f"load average at start: {os.getloadavg()[0]:.2f}")
    peaks = {t: gemm_peak(t) for t in (1, 2)}
    print(f"CPU: {cpu_model()}, {os.cpu_count()} logical CPUs")
    for t, (gflops, core) in peaks.items():
        print(
            f"Peak fp32 GEMM (numpy 2048^3 SGEMM, OpenBLAS core {core}), {t} thread(s): "
            f"{gflops:.1f} GFLOP/s"
        )
    print(f"Model cost: {FLOP_PER_TOKEN / 1e6:.2f} MFLOP per token (dense layers)\n")

    probe = MiniLMEmbedder(intra_op_threads=1)
    corpora = {target: texts_of_length(probe, target, 64) for target in (20, 120)}
    throughput_table(peaks, corpora, args.seconds, args.threads)
    if args.table_only:
        return
    data_parallel_table(corpora, args.seconds)
    concurrency_table(corpora[20], args.seconds)
    print()
    check_latency(corpora[20], texts_of_length(probe, 40, 10))
    print(f"\nload average at end: {os.getloadavg()[0]:.2f}")


if __name__ == "__main__":
    main()
