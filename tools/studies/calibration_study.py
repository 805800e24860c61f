"""Record what the calibrated scorer sees for every labelled claim, so that scorer
variants and the later rules' bars can be compared offline with
`tools.studies.calibration_variants` (docs/verifier.md#what-the-combination-was-chosen-on):
the measurement every change to the scorer is judged by.

One grading pass over every part of every set in `../shared/eval/` (MiniLM, the
verifier on) writes `build/study/claims.npz`: per claim its data set, part, case,
label, the lexical features, the verifier's reading of the best passage, of the
second-best passage and of the best passage joined with its neighbours, whether the
rules that run after the scorer (the verifier's contradiction override, the
consistency rule, the addition rule) would take its support away, what the
addition rule weighs (the share of the best passage restated, the words no source
uses), and whether the override's word conditions hold (a word outside the sources, a
contrast it can name).  A variant's verdict is then `P(supported) >= t and cosine >= floor and not
overruled`, exactly as the grader decides; the run ends by saying on what share of
claims the recorded judge agrees with the grader's own verdicts (it must be 100%).

    python -m tools.studies.calibration_study [--limit N]
"""

from __future__ import annotations

import argparse
import dataclasses
import random
import time
from dataclasses import asdict, dataclass, field
from pathlib import Path
from typing import Any

import numpy as np

from benchmarks.quality import REWRITES, rewrite_cases, rewrite_cases_of
from grounding_sidecar.detection import ClaimPolicy, Grader, load_embedder
from grounding_sidecar.detection.contract import Verdict, Verification
from grounding_sidecar.detection.embedding.pipeline.cache import CachedEmbedder
from grounding_sidecar.detection.judging.additions import addition
from grounding_sidecar.detection.judging.calibration import load_calibration
from grounding_sidecar.detection.judging.consistency import FindingKind, find_contrast
from grounding_sidecar.detection.judging.evidence import ClaimEvidence
from grounding_sidecar.detection.judging.features import claim_features
from grounding_sidecar.detection.judging.judgement import Judgement
from grounding_sidecar.detection.judging.judges import CalibratedJudge
from grounding_sidecar.detection.text.passages import with_neighbours
from grounding_sidecar.detection.verifier.runtime import OnnxVerifier
from grounding_sidecar.evaluation.agreement import LabelledCase, grade_labelled
from tools.eval_data import Part, dataset_path, load, part_of
from tools.studies.recording import REPORT_SETS
from tools.training.fit_calibration import rag_cases
from tools.training.verifier.build_pairs import SEED as PAIRS_SEED
from tools.training.verifier.build_pairs import (
    TRAINING_SETS,
    source_documents,
    synthetic_pairs,
)

STUDY_SETS = list(REPORT_SETS)
OUT = Path(__file__).resolve().parents[2] / "build" / "study" / "claims.npz"
_MISSING = (np.nan, np.nan, np.nan)


def _reading(verification: Verification | None) -> tuple[float, float, float]:
    if verification is None:
        return _MISSING
    contradicted = verification.contradicted  # the shipped verifier always has one
    return (
        verification.entailed,
        np.nan if contradicted is None else contradicted,
        verification.neither,
    )


@dataclass
class StudyJudge:
    """Grades as the shipped judge does and records every claim it sees."""

    after: CalibratedJudge  # the shipped default: verifier features
    before: CalibratedJudge  # the previous default: no verifier
    verifier: OnnxVerifier
    rows: list[dict[str, object]] = field(default_factory=list)
    # The same judges with a threshold every claim passes: what the later rules do alone.
    _rules_after: CalibratedJudge = field(init=False)
    _rules_before: CalibratedJudge = field(init=False)

    def __post_init__(self) -> None:
        self._rules_after = _every_claim_passes(self.after)
        self._rules_before = _every_claim_passes(self.before)

    @property
    def tag(self) -> str:
        return self.after.tag

    def reading_matters(self, evidence: ClaimEvidence) -> bool:
        return evidence.cosine >= self.after.support_floor  # the study reads every claim

    def judge(self, evidence: ClaimEvidence, verification: Verification | None = None) -> Judgement:
        after = self.after.judge(evidence, verification)
        before = self.before.judge(evidence, None)
        kept_after = self._rules_after.judge(evidence, verification)
        kept_before = self._rules_before.judge(evidence, None)
        claim, similarities, passages = evidence.claim, evidence.similarities, evidence.passages
        order = np.argsort(-similarities)
        second = _MISSING
        joined = _MISSING
        if verification is not None:
            pairs: list[tuple[str, str]] = []
            if len(order) > 1 and np.isfinite(similarities[order[1]]):
                pairs.append((passages[int(order[1])].text, claim))
            pairs.append((with_neighbours(passages, evidence.best_index), claim))
            readings = self.verifier.verify(pairs)
            joined = _reading(readings[-1])
            if len(readings) == 2:
                second = _reading(readings[0])
        restated, added = addition(claim, evidence.best.text, evidence.corpus)
        # What the contradiction override asks of the words, whatever the verifier's
        # reading: a word outside the sources and a contrast it can name.
        explained = find_contrast(claim, evidence.best.text, evidence.corpus) is not None
        self.rows.append(
            {
                "explained": explained,
                "features": claim_features(evidence),
                "restated": restated,
                "added": len(added),
                "best": _reading(verification),
                "second": second,
                "joined": joined,
                "cosine": evidence.cosine,
                "after_supported": after.verdict is Verdict.SUPPORTED,
                "before_supported": before.verdict is Verdict.SUPPORTED,
                "after_p": after.probability,
                "before_p": before.probability,
                "kept_after": kept_after.verdict is Verdict.SUPPORTED,
                # Support the later rules leave before an addition is weighed: the
                # replay applies the addition rule with bars of its own.
                "kept_before_addition": kept_after.verdict is Verdict.SUPPORTED
                or kept_after.overruled_by is FindingKind.ADDITION,
                "kept_before": kept_before.verdict is Verdict.SUPPORTED,
            }
        )
        return after


