"""The lexical first stage: how often pruned checks agree with full ones, and what a
check at the default source limits costs with and without it.

Agreement: every labelled claim of each set in ../shared/eval (claims graded as
labelled, shipped scorer and verifier), graded by the full check (every passage
embedded) and by checks that always prune (budget 0) to `k` candidates per claim,
and by the shipped default (pruning only above the budget).  A claim agrees when its
verdict is the same.  `--cases` bounds the cases per set (a seeded sample).

Cost: one check of a 10-claim answer against 50 sources of 10,000 characters (the
default limits), fresh sources each run (nothing cached), full against pruned, runs
interleaved; median and p90 seconds.

    python -m benchmarks.first_stage [--cases 300] [--runs 5] [--embedder minilm]
"""

from __future__ import annotations

import argparse
import random
import statistics
import time
from dataclasses import replace

from benchmarks.machine import machine
from grounding_sidecar.detection import ClaimPolicy, Grader, GraderSettings, load_embedder
from grounding_sidecar.detection.contract import Scorer, VerifierMode
from grounding_sidecar.detection.embedding.pipeline.cache import CachedEmbedder
from grounding_sidecar.detection.judging.candidates import FirstStage
from grounding_sidecar.detection.verifier.loading import load_verifier
from grounding_sidecar.evaluation.agreement import grade_labelled
from tools.eval_data import iter_available, load

SETS = ["factcheckgpt", "wice", "summedits", "feversym", "faithbench"]
WORDS = [
    *("shipment", "container", "terminal", "customs", "freight", "invoice", "refund"),
    *("warehouse", "contract", "insurance", "pallet", "schedule", "delay", "carrier"),
    *("depot", "manifest", "tariff", "audit", "supplier", "route"),
]


def agreement(cases_per_set: int, embedder_name: str, ks: list[int], sets: list[str]) -> None:
    embedder = load_embedder(embedder_name)
    passages = CachedEmbedder(embedder)
    verifier = load_verifier(VerifierMode.AUTO)
    base = GraderSettings(scorer=Scorer.CALIBRATED)
    full = Grader(
        embedder,
        replace(base, first_stage=FirstStage(budget_chars=10**12)),
        passage_embedder=passages,
        verifier=verifier,
    )
    variants = {"default": Grader(embedder, base, passage_embedder=passages, verifier=verifier)}
    for k in ks:
        variants[f"k={k}, always"] = Grader(
            embedder,
            replace(base, first_stage=FirstStage(budget_chars=0, per_claim=k)),
            passage_embedder=passages,
            verifier=verifier,
        )
    print(f"| set | claims | source chars (median) | {' | '.join(variants)} |")
    print("|---|---|---|" + "---|" * len(variants))
    for name in iter_available(sets):
        cases = [c for c in load(name) if c.claims]
        random.Random(7).shuffle(cases)
        cases = cases[:cases_per_set]
        agree = dict.fromkeys(variants, 0)
        claims = 0
        passage_counts = []
        for labelled in cases:
            reference = grade_labelled(full, labelled, ClaimPolicy.STRICT)
            claims += len(reference.claims)
            passage_counts.append(sum(len(s) for s in labelled.case.sources))
            for label, grader in variants.items():
                result = grade_labelled(grader, labelled, ClaimPolicy.STRICT)
                agree[label] += sum(
                    a.verdict is b.verdict
                    for a, b in zip(reference.claims, result.claims, strict=True)
                )
        cells = " | ".join(f"{100 * agree[label] / max(claims, 1):.1f}%" for label in variants)
        chars = statistics.median(passage_counts)
        print(f"| {name} | {claims} | {chars:.0f} chars | {cells} |", flush=True)


def default_limits_cost(runs: int, embedder_name: str) -> None:
    embedder = load_embedder(embedder_name)
    verifier = load_verifier(VerifierMode.AUTO)
    graders = {
        "full": Grader(
            embedder,
            GraderSettings(scorer=Scorer.CALIBRATED, first_stage=FirstStage(budget_chars=10**12)),
            verifier=verifier,
        ),
        "first stage": Grader(
            embedder, GraderSettings(scorer=Scorer.CALIBRATED), verifier=verifier
        ),
    }
    rng = random.Random(3)
    seconds: dict[str, list[float]] = {name: [] for name in graders}
    verdicts: dict[str, list[str]] = {name: [] for name in graders}
    for _ in range(runs):
        sources = [" ".join(_sentence(rng) for _ in range(130))[:10_000] for _ in range(50)]
        answer = " ".join(rng.choice(rng.choice(sources).split(". ")) + "." for _ in range(10))
        for name, grader in graders.items():
            started = time.perf_counter()
            result = grader.check(answer, sources)
            seconds[name].append(time.perf_counter() - started)
            verdicts[name].append(result.verdict.value)
    print(f"\n# one check at the default limits (50 x 10,000 chars, 10 claims), {runs} runs")
    for name, values in seconds.items():
        ordered = sorted(values)
        p90 = ordered[min(len(ordered) - 1, int(len(ordered) * 0.9))]
        print(
            f"{name:12} median {statistics.median(values):.2f} s  p90 {p90:.2f} s  "
            f"verdicts {verdicts[name]}"
        )


def _sentence(rng: random.Random) -> str:
    words = [rng.choice(WORDS) for _ in range(rng.randint(8, 14))]
    return f"The {' '.join(words)} {rng.randint(10, 9999)}."


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--cases", type=int, default=300, help="per set (seeded sample)")
    parser.add_argument("--runs", type=int, default=5, help="default-limits checks")
    parser.add_argument("--embedder", default="minilm")
    parser.add_argument("--k", default="4,8,16", help="candidates per claim to compare")
    parser.add_argument("--skip-agreement", action="store_true")
    parser.add_argument("--sets", default=",".join(SETS))
    args = parser.parse_args(argv)
    host = machine()
    print(f"# first stage ({host}, embedder {args.embedder})")
    if not args.skip_agreement:
        ks = [int(k) for k in args.k.split(",")]
        agreement(args.cases, args.embedder, ks, args.sets.split(","))
    default_limits_cost(args.runs, args.embedder)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
