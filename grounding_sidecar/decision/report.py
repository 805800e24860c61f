"""The grounding report: what an answer carries of its own verdict
(docs/contract.md#the-grounding-report).

A workspace allows a level (`report`: none, summary, claims); a request may ask for
less in `metadata["grounding.report"]`, never more.  The report repeats no claim or
source text: a claim is a span into the `choices[i].message.content` the client
already has, its evidence passage ids with source offsets.  The wire format
(`grounding_sidecar.openai`) places the object in the body; this module only builds it.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from grounding_sidecar.decision.actions import ReportLevel
from grounding_sidecar.decision.decide import Decision
from grounding_sidecar.decision.outcome import CheckOutcome
from grounding_sidecar.detection.contract import StatementGrade

# An answer span -> (choice index, start, end) within that choice's content; None when
# the span is not inside one choice (it never is: choices are separate blocks).
Locate = Callable[[int, int], tuple[int, int, int] | None]


def report_level(allowed: ReportLevel, requested: str | None) -> ReportLevel:
    """The level an exchange reports at: the request's, when it names one no higher
    than the workspace allows (an unknown name asks for nothing less)."""
    try:
        asked = ReportLevel(requested.strip().lower()) if requested is not None else None
    except ValueError:
        asked = None
    return allowed.at_most(asked)


def grounding_report(
    level: ReportLevel,
    outcome: CheckOutcome,
    decision: Decision,
    trace_id: str,
    locate: Locate,
) -> dict[str, Any] | None:
    """The `grounding` object at `level`; None at `none`."""
    if level is ReportLevel.NONE:
        return None
    result = outcome.result
    reasons = [reason.value for reason in result.reasons] if result is not None else []
    if outcome.unchecked is not None:
        reasons.append(outcome.unchecked.value)
    if outcome.truncated:
        reasons.append("scan_incomplete")
    report: dict[str, Any] = {
        "verdict": decision.verdict.value,
        "reasons": reasons,
        "version": result.version if result is not None else None,
        "trace_id": trace_id,
    }
    if decision.refusal is not None:
        report["refusal"] = decision.refusal.code.value
    if level is ReportLevel.CLAIMS:
        grades = result.claims if result is not None else ()
        report["claims"] = [_claim(grade, locate) for grade in grades]
    return report


def _claim(grade: StatementGrade, locate: Locate) -> dict[str, Any]:
    where = locate(*grade.span)
    choice, start, end = where if where is not None else (None, *grade.span)
    return {
        "choice": choice,
        "span": [start, end],
        "verdict": grade.verdict.value,
        "claim_class": grade.claim_class.value,
        "evidence": [evidence.to_dict() for evidence in grade.evidence],
        "score": None if grade.score is None else round(grade.score, 4),
        "probability": None if grade.probability is None else round(grade.probability, 4),
    }
