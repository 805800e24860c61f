"""The grounding report: its level, and what it holds (no claim or source text)."""

from __future__ import annotations

import pytest

from devtools.mock_upstream import completion
from grounding_sidecar.decision import (
    Action,
    CheckOutcome,
    GroundingPolicy,
    ReportLevel,
    Unchecked,
    decide,
    grounding_report,
    report_level,
)
from grounding_sidecar.detection import Grader, HashEmbedder
from grounding_sidecar.openai import read_json_answer
from tests.support.exchange import GROUNDED, SOURCE, UNGROUNDED

BLOCK = GroundingPolicy(enabled=True, action=Action.BLOCK)


@pytest.mark.parametrize(
    ("allowed", "requested", "level"),
    [
        (ReportLevel.CLAIMS, None, ReportLevel.CLAIMS),
        (ReportLevel.CLAIMS, "summary", ReportLevel.SUMMARY),
        (ReportLevel.CLAIMS, " NONE ", ReportLevel.NONE),
        (ReportLevel.SUMMARY, "claims", ReportLevel.SUMMARY),  # never more than allowed
        (ReportLevel.NONE, "claims", ReportLevel.NONE),
        (ReportLevel.SUMMARY, "everything", ReportLevel.SUMMARY),  # names no level
    ],
)
def test_a_request_may_ask_for_less_never_more(
    allowed: ReportLevel, requested: str | None, level: ReportLevel
) -> None:
    assert report_level(allowed, requested) is level


def test_the_claims_report_points_into_the_choice_and_repeats_no_text() -> None:
    body = completion(GROUNDED + " " + UNGROUNDED)
    answer = read_json_answer(body)
    result = Grader(HashEmbedder()).check(answer.text, [SOURCE])
    outcome = CheckOutcome(result)
    decision = decide(outcome, BLOCK, "t" * 32)
    report = grounding_report(ReportLevel.CLAIMS, outcome, decision, "t" * 32, answer.locate)
    assert report is not None
    assert report["verdict"] == "fail" and report["refusal"] == "hallucination_detected"
    assert report["version"] == result.version and report["trace_id"] == "t" * 32
    first, second = report["claims"]
    assert (first["choice"], first["span"]) == (0, [0, len(GROUNDED)])
    assert answer.text[slice(*second["span"])] == UNGROUNDED
    assert first["evidence"] == [e.to_dict() for e in result.claims[0].evidence]
    assert second["verdict"] == "unsupported" and second["evidence"] == []
    assert GROUNDED not in str(report) and SOURCE not in str(report)


def test_summary_and_unchecked_outcomes() -> None:
    outcome = CheckOutcome(None, Unchecked.OVERLOADED)
    decision = decide(outcome, BLOCK, "t")
    summary = grounding_report(ReportLevel.SUMMARY, outcome, decision, "t", lambda a, b: None)
    assert summary == {
        "verdict": "unknown",
        "reasons": ["overloaded"],
        "version": None,
        "trace_id": "t",
        "refusal": "grounding_unverified",
    }
    assert grounding_report(ReportLevel.NONE, outcome, decision, "t", lambda a, b: None) is None
