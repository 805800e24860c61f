"""The response rubric: claim grades -> pass / fail / unknown, with every reason.

Reads each grade's verdict, class and `GradeCause`, never its rationale text, so
rewording a rationale cannot change a verdict.
"""

from __future__ import annotations

from collections.abc import Sequence

import numpy as np

from grounding_sidecar.detection.contract import (
    GradeCause,
    Reason,
    ResponseVerdict,
    StatementGrade,
    Verdict,
)


def grade_response(
    grades: Sequence[StatementGrade],
    *,
    evidence_missing: bool,
    evidence_truncated: bool,
    answer_truncated: bool,
    code_ungraded: bool = False,
) -> tuple[ResponseVerdict, tuple[Reason, ...]]:
    """pass / fail / unknown, with every reason that applies, the decisive one first.

    A contradiction or an embedding failure fails whatever else is true.  An
    unsupported claim fails only when the evidence was complete: had a source
    been dropped by a limit, it might have held the support, so the answer is
    `unknown`.  External claims with no approved source make it `unknown` too.
    Fenced code is never graded; when the answer has some, the last reason says so
    (`ungraded_code`), whatever the verdict, so a delivered pass is not read as
    "everything in it was verified".
    """
    failed: list[Reason] = []
    unknown: list[Reason] = []
    if any(g.cause is GradeCause.EMBEDDING_FAILED for g in grades):
        failed.append(Reason.EMBEDDING_FAILED)
    if any(g.verdict is Verdict.CONTRADICTORY for g in grades):
        failed.append(Reason.CONTRADICTED_CLAIMS)
    unsupported = [
        g
        for g in grades
        if g.verdict is Verdict.UNSUPPORTED and g.cause is not GradeCause.EMBEDDING_FAILED
    ]
    unverified_external = [g for g in unsupported if g.cause is GradeCause.NO_APPROVED_SOURCE]
    material = [g for g in unsupported if g not in unverified_external]
    if material and (evidence_missing or evidence_truncated):
        unknown.append(Reason.EVIDENCE_MISSING if evidence_missing else Reason.EVIDENCE_TRUNCATED)
        unknown.append(Reason.UNSUPPORTED_CLAIMS)
    elif material:
        failed.append(Reason.UNSUPPORTED_CLAIMS)
    if unverified_external:
        unknown.append(Reason.NO_APPROVED_EXTERNAL_SOURCE)
    if not any(g.verdict is not Verdict.NOT_APPLICABLE for g in grades):
        unknown.append(Reason.NO_CHECKABLE_CLAIMS)
    if answer_truncated:
        unknown.append(Reason.ANSWER_TRUNCATED)
    notes = [Reason.UNGRADED_CODE] if code_ungraded else []
    if failed:
        return ResponseVerdict.FAIL, tuple(failed + unknown + notes)
    if unknown:
        return ResponseVerdict.UNKNOWN, tuple(unknown + notes)
    return ResponseVerdict.PASS, (Reason.ALL_SUPPORTED, *notes)


def mean_score(grades: Sequence[StatementGrade]) -> float | None:
    scores = [g.score for g in grades if g.score is not None]
    return float(np.mean(scores)) if scores else None


def confidence(verdict: ResponseVerdict, grades: Sequence[StatementGrade]) -> float:
    """How sure the verdict is, 0..1, from each claim's P(supported).

    `pass`: the weakest supported claim; `fail`: the strongest failure, 1 - P(supported)
    (an embedding failure is certain; a claim a rule overruled keeps the calibrated
    scorer's P(supported) under the threshold, so its failure is at least
    1 - 0.8 x threshold, and the cosine rule's 0); `unknown`: 0.5.
    """
    checked = [g for g in grades if g.verdict is not Verdict.NOT_APPLICABLE]
    if verdict is ResponseVerdict.PASS and checked:
        return min(g.probability if g.probability is not None else 1.0 for g in checked)
    if verdict is ResponseVerdict.FAIL:
        return max(1.0 - (g.probability or 0.0) for g in checked if g.is_ungrounded)
    return 0.5
