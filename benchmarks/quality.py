"""Detection quality on the human-labelled data in `../shared/eval/`.

For each embedder (`hash`, `minilm`) and rule (`cosine`; `calibrated`; `calibrated`
with the verifier), at the shipped default thresholds: claim-level and
response-level AUROC and balanced accuracy (BAcc, %), on data neither the verifier
nor the calibration was fitted on: the held-out part of each set
(tools/eval_data.py `Part.HOLDOUT`, split by document), and FEVER-Symmetric and
FaithBench whole (measurement only); and the project's own probes of everyday one-word
swaps (`everyday_swaps.py`), of mixed-up facts (`mixed_facts.py`), of a support
assistant's answers from policy pages (`policy_answers.py`), of amounts and names
written another way (`restated_details.py`), of values swapped between the facts
of one sentence (`sentence_swaps.py`), and, each with a held-out half, of negations
typeset as web pages write them (`typeset_negations.py`), of values written with a
decimal comma (`decimal_commas.py`), of negations said twice
(`negations_said_twice.py`), of one-word swaps (`word_swaps.py`), of answers in
other words (`answer_paraphrases.py`) and of pages and answers written blind
(`blind_pages.py`), which need no data.
Published numbers from `../shared/eval/README.md` are printed alongside, and where a
data set carries published detectors' own per-claim outputs (FaithBench's
`claims[].baselines`), their claim BAcc (at 0.5) and AUROC on the very same claims.

    python -m benchmarks.quality [--embedders hash,minilm] [--rules cosine,...] [--limit N]
                                 [--precision fp32|int8] [--record FILE]
                                 [--parts holdout|calibration|verifier|studied]

`--record FILE` also writes every graded claim (its configuration, set, document,
P(unsupported), verdict and label, and its answer's) as JSON lines, which
`python -m benchmarks.quality_compare BEFORE AFTER` compares configuration by
configuration with a paired bootstrap over documents.
"""

from __future__ import annotations

import argparse
import dataclasses
import json
import random
import time
from pathlib import Path
from typing import Any

import numpy as np

from benchmarks.answer_paraphrases import answer_paraphrase_cases
from benchmarks.blind_pages import blind_page_cases
from benchmarks.decimal_commas import decimal_comma_cases
from benchmarks.everyday_swaps import everyday_cases
from benchmarks.mixed_facts import mixed_fact_cases
from benchmarks.negations_said_twice import negations_said_twice_cases
from benchmarks.policy_answers import policy_answer_cases
from benchmarks.probes import one_claim_case
from benchmarks.quality_metrics import COLUMNS, ClaimRecord, measure
from benchmarks.restated_details import restated_detail_cases
from benchmarks.sentence_swaps import sentence_swap_cases
from benchmarks.typeset_negations import typeset_negation_cases
from benchmarks.word_swaps import word_swap_cases
from grounding_sidecar.detection import ClaimPolicy, Grader, GraderSettings, load_embedder
from grounding_sidecar.detection.contract import Scorer, VerifierMode
from grounding_sidecar.detection.embedding.minilm.store import DEFAULT_PRECISION, Precision
from grounding_sidecar.detection.embedding.pipeline.cache import CachedEmbedder
from grounding_sidecar.detection.verifier.loading import load_verifier
from grounding_sidecar.evaluation.agreement import (
    LabelledCase,
    auroc,
    balanced_accuracy,
    grade_labelled,
)
from tools.eval_data import (
    EVAL_DIR_VARIABLE,
    MEASUREMENT_ONLY,
    Part,
    document_of,
    eval_dir,
    iter_available,
    load,
    part_of,
)

QUALITY_SETS = ["attrbench", "factcheckgpt", "wice", "summedits", "feversym", "faithbench"]
RULES: dict[str, tuple[Scorer, VerifierMode]] = {
    "cosine": (Scorer.COSINE, VerifierMode.OFF),
    "calibrated": (Scorer.CALIBRATED, VerifierMode.OFF),
    "calibrated+verifier": (Scorer.CALIBRATED, VerifierMode.ON),
}
PUBLISHED = {
    "faithbench": "sentence BAcc: MiniCheck-DeBERTa-L 58.4 (60.5 in the issue), AlignScore-large "
    "56.0, HHEM-2.1-Open 54.4; response BAcc: HHEM-2.1 55.3, GPT-4o 56.2, Ragas 62.3",
    "summedits (holdout)": "response BAcc: QAFactEval 65.5, SummaC-Conv 57.1, DAE 55.2, "
    "GPT-4 82.1, humans 90.9",
}


