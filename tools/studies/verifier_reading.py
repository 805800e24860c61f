"""How two verifier weight files read real claims: the measurement that decides whether
a candidate verifier (one trained with the NLI stage, docs/verifier.md#nli-pre-training)
reads better than the shipped one, before anything is calibrated, pinned or shipped.

    python -m tools.studies.verifier_reading CANDIDATE [--baseline WEIGHTS] [--limit N]

Rows: every evaluation set's held-out part (tools.eval_data Part.HOLDOUT; FaithBench and
Symmetric FEVER are measurement-only, so all of them), each claim read against the best
passage the pipeline picks (build_pairs.real_pairs: split_passages + MiniLM cosine).  The
rows are cached in build/verifier/reading-rows*.jsonl (delete it, or pass --rebuild, when
the data or the retrieval changes), so a second model costs inference only.

Table: per set, P(entailed)'s AUROC for `supported` against every other label, for
each model, and the candidate minus the baseline with a 95% paired-bootstrap interval
over documents (a document's claims are drawn together, as the split keeps them); then
the held-out rule-made pairs of build/verifier/pairs.jsonl, 3-way accuracy, the interval
over pairs.  torch inference on CPU (the `train` extra); `--limit N` reads N rows of
each set (its held-out cases in a seeded order) and N rule-made pairs (smoke runs).
"""

from __future__ import annotations

import argparse
import json
import random
from collections.abc import Callable
from dataclasses import asdict, dataclass
from pathlib import Path

import numpy as np
import numpy.typing as npt

from grounding_sidecar.detection import load_embedder
from grounding_sidecar.detection.embedding.minilm.export.safetensors_np import read_safetensors
from grounding_sidecar.detection.embedding.pipeline.cache import CachedEmbedder
from grounding_sidecar.detection.verifier.store import SHIPPED_WEIGHTS_PATH
from grounding_sidecar.evaluation.agreement import LabelledCase, auroc
from grounding_sidecar.evaluation.bootstrap import bootstrap_interval, group_members
from tools.eval_data import Part, document_of, iter_available, load, part_of
from tools.training.verifier.build_pairs import real_pairs
from tools.training.verifier.perturb import Label

ROOT = Path(__file__).resolve().parents[2]
READING_SETS = ["factcheckgpt", "wice", "summedits", "attrbench", "feversym", "faithbench"]
PAIRS = ROOT / "build" / "verifier" / "pairs.jsonl"
SEED = 7

FloatArray = npt.NDArray[np.float64]
Metric = Callable[[npt.NDArray[np.generic], npt.NDArray[np.generic]], float | None]


@dataclass(frozen=True, slots=True)
class Row:
    """One pair to read; `truth` is its Label (a claim: ENTAILED when supported,
    CONTRADICTED when contradictory, else NEITHER)."""

    premise: str
    hypothesis: str
    truth: int
    dataset: str
    document: str


def held_out_cases(name: str, limit: int | None) -> list[LabelledCase]:
    """The held-out cases of one set; with a `limit`, in a seeded order (the files are
    ordered by source or label, and the caller reads only the first ones)."""
    cases = [c for c in load(name) if part_of(c) is Part.HOLDOUT]
    if limit is not None:
        random.Random(SEED).shuffle(cases)
    return cases


def claim_rows(limit: int | None) -> list[Row]:
    """The held-out claims of every available set, each against its best passage;
    with a `limit`, the first rows of the held-out cases in a seeded order (the files
    are ordered by source or label)."""
    embedder = CachedEmbedder(load_embedder("minilm"))
    rows: list[Row] = []
    for name in iter_available(READING_SETS):
        taken: list[Row] = []
        for case in held_out_cases(name, limit):
            document = document_of(case)
            for pair in real_pairs(name, [case], embedder):
                taken.append(Row(pair.premise, pair.hypothesis, pair.label, name, document))
            if limit is not None and len(taken) >= limit:
                break
        rows += taken[:limit]
    return rows


def cached_claim_rows(path: Path, limit: int | None, rebuild: bool) -> list[Row]:
    if path.exists() and not rebuild:
        return [Row(**json.loads(line)) for line in path.read_text(encoding="utf-8").splitlines()]
    rows = claim_rows(limit)
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text("".join(json.dumps(asdict(r)) + "\n" for r in rows), encoding="utf-8")
    return rows


def rule_rows(path: Path, limit: int | None) -> list[Row]:
    """The held-out pairs the perturbation rules and templates made (not the real ones:
    those are the claim rows)."""
    records = [json.loads(line) for line in path.read_text(encoding="utf-8").splitlines()]
    rows = [
        Row(r["premise"], r["hypothesis"], int(r["label"]), r["dataset"], f"pair-{n}")
        for n, r in enumerate(records)
        if r["part"] == Part.HOLDOUT.value and r["rule"] != "real"
    ]
    if limit is not None:
        rows = random.Random(SEED).sample(rows, min(limit, len(rows)))
    return rows


def read(weights: Path, rows: list[Row]) -> FloatArray:
    """The verifier's three probabilities for every row."""
    # torch only here, when a model is read: the table's arithmetic needs no `train` extra.
    from tools.training.verifier.torch_model import from_minilm, load_weights
    from tools.training.verifier.train import encode_pairs, pair_tokenizer, probabilities

    arrays = read_safetensors(weights)
    model = from_minilm(arrays, SEED)
    load_weights(model, arrays)
    encoded = encode_pairs(pair_tokenizer(), [(r.premise, r.hypothesis) for r in rows])
    return probabilities(model, encoded).astype(np.float64)


