"""From a check outcome and a workspace policy to what the client gets.

The exchange reports what happened (a `CheckResult`, or why there is none); this
module alone decides delivery, the verdict shown to the client and the refusal.
"""

from __future__ import annotations

from dataclasses import dataclass

from grounding_sidecar.decision.actions import Action, UnknownHandling
from grounding_sidecar.decision.envelopes import (
    Refusal,
    grounding_unverified,
    hallucination_detected,
)
from grounding_sidecar.decision.outcome import CheckOutcome, Unchecked
from grounding_sidecar.decision.policy import GroundingPolicy
from grounding_sidecar.detection.contract import ResponseVerdict


@dataclass(frozen=True, slots=True)
class Decision:
    """What the client gets for a checked (or uncheckable) answer."""

    verdict: ResponseVerdict
    refusal: Refusal | None

    @property
    def deliver(self) -> bool:
        return self.refusal is None

    @property
    def verdict_header(self) -> str:
        """The `x-grounding-verdict` value, on a delivered answer and on a refusal alike."""
        return self.verdict.value


_UNCHECKED_REASONS = {
    Unchecked.DEADLINE_MISSED: "the check did not finish within its deadline",
    Unchecked.CHECK_FAILED: "the check failed",
    Unchecked.MALFORMED_RESPONSE: "the response is not a readable chat completion",
    Unchecked.RESPONSE_TOO_LARGE: "the response is larger than the checked limit",
    Unchecked.STREAM_INCOMPLETE: "the stream ended before the answer was complete",
}

# Outcomes that BLOCK refuses whatever `unknown` says: the processor failed to do its
# job (fail closed), or the upstream broke off an answer that cannot be judged.
_ALWAYS_REFUSED = frozenset(
    {Unchecked.DEADLINE_MISSED, Unchecked.CHECK_FAILED, Unchecked.STREAM_INCOMPLETE}
)


def decide(outcome: CheckOutcome, policy: GroundingPolicy, trace_id: str) -> Decision:
    verdict = outcome.verdict
    if policy.action is not Action.BLOCK:
        return Decision(verdict, None)  # LOG and FLAG never change delivery
    if outcome.result is not None and verdict is ResponseVerdict.FAIL:
        first = outcome.result.ungrounded_claims
        claim = first[0].text if first else "(unspecified)"
        return Decision(verdict, hallucination_detected(claim, trace_id))
    if outcome.unchecked in _ALWAYS_REFUSED:
        assert outcome.unchecked is not None
        return Decision(
            verdict, grounding_unverified(_UNCHECKED_REASONS[outcome.unchecked], trace_id)
        )
    if verdict is ResponseVerdict.UNKNOWN and policy.unknown is UnknownHandling.BLOCK:
        reason = (
            _UNCHECKED_REASONS[outcome.unchecked]
            if outcome.unchecked is not None
            else _unknown_reason(outcome)
        )
        return Decision(verdict, grounding_unverified(reason, trace_id))
    return Decision(verdict, None)


def _unknown_reason(outcome: CheckOutcome) -> str:
    if outcome.truncated:
        return "only a prefix of the answer was checked"
    if outcome.result is not None and outcome.result.reasons:
        return ", ".join(reason.value.replace("_", " ") for reason in outcome.result.reasons)
    return "the evidence is incomplete"