# The parts of the labelled sets a run grades (tools/eval_data.py `Part`).  Only the
# held-out parts report quality; the others are what the calibration and the verifier
# were fitted on, and where the lexical rules are read one claim at a time
# (docs/benchmarks.md), so a gain there is never an estimate for unseen data.
PARTS: dict[str, tuple[Part, ...]] = {
    "holdout": (Part.HOLDOUT,),
    "calibration": (Part.CALIBRATION,),
    "verifier": (Part.VERIFIER,),
    "studied": (Part.CALIBRATION, Part.VERIFIER),
}


def labelled_sets(names: list[str], parts: tuple[Part, ...]) -> dict[str, list[LabelledCase]]:
    """The cases of each available set in `parts`, by the set's label in the tables:
    "attrbench (holdout)", "attrbench (calibration+verifier)"; a set only ever measured
    is held out whole and keeps its plain name (and is left out of other parts)."""
    datasets: dict[str, list[LabelledCase]] = {}
    suffix = "+".join(part.value for part in parts)
    for name in iter_available(names):
        if name in MEASUREMENT_ONLY:
            if Part.HOLDOUT in parts:
                datasets[name] = load(name)
            continue
        datasets[f"{name} ({suffix})"] = [c for c in load(name) if part_of(c) in parts]
    return datasets


def grade_claims(grader: Grader, cases: list[LabelledCase]) -> list[ClaimRecord]:
    """Every labelled claim of `cases` graded, with its answer's label and verdict."""
    records: list[ClaimRecord] = []
    for labelled in cases:
        if not labelled.claims:
            continue
        result = grade_labelled(grader, labelled, ClaimPolicy.STRICT)
        response = labelled.response
        for label, grade in zip(labelled.claims, result.claims, strict=True):
            records.append(
                ClaimRecord(
                    case=labelled.case.id,
                    document=document_of(labelled),
                    unsupported=1.0 - (grade.probability or 0.0),
                    verdict=grade.verdict.value,
                    flagged=grade.verdict.value != "supported",
                    bad=label.verdict.value != "supported",
                    response_flagged=result.verdict.value == "fail",
                    response_bad=None if response is None else response.value == "fail",
                    verified=grade.verification is not None,
                )
            )
    return records


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--embedders", default="hash,minilm")
    parser.add_argument("--rules", default=",".join(RULES))
    parser.add_argument("--sets", default=",".join(QUALITY_SETS))
    parser.add_argument(
        "--rewrites",
        type=Path,
        default=REWRITES,
        help="verifier pairs (tools/training/verifier/build_pairs.py); their held-out rewrites "
        "are a set",
    )
    parser.add_argument("--limit", type=int, help="first N cases per data set (quick look)")
    parser.add_argument(
        "--precision",
        choices=[p.value for p in Precision],
        default=DEFAULT_PRECISION.value,
        help="the minilm graph (docs/embedders.md#precision)",
    )
    parser.add_argument("--record", type=Path, help="write every graded claim here (JSON lines)")
    parser.add_argument(
        "--parts",
        choices=list(PARTS),
        default="holdout",
        help="which parts of the labelled sets: the held-out parts report; 'studied' (the "
        "calibration and verifier parts) is where lexical rules are read and measured",
    )
    args = parser.parse_args()
    recording = args.record.open("w", encoding="utf-8") if args.record else None
    parts = PARTS[args.parts]
    datasets = {
        label: cases[: args.limit]
        for label, cases in labelled_sets(args.sets.split(","), parts).items()
    }
    rewrites = rewrite_cases(args.rewrites) if Part.HOLDOUT in parts else []
    if rewrites:
        datasets["rule-made rewrites (holdout)"] = rewrites[: args.limit]
    if not eval_dir().is_dir():
        print(f"{eval_dir()} is not present ({EVAL_DIR_VARIABLE}): the probe only")
    datasets["everyday swaps (probe)"] = everyday_cases()[: args.limit]
    datasets["mixed facts (probe)"] = mixed_fact_cases()[: args.limit]
    datasets["policy answers (probe)"] = policy_answer_cases()[: args.limit]
    datasets["restated details (probe)"] = restated_detail_cases()[: args.limit]
    datasets["sentence swaps (probe)"] = sentence_swap_cases()[: args.limit]
    datasets["word swaps (studied)"] = word_swap_cases("studied")[: args.limit]
    datasets["word swaps (held out)"] = word_swap_cases("held out")[: args.limit]
    datasets["answer paraphrases (studied)"] = answer_paraphrase_cases("studied")[: args.limit]
    datasets["answer paraphrases (held out)"] = answer_paraphrase_cases("held out")[: args.limit]
    datasets["typeset negations (studied)"] = typeset_negation_cases("studied")[: args.limit]
    datasets["typeset negations (held out)"] = typeset_negation_cases("held out")[: args.limit]
    for part in ("studied", "held out"):
        datasets[f"decimal commas ({part})"] = decimal_comma_cases(part)[: args.limit]
        datasets[f"negations said twice ({part})"] = negations_said_twice_cases(part)[: args.limit]
        datasets[f"pages written blind ({part})"] = blind_page_cases(part)[: args.limit]
    columns = list(COLUMNS)
    print("| data | embedder | rule | version | " + " | ".join(columns) + " |")
    print("|---" * (4 + len(columns)) + "|")
    for embedder_name in args.embedders.split(","):
        embedder = load_embedder(embedder_name, precision=Precision(args.precision))
        cached = CachedEmbedder(embedder)
        for rule in args.rules.split(","):
            scorer, verifier_mode = RULES[rule]
            grader = Grader(
                embedder,
                GraderSettings(scorer=scorer),
                passage_embedder=cached,
                verifier=load_verifier(verifier_mode),
            )
            version = grader.version().split("/", 2)[2]
            for data_name, cases in datasets.items():
                started = time.perf_counter()
                records = grade_claims(grader, cases)
                row = measure(records)
                cells = [_fmt(row[c], c) for c in columns]
                if recording is not None:
                    configuration = {"embedder": embedder_name, "rule": rule, "version": version}
                    for record in records:
                        line = {**configuration, "set": data_name, **dataclasses.asdict(record)}
                        recording.write(json.dumps(line) + "\n")
                print(
                    f"| {data_name} | {embedder_name} | {rule} | `{version}` | "
                    + " | ".join(cells)
                    + f" |  <!-- {time.perf_counter() - started:.0f}s -->",
                    flush=True,
                )
    if recording is not None:
        recording.close()
    print()
    for data_name, text in PUBLISHED.items():
        print(f"- published, {data_name}: {text}")
    for data_name, cases in datasets.items():
        _published_detectors_table(data_name, cases)


