"""Grading labelled cases and measuring agreement: the engine of `calibrate` and
of the quality benchmark.

Labelled cases follow docs/detection.md#labelled-cases.  Their claims are graded as
labelled (by span, or found by text in the answer), so a disagreement is about
the verdict, never about segmentation.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from typing import Any

import numpy as np
import numpy.typing as npt

from grounding_sidecar.common.inputs import Case, InputError
from grounding_sidecar.detection import (
    CheckResult,
    ClaimPolicy,
    Embedder,
    Grader,
    GraderSettings,
    ResponseVerdict,
    Verdict,
)
from grounding_sidecar.detection.contract import Scorer
from grounding_sidecar.detection.embedding.pipeline.cache import CachedEmbedder

RESPONSE_LABELS = {
    "grounded": ResponseVerdict.PASS,
    "ungrounded": ResponseVerdict.FAIL,
    "unknown": ResponseVerdict.UNKNOWN,
}


@dataclass(frozen=True, slots=True)
class LabelledClaim:
    span: tuple[int, int]
    verdict: Verdict
    claim_class: str | None


@dataclass(frozen=True, slots=True)
class LabelledCase:
    case: Case
    claims: tuple[LabelledClaim, ...]
    response: ResponseVerdict | None
    references: tuple[str, ...]
    unaligned_claims: int  # labelled claims whose text is not in the answer


def label_case(case: Case) -> LabelledCase:
    """Read the labels of a case; raises InputError for a malformed label."""
    record = case.raw
    claims: list[LabelledClaim] = []
    unaligned = 0
    cursor = 0
    for index, item in enumerate(record.get("claims") or []):
        if not isinstance(item, dict) or not isinstance(item.get("text"), str):
            raise InputError(f"case {case.id}: claim {index} needs a text")
        try:
            verdict = Verdict(str(item.get("label")))
        except ValueError:
            raise InputError(
                f"case {case.id}: claim {index} has label {item.get('label')!r}"
            ) from None
        span = _locate(case.answer, item["text"], item.get("span"), cursor)
        if span is None:
            unaligned += 1
            continue
        cursor = span[1]
        claims.append(LabelledClaim(span, verdict, item.get("claim_class")))
    response_label = record.get("label_response")
    if response_label is not None and response_label not in RESPONSE_LABELS:
        raise InputError(f"case {case.id}: label_response {response_label!r}")
    return LabelledCase(
        case,
        tuple(claims),
        RESPONSE_LABELS[response_label] if response_label else None,
        tuple(case.references),
        unaligned,
    )


def _locate(answer: str, text: str, span: object, cursor: int) -> tuple[int, int] | None:
    if (
        isinstance(span, list)
        and len(span) == 2
        and all(isinstance(v, int) for v in span)
        and answer[span[0] : span[1]].strip() == text.strip()
    ):
        start, end = span
    else:
        start = answer.find(text, cursor)
        if start < 0:
            start = answer.find(text)
        if start < 0:
            return None
        end = start + len(text)
    # Trim to the claim's own text, as the splitter would.
    while start < end and answer[start].isspace():
        start += 1
    while end > start and answer[end - 1].isspace():
        end -= 1
    return (start, end) if start < end else None


def grade_labelled(grader: Grader, labelled: LabelledCase, policy: ClaimPolicy) -> CheckResult:
    case = labelled.case
    return grader.check(
        case.answer,
        case.sources,
        policy=policy,
        references=labelled.references,
        claim_spans=[claim.span for claim in labelled.claims],
    )


def auroc(scores: Sequence[float], positives: Sequence[bool]) -> float | None:
    """Area under the ROC curve (ties count half); None without both classes."""
    values = np.asarray(scores, dtype=np.float64)
    labels = np.asarray(positives, dtype=bool)
    n_pos, n_neg = int(labels.sum()), int((~labels).sum())
    if n_pos == 0 or n_neg == 0:
        return None
    order = np.argsort(values, kind="mergesort")
    ranks = np.empty(len(values))
    sorted_values = values[order]
    # Average ranks over ties.
    _, first, counts = np.unique(sorted_values, return_index=True, return_counts=True)
    average = first + (counts + 1) / 2.0
    ranks[order] = np.repeat(average, counts)
    return float((ranks[labels].sum() - n_pos * (n_pos + 1) / 2) / (n_pos * n_neg))


def balanced_accuracy(predicted: npt.ArrayLike, actual: npt.ArrayLike) -> float | None:
    """Mean recall of the positive and negative class (booleans)."""
    p = np.asarray(predicted, dtype=bool)
    a = np.asarray(actual, dtype=bool)
    if a.all() or not a.any():
        return None
    return float((p[a].mean() + (~p[~a]).mean()) / 2)


@dataclass
class Agreement:
    """Agreed / total per group."""

    counts: dict[str, list[int]] = field(default_factory=dict)

    def add(self, group: str, agreed: bool) -> None:
        entry = self.counts.setdefault(group, [0, 0])
        entry[0] += int(agreed)
        entry[1] += 1

    def rate(self, group: str) -> float:
        agreed, total = self.counts[group]
        return agreed / total

    def to_json(self) -> dict[str, Any]:
        return {
            group: {"agreed": agreed, "total": total, "rate": round(agreed / total, 4)}
            for group, (agreed, total) in sorted(self.counts.items())
        }


@dataclass
class AgreementReport:
    version: str
    cases: int = 0
    by_class: Agreement = field(default_factory=Agreement)
    by_verdict: Agreement = field(default_factory=Agreement)
    response: Agreement = field(default_factory=Agreement)
    response_confusion: Counter[tuple[str, str]] = field(default_factory=Counter)
    unaligned_claims: int = 0
    agreed_cases: int = 0  # response verdict and every claim verdict agree
    _unsupported_scores: list[float] = field(default_factory=list)
    _is_ungrounded: list[bool] = field(default_factory=list)

    @property
    def claim_auroc(self) -> float | None:
        return auroc(self._unsupported_scores, self._is_ungrounded)

    @property
    def case_agreement(self) -> float:
        return self.agreed_cases / self.cases if self.cases else 0.0

    def add(self, labelled: LabelledCase, result: CheckResult) -> None:
        self.cases += 1
        self.unaligned_claims += labelled.unaligned_claims
        all_agree = labelled.unaligned_claims == 0
        for label, grade in zip(labelled.claims, result.claims, strict=True):
            agreed = grade.verdict is label.verdict
            all_agree &= agreed
            self.by_verdict.add(label.verdict.value, agreed)
            self.by_class.add(label.claim_class or grade.claim_class.value, agreed)
            if grade.probability is not None and label.verdict is not Verdict.NOT_APPLICABLE:
                self._unsupported_scores.append(1.0 - grade.probability)
                self._is_ungrounded.append(label.verdict is not Verdict.SUPPORTED)
        if labelled.response is not None:
            agreed = result.verdict is labelled.response
            all_agree &= agreed
            self.response.add(labelled.response.value, agreed)
            self.response_confusion[(labelled.response.value, result.verdict.value)] += 1
        self.agreed_cases += int(all_agree)

    def to_json(self) -> dict[str, Any]:
        auc = self.claim_auroc
        return {
            "version": self.version,
            "cases": self.cases,
            "case_agreement": round(self.case_agreement, 4),
            "by_class": self.by_class.to_json(),
            "by_verdict": self.by_verdict.to_json(),
            "response": self.response.to_json(),
            "response_confusion": {
                f"{label}->{predicted}": count
                for (label, predicted), count in sorted(self.response_confusion.items())
            },
            "claim_auroc": None if auc is None else round(auc, 4),
            "unaligned_claims": self.unaligned_claims,
        }


def evaluate(grader: Grader, cases: Iterable[LabelledCase], policy: ClaimPolicy) -> AgreementReport:
    report = AgreementReport(version=grader.version(policy))
    for labelled in cases:
        report.add(labelled, grade_labelled(grader, labelled, policy))
    return report


def regressions(report: dict[str, Any], baseline: dict[str, Any], tolerance: float) -> list[str]:
    """Every class, verdict or response group whose agreement fell by more than tolerance."""
    found = []
    for section in ("by_class", "by_verdict", "response"):
        for group, old in baseline.get(section, {}).items():
            new = report.get(section, {}).get(group)
            if new is None:
                found.append(f"{section}/{group}: missing (baseline {old['rate']:.3f})")
            elif new["rate"] < old["rate"] - tolerance:
                found.append(
                    f"{section}/{group}: {new['rate']:.3f} ({new['agreed']}/{new['total']}) "
                    f"< baseline {old['rate']:.3f} - {tolerance}"
                )
    return found


# Candidate similarity thresholds for `calibrate --sweep`: the cosine rule's useful range.
SWEEP_THRESHOLDS = tuple(round(0.30 + 0.05 * i, 2) for i in range(14))


@dataclass(frozen=True, slots=True)
class SweepRow:
    """How the cosine rule at one similarity threshold agrees with the labels."""

    threshold: float
    claim_bacc: float | None  # supported vs not, over claims labelled with a verdict
    response_bacc: float | None  # pass vs fail, over cases labelled grounded/ungrounded
    flagged_share: float  # graded claims not supported at this threshold


def threshold_sweep(
    embedder: Embedder,
    cases: Sequence[LabelledCase],
    policy: ClaimPolicy,
    *,
    min_claim_words: int = 5,
    thresholds: Sequence[float] = SWEEP_THRESHOLDS,
) -> list[SweepRow]:
    """Grade every case under the cosine rule at each threshold (embeddings cached)."""
    cached = CachedEmbedder(embedder)
    rows = []
    for threshold in thresholds:
        settings = GraderSettings(
            threshold=threshold, scorer=Scorer.COSINE, min_claim_words=min_claim_words
        )
        grader = Grader(cached, settings)
        claim_said, claim_label, case_said, case_label = [], [], [], []
        for labelled in cases:
            result = grade_labelled(grader, labelled, policy)
            for label, grade in zip(labelled.claims, result.claims, strict=True):
                if label.verdict is not Verdict.NOT_APPLICABLE:
                    claim_said.append(grade.verdict is Verdict.SUPPORTED)
                    claim_label.append(label.verdict is Verdict.SUPPORTED)
            if labelled.response in (ResponseVerdict.PASS, ResponseVerdict.FAIL):
                case_said.append(result.verdict is ResponseVerdict.PASS)
                case_label.append(labelled.response is ResponseVerdict.PASS)
        flagged = 1.0 - float(np.mean(claim_said)) if claim_said else 0.0
        rows.append(
            SweepRow(
                threshold,
                balanced_accuracy(claim_said, claim_label) if claim_said else None,
                balanced_accuracy(case_said, case_label) if case_said else None,
                flagged,
            )
        )
    return rows
