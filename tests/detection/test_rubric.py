"""The response rubric reads each grade's cause, never its rationale text."""

from __future__ import annotations

import pytest

from grounding_sidecar.detection import rubric
from grounding_sidecar.detection.contract import (
    EMBEDDING_FAILED_MARK,
    ClaimClass,
    GradeCause,
    Reason,
    ResponseVerdict,
    StatementGrade,
    Verdict,
)


def unsupported(cause: GradeCause, rationale: str, cls: ClaimClass) -> StatementGrade:
    return StatementGrade(
        "claim", (0, 5), cls, Verdict.UNSUPPORTED, (), None, rationale, cause=cause
    )


def verdict_of(*grades: StatementGrade) -> tuple[ResponseVerdict, tuple[Reason, ...]]:
    return rubric.grade_response(
        grades, evidence_missing=False, evidence_truncated=False, answer_truncated=False
    )


@pytest.mark.parametrize("rationale", [EMBEDDING_FAILED_MARK, "reworded", ""])
def test_an_embedding_failure_fails_whatever_its_rationale_says(rationale: str) -> None:
    grade = unsupported(GradeCause.EMBEDDING_FAILED, rationale, ClaimClass.SUBJECT_SPECIFIC)
    assert verdict_of(grade) == (ResponseVerdict.FAIL, (Reason.EMBEDDING_FAILED,))


def test_the_embedding_failure_text_on_a_judged_claim_is_only_text() -> None:
    grade = unsupported(GradeCause.JUDGED, EMBEDDING_FAILED_MARK, ClaimClass.SUBJECT_SPECIFIC)
    assert verdict_of(grade) == (ResponseVerdict.FAIL, (Reason.UNSUPPORTED_CLAIMS,))


@pytest.mark.parametrize("rationale", ["no approved external source", "reworded"])
def test_an_external_claim_without_an_approved_source_is_unknown(rationale: str) -> None:
    grade = unsupported(GradeCause.NO_APPROVED_SOURCE, rationale, ClaimClass.EXTERNAL)
    assert verdict_of(grade) == (ResponseVerdict.UNKNOWN, (Reason.NO_APPROVED_EXTERNAL_SOURCE,))


def test_an_unsupported_external_claim_judged_against_references_fails() -> None:
    grade = unsupported(GradeCause.JUDGED, "no approved external source", ClaimClass.EXTERNAL)
    assert verdict_of(grade) == (ResponseVerdict.FAIL, (Reason.UNSUPPORTED_CLAIMS,))