REWRITES = Path(__file__).resolve().parents[1] / "build" / "verifier" / "pairs.jsonl"
REWRITE_SAMPLE = 2000
_REWRITE_LABELS = {0: "supported", 1: "contradictory", 2: "unsupported"}


def rewrite_cases(path: Path, part: str = "holdout") -> list[LabelledCase]:
    """The rule-made pairs of one part of the verifier's data (`path`: its pairs
    file) as one-claim cases; see `rewrite_cases_of`."""
    if not path.exists():
        return []
    records = [json.loads(line) for line in path.read_text(encoding="utf-8").splitlines()]
    return rewrite_cases_of(records, part)


def rewrite_cases_of(records: list[dict[str, Any]], part: str) -> list[LabelledCase]:
    """Rule-made pairs as one-claim cases (passage as the source, rewrite as the
    answer): one-word swaps, restatements and invented qualifiers; those of the
    holdout part come from documents neither the verifier nor the calibration saw.
    A seeded sample."""
    chosen = [
        r for r in records if r["part"] == part and r["rule"] != "real" and r["dataset"] != "own"
    ]
    sample = random.Random(5).sample(chosen, min(REWRITE_SAMPLE, len(chosen)))
    return [
        one_claim_case(
            f"rewrite-{number}-{record['rule']}",
            record["premise"],
            record["hypothesis"],
            _REWRITE_LABELS[record["label"]],
        )
        for number, record in enumerate(sample)
    ]


GRADED_LABELS = frozenset({"supported", "unsupported", "contradictory"})


def _published_detectors_table(data_name: str, cases: list[LabelledCase]) -> None:
    """Published detectors' outputs stored with the data, scored like ours (P(supported))."""
    scores: dict[str, list[float]] = {}
    supported: dict[str, list[bool]] = {}
    for case in cases:
        for claim in case.case.raw.get("claims", []):
            if claim.get("label") not in GRADED_LABELS:
                continue
            for detector, value in (claim.get("baselines") or {}).items():
                if isinstance(value, int | float):
                    scores.setdefault(detector, []).append(float(value))
                    supported.setdefault(detector, []).append(claim["label"] == "supported")
    if not scores:
        return
    print(f"\nPublished detectors' own claim outputs on {data_name} (same claims):\n")
    print("| detector | claims | claim AUROC | claim BAcc (at 0.5) |")
    print("|---|---|---|---|")
    for detector in sorted(scores, key=lambda d: -(auroc(scores[d], supported[d]) or 0)):
        values, labels = np.asarray(scores[detector]), supported[detector]
        area = auroc(values.tolist(), labels)
        accuracy = balanced_accuracy(values >= 0.5, labels)
        print(
            f"| {detector} | {len(values)} | {_fmt(area, 'AUROC')} | "
            f"{_fmt(None if accuracy is None else 100 * accuracy, 'BAcc')} |"
        )


def _fmt(value: float | None, column: str) -> str:
    if value is None or not np.isfinite(value):
        return "n/a"
    return f"{value:.3f}" if "AUROC" in column else f"{value:.1f}"


if __name__ == "__main__":
    main()