def entailed_auroc(probs: npt.NDArray[np.generic], truth: npt.NDArray[np.generic]) -> float | None:
    supported = (np.asarray(truth) == Label.ENTAILED).tolist()
    return auroc(np.asarray(probs)[:, Label.ENTAILED].tolist(), supported)


def three_way_accuracy(
    probs: npt.NDArray[np.generic], truth: npt.NDArray[np.generic]
) -> float | None:
    return float((np.asarray(probs).argmax(1) == truth).mean()) if len(truth) else None


@dataclass(frozen=True, slots=True)
class Comparison:
    rows: int
    entailed: int
    baseline: float | None
    candidate: float | None
    difference: float | None  # candidate minus baseline, in points
    low: float | None
    high: float | None


def paired_bootstrap(
    metric: Metric,
    baseline: FloatArray,
    candidate: FloatArray,
    truth: npt.NDArray[np.int_],
    documents: list[str],
    draws: int = 1000,
) -> Comparison:
    """`metric` of both models on the same rows, and the candidate's gain with a 95%
    interval from a paired bootstrap over documents (draws where the metric is
    undefined, e.g. one class only, are left out)."""
    a, b = metric(baseline, truth), metric(candidate, truth)
    members = group_members(documents)

    def gain_of(drawn: npt.NDArray[np.int_]) -> float | None:
        picked = np.concatenate([members[i] for i in drawn])
        first = metric(baseline[picked], truth[picked])
        second = metric(candidate[picked], truth[picked])
        return 100 * (second - first) if first is not None and second is not None else None

    interval = bootstrap_interval(len(members), gain_of, draws=draws, seed=SEED)
    low, high = interval if interval is not None else (None, None)
    gain = 100 * (b - a) if a is not None and b is not None else None
    entailed = int((truth == Label.ENTAILED).sum())
    return Comparison(len(truth), entailed, a, b, gain, low, high)


def compare(
    rows: list[Row], baseline: FloatArray, candidate: FloatArray, rules: list[Row]
) -> dict[str, Comparison]:
    """Per set the AUROC comparison of the claim rows, then `rule-made` the 3-way
    accuracy of the rule rows (the rows after the claim rows in both arrays)."""
    truth = np.array([r.truth for r in rows + rules], dtype=np.int_)
    table: dict[str, Comparison] = {}
    for name in dict.fromkeys(r.dataset for r in rows):
        at = np.array([i for i, r in enumerate(rows) if r.dataset == name])
        documents = [rows[i].document for i in at]
        table[name] = paired_bootstrap(
            entailed_auroc, baseline[at], candidate[at], truth[at], documents
        )
    if rules:
        at = np.arange(len(rows), len(rows) + len(rules))
        documents = [r.document for r in rules]
        table["rule-made"] = paired_bootstrap(
            three_way_accuracy, baseline[at], candidate[at], truth[at], documents
        )
    return table


def _points(value: float | None) -> str:
    return "-" if value is None else f"{100 * value:.1f}"


def _gain(value: float | None) -> str:
    return "-" if value is None else f"{value:+.1f}"


def format_table(table: dict[str, Comparison], baseline: str, candidate: str) -> str:
    lines = [
        f"baseline:  {baseline}",
        f"candidate: {candidate}",
        "held-out claims: AUROC of P(entailed), supported vs the rest; "
        "rule-made: 3-way accuracy; 95% paired bootstrap",
        f"{'set':<14}{'rows':>7}{'entailed':>10}{'baseline':>10}{'candidate':>11}"
        f"{'gain':>8}  interval",
    ]
    for name, c in table.items():
        lines.append(
            f"{name:<14}{c.rows:>7}{c.entailed:>10}{_points(c.baseline):>10}"
            f"{_points(c.candidate):>11}{_gain(c.difference):>8}  "
            f"{_gain(c.low)} to {_gain(c.high)}"
        )
    return "\n".join(lines)


def main() -> None:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("candidate", type=Path, help="the weights to measure (safetensors)")
    parser.add_argument("--baseline", type=Path, default=SHIPPED_WEIGHTS_PATH)
    parser.add_argument("--pairs", type=Path, default=PAIRS, help="build_pairs' output")
    parser.add_argument("--limit", type=int, help="first N rows per set, N rule-made pairs")
    parser.add_argument("--rebuild", action="store_true", help="redo the retrieval")
    args = parser.parse_args()
    suffix = f".limit{args.limit}" if args.limit is not None else ""
    cache = ROOT / "build" / "verifier" / f"reading-rows{suffix}.jsonl"
    rows = cached_claim_rows(cache, args.limit, args.rebuild)
    rules = rule_rows(args.pairs, args.limit) if args.pairs.exists() else []
    baseline = read(args.baseline, rows + rules)
    candidate = read(args.candidate, rows + rules)
    table = compare(rows, baseline, candidate, rules)
    print(format_table(table, str(args.baseline), str(args.candidate)))


if __name__ == "__main__":
    main()
