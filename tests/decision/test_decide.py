import json

import pytest

from grounding_sidecar.decision import (
    Action,
    CheckOutcome,
    GroundingPolicy,
    RefusalCode,
    Unchecked,
    UnknownHandling,
    decide,
)
from grounding_sidecar.detection.contract import (
    CheckResult,
    ClaimClass,
    Evidence,
    Reason,
    ResponseVerdict,
    StatementGrade,
    Verdict,
)

TRACE = "0af7651916cd43dd8448eb211c80319c"


def grade(text: str, verdict: Verdict) -> StatementGrade:
    evidence = (Evidence("s0.0", 0, 0, 5),) if verdict is Verdict.SUPPORTED else ()
    return StatementGrade(
        text, (0, len(text)), ClaimClass.SUBJECT_SPECIFIC, verdict, evidence, 0.5, "r"
    )


def result(verdict: ResponseVerdict, *grades: StatementGrade) -> CheckResult:
    return CheckResult("v", verdict, (Reason.ALL_SUPPORTED,), 0.5, 0.9, grades)


FAIL = result(
    ResponseVerdict.FAIL,
    grade("Paris is in Spain.", Verdict.SUPPORTED),
    grade("The moon is cheese.", Verdict.UNSUPPORTED),
)
PASS = result(ResponseVerdict.PASS, grade("Paris is in France.", Verdict.SUPPORTED))
UNKNOWN = result(ResponseVerdict.UNKNOWN)


def policy(
    action: Action,
    unknown: UnknownHandling = UnknownHandling.DELIVER,
    unverifiable: UnknownHandling = UnknownHandling.BLOCK,
) -> GroundingPolicy:
    return GroundingPolicy(enabled=True, action=action, unknown=unknown, unverifiable=unverifiable)


@pytest.mark.parametrize("action", [Action.LOG, Action.FLAG])
@pytest.mark.parametrize(
    "outcome", [CheckOutcome(FAIL), CheckOutcome(None, Unchecked.DEADLINE_MISSED)]
)
def test_log_and_flag_always_deliver(action: Action, outcome: CheckOutcome) -> None:
    assert decide(outcome, policy(action), TRACE).deliver


def test_block_refuses_a_fail_with_the_exact_envelope() -> None:
    decision = decide(CheckOutcome(FAIL), policy(Action.BLOCK), TRACE)
    assert decision.refusal is not None and decision.refusal.status == 403
    assert json.loads(decision.refusal.body()) == {
        "error": {
            "type": "guardrail_violation",
            "code": "hallucination_detected",
            "message": "Response contains ungrounded claims: The moon is cheese.",
            "trace_id": TRACE,
        }
    }


def test_block_delivers_a_pass() -> None:
    decision = decide(CheckOutcome(PASS), policy(Action.BLOCK), TRACE)
    assert decision.deliver and decision.verdict is ResponseVerdict.PASS


def test_unknown_follows_the_workspace_setting() -> None:
    assert decide(CheckOutcome(UNKNOWN), policy(Action.BLOCK), TRACE).deliver
    blocked = decide(CheckOutcome(UNKNOWN), policy(Action.BLOCK, UnknownHandling.BLOCK), TRACE)
    assert blocked.refusal is not None
    assert blocked.refusal.code is RefusalCode.GROUNDING_UNVERIFIED


def test_a_pass_on_a_truncated_answer_is_unknown_and_unverifiable_under_block() -> None:
    outcome = CheckOutcome(PASS, truncated=True)
    assert outcome.verdict is ResponseVerdict.UNKNOWN
    refused = decide(outcome, policy(Action.BLOCK), TRACE).refusal
    assert refused is not None and refused.code is RefusalCode.ANSWER_OVER_LIMIT
    assert "max-stream-bytes" in refused.message
    opted_out = policy(Action.BLOCK, unverifiable=UnknownHandling.DELIVER)
    assert decide(outcome, opted_out, TRACE).deliver


def unknown_because(*reasons: Reason) -> CheckResult:
    return CheckResult("v", ResponseVerdict.UNKNOWN, reasons, 0.5, 0.5, ())


@pytest.mark.parametrize(
    ("outcome", "code"),
    [
        (CheckOutcome(unknown_because(Reason.EVIDENCE_TRUNCATED)), RefusalCode.SOURCES_DROPPED),
        (CheckOutcome(unknown_because(Reason.EVIDENCE_MISSING)), RefusalCode.SOURCES_DROPPED),
        (CheckOutcome(unknown_because(Reason.ANSWER_TRUNCATED)), RefusalCode.ANSWER_OVER_LIMIT),
        (CheckOutcome(None, Unchecked.RESPONSE_TOO_LARGE), RefusalCode.ANSWER_OVER_LIMIT),
        (CheckOutcome(PASS, truncated=True), RefusalCode.ANSWER_OVER_LIMIT),
        (
            CheckOutcome(unknown_because(Reason.UNSUPPORTED_LANGUAGE)),
            RefusalCode.UNSUPPORTED_LANGUAGE,
        ),
    ],
)
def test_block_refuses_what_a_limit_kept_from_being_verified(
    outcome: CheckOutcome, code: RefusalCode
) -> None:
    refusal = decide(outcome, policy(Action.BLOCK), TRACE).refusal
    assert refusal is not None and (refusal.status, refusal.code) == (403, code)
    for action in (Action.LOG, Action.FLAG):  # they never change delivery
        assert decide(outcome, policy(action), TRACE).deliver
    opted_out = policy(Action.BLOCK, unverifiable=UnknownHandling.DELIVER)
    assert decide(outcome, opted_out, TRACE).deliver
    both = policy(Action.BLOCK, UnknownHandling.BLOCK, UnknownHandling.DELIVER)
    fallback = decide(outcome, both, TRACE).refusal  # then `unknown` still decides
    assert fallback is not None and fallback.code is RefusalCode.GROUNDING_UNVERIFIED


@pytest.mark.parametrize(
    "reasons",
    [(Reason.NO_CHECKABLE_CLAIMS,), (Reason.NO_APPROVED_EXTERNAL_SOURCE,)],
)
def test_other_unknowns_follow_the_unknown_setting(reasons: tuple[Reason, ...]) -> None:
    outcome = CheckOutcome(unknown_because(*reasons))
    assert decide(outcome, policy(Action.BLOCK), TRACE).deliver
    assert not decide(outcome, policy(Action.BLOCK, UnknownHandling.BLOCK), TRACE).deliver


@pytest.mark.parametrize(
    "unchecked", [Unchecked.DEADLINE_MISSED, Unchecked.CHECK_FAILED, Unchecked.STREAM_INCOMPLETE]
)
def test_block_fails_closed_when_the_processor_could_not_judge(unchecked: Unchecked) -> None:
    decision = decide(CheckOutcome(None, unchecked), policy(Action.BLOCK), TRACE)
    assert decision.refusal is not None
    assert decision.verdict is ResponseVerdict.UNKNOWN


def test_an_unreadable_response_is_unknown() -> None:
    outcome = CheckOutcome(None, Unchecked.MALFORMED_RESPONSE)
    assert decide(outcome, policy(Action.BLOCK), TRACE).deliver
    assert not decide(outcome, policy(Action.BLOCK, UnknownHandling.BLOCK), TRACE).deliver
