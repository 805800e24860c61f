"""The grounding report: what an answer carries of its own verdict
(docs/contract.md#the-grounding-report).

A workspace allows a level (`report`: none, summary, claims); a request may ask for
less in `metadata["grounding.report"]`, never more.  The report repeats no claim or
source text: a claim is a span into the `choices[i].message.content` the client
already has, its evidence passage ids with source offsets.  The wire format
(`grounding_sidecar.openai`) places the object in the body; this module only builds it.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

from grounding_sidecar.decision.actions import ReportLevel
from grounding_sidecar.decision.decide import Decision
from grounding_sidecar.decision.outcome import CheckOutcome
from grounding_sidecar.decision.redaction import Redaction
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
    redactions: Mapping[int, Redaction] | None = None,
) -> dict[str, Any] | None:
    """The `grounding` object at `level`; None at `none`.  Under REDACT (`redactions`
    per choice), a kept claim's span points into the delivered content and a removed
    one is listed with `removed: true` and no span."""
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
        report["claims"] = [_claim(grade, locate, redactions or {}) for grade in grades]
    if decision.redact:
        report["redacted"] = len(decision.redact)
    return report


def _claim(
    grade: StatementGrade, locate: Locate, redactions: Mapping[int, Redaction]
) -> dict[str, Any]:
    where = locate(*grade.span)
    choice, start, end = where if where is not None else (None, *grade.span)
    span: list[int] | None = [start, end]
    removed = False
    redaction = redactions.get(choice) if choice is not None else None
    if redaction is not None:
        removed = any(a <= start and end <= b for a, b in redaction.removed)
        span = None if removed else [redaction.moved(start), redaction.moved(end)]
    entry: dict[str, Any] = {
        "choice": choice,
        "span": span,
        "verdict": grade.verdict.value,
        "claim_class": grade.claim_class.value,
        "evidence": [evidence.to_dict() for evidence in grade.evidence],
        "score": None if grade.score is None else round(grade.score, 4),
        "probability": None if grade.probability is None else round(grade.probability, 4),
    }
    if removed:
        entry["removed"] = True
    return entry