def _every_claim_passes(judge: CalibratedJudge) -> CalibratedJudge:
    return dataclasses.replace(judge, model=dataclasses.replace(judge.model, threshold=0.0))


def _cases(name: str) -> list[LabelledCase]:
    """A set's labelled cases; `rag` is fit_calibration's restatements and foreign
    sentences made from each part's SummEdits sources, in that part; `rewrites` the
    verifier's rule-made pairs of the calibration and holdout parts (a sample each, as
    benchmarks/quality.py takes them)."""
    if name == "rewrites":
        parts = {
            Part.CALIBRATION: rewrite_cases_of(_calibration_rewrites(), Part.CALIBRATION.value),
            Part.HOLDOUT: rewrite_cases(REWRITES, Part.HOLDOUT.value),
        }
        for part, cases in parts.items():
            for case in cases:
                case.case.raw["part"] = part.value
        return parts[Part.CALIBRATION] + parts[Part.HOLDOUT]
    if name != "rag":
        return load(name) if dataset_path(name).exists() else []
    summedits = load("summedits") if dataset_path("summedits").exists() else []
    made: list[LabelledCase] = []
    for part in Part:
        for case in rag_cases([c for c in summedits if part_of(c) is part]):
            case.case.raw["part"] = part.value
            made.append(case)
    return made


def _calibration_rewrites() -> list[dict[str, Any]]:
    """Rule-made pairs from the calibration part's documents, made as build_pairs makes
    the verifier's (which leaves those documents out): for choosing a rule's bars on
    the calibration parts."""
    documents = [
        document
        for dataset in TRAINING_SETS
        for document in source_documents(dataset, load(dataset))
        if document.part == Part.CALIBRATION
    ]
    return [asdict(pair) for pair in synthetic_pairs(documents, random.Random(PAIRS_SEED))]


def _part(labelled: LabelledCase) -> Part:
    made = labelled.case.raw.get("part")
    return Part(made) if isinstance(made, str) else part_of(labelled)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--limit", type=int, help="first N cases per set (quick look)")
    parser.add_argument("--sets", default=",".join(STUDY_SETS))
    parser.add_argument("--out", type=Path, default=OUT)
    args = parser.parse_args()
    embedder = load_embedder("minilm")
    verifier = OnnxVerifier()
    threshold = embedder.default_threshold
    judge = StudyJudge(
        after=CalibratedJudge(load_calibration(embedder, verifier.version_tag), threshold),
        before=CalibratedJudge(load_calibration(embedder), threshold),
        verifier=verifier,
    )
    grader = Grader(
        embedder, passage_embedder=CachedEmbedder(embedder), judge=judge, verifier=verifier
    )
    columns: dict[str, list[object]] = {}
    case_number = 0
    for name in args.sets.split(","):
        started = time.perf_counter()
        cases = _cases(name)[: args.limit]
        for labelled in cases:
            if not labelled.claims:
                continue
            judge.rows.clear()
            result = grade_labelled(grader, labelled, ClaimPolicy.STRICT)
            if len(judge.rows) != len(result.claims):
                continue  # a claim the judge never saw (no sources): not the scorer's
            for label, grade, row in zip(labelled.claims, result.claims, judge.rows, strict=True):
                row.update(
                    dataset=name,
                    part=_part(labelled).value,
                    case=case_number,
                    supported=label.verdict is Verdict.SUPPORTED,
                    contradictory=label.verdict is Verdict.CONTRADICTORY,
                    response_failed=(
                        labelled.response.value == "fail" if labelled.response else False
                    ),
                    has_response=labelled.response is not None,
                    grader_supported=grade.verdict is Verdict.SUPPORTED,
                )
                for key, value in row.items():
                    columns.setdefault(key, []).append(value)
            case_number += 1
        print(f"{name}: {len(cases)} cases, {time.perf_counter() - started:.0f}s", flush=True)
    args.out.parent.mkdir(parents=True, exist_ok=True)
    arrays: dict[str, Any] = {k: np.asarray(v) for k, v in columns.items()}
    np.savez_compressed(args.out, **arrays)
    agree = np.mean(
        np.asarray(columns["grader_supported"]) == np.asarray(columns["after_supported"])
    )
    print(f"wrote {args.out}: {len(columns['case'])} claims; judge = grader on {100 * agree:.2f}%")


if __name__ == "__main__":
    main()
