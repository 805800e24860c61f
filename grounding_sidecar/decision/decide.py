"""From a check outcome and a workspace policy to what the client gets.

The exchange reports what happened (a `CheckResult`, or why there is none); this
module alone decides delivery, the verdict shown to the client and the refusal.
"""

from __future__ import annotations

from dataclasses import dataclass

from grounding_sidecar.decision.actions import Action, UnknownHandling
from grounding_sidecar.decision.envelopes import (
    Refusal,
    RefusalCode,
    grounding_unverified,
    hallucination_detected,
    unverifiable,
)
from grounding_sidecar.decision.outcome import CheckOutcome, Unchecked
from grounding_sidecar.decision.policy import GroundingPolicy
from grounding_sidecar.detection.contract import Reason, ResponseVerdict

# The verdict header of an answer delivered without its ungrounded claims.
REDACTED_HEADER = "redacted"


@dataclass(frozen=True, slots=True)
class Decision:
    """What the client gets for a checked (or uncheckable) answer."""

    verdict: ResponseVerdict
    refusal: Refusal | None
    # REDACT: the answer spans of the claims that are removed before delivery.
    redact: tuple[tuple[int, int], ...] = ()

    @property
    def deliver(self) -> bool:
        return self.refusal is None

    @property
    def verdict_header(self) -> str:
        """The `x-grounding-verdict` value, on a delivered answer and on a refusal alike."""
        return REDACTED_HEADER if self.redact else self.verdict.value


_UNCHECKED_REASONS = {
    Unchecked.DEADLINE_MISSED: "the check did not finish within its deadline",
    Unchecked.CHECK_FAILED: "the check failed",
    Unchecked.MALFORMED_RESPONSE: "the response is not a readable chat completion",
    Unchecked.RESPONSE_TOO_LARGE: "the response is larger than the checked limit",
    Unchecked.ENCODED_RESPONSE: "the answer came compressed (content-encoding), which is not read",
    Unchecked.AUDIO_ANSWER: "the answer holds audio without a transcript to check",
    Unchecked.STREAM_INCOMPLETE: "the stream ended before the answer was complete",
    Unchecked.OVERLOADED: "the sidecar is overloaded and could not check it in time",
}

# Answers left unchecked for a cause the client can choose (its Accept-Encoding, its
# `modalities`): unverifiable, refused under `unverifiable: block` with these codes.
_UNVERIFIABLE_UNCHECKED = {
    Unchecked.ENCODED_RESPONSE: RefusalCode.UNSUPPORTED_ENCODING,
    Unchecked.AUDIO_ANSWER: RefusalCode.UNSUPPORTED_CONTENT,
}

# Outcomes that BLOCK refuses whatever `unknown` says: the processor failed to do its
# job (fail closed), or the upstream broke off an answer that cannot be judged.
_ALWAYS_REFUSED = frozenset(
    {
        Unchecked.DEADLINE_MISSED,
        Unchecked.CHECK_FAILED,
        Unchecked.STREAM_INCOMPLETE,
        Unchecked.OVERLOADED,
    }
)


def decide(outcome: CheckOutcome, policy: GroundingPolicy, trace_id: str) -> Decision:
    verdict = outcome.verdict
    if not policy.action.may_refuse:
        return Decision(verdict, None)  # LOG and FLAG never change delivery
    result = outcome.result
    # REDACT delivers a failed answer without its ungrounded claims while a grounded
    # one remains; with nothing grounded left, only a prefix checked (the rest would
    # go out unchecked), or the answer spoken (audio cannot be cut), it refuses as
    # BLOCK does.
    if (
        policy.action is Action.REDACT
        and result is not None
        and verdict is ResponseVerdict.FAIL
        and not outcome.truncated
        and not outcome.spoken
        and result.has_supported_claim
    ):
        return Decision(verdict, None, tuple(g.span for g in result.ungrounded_claims))
    if outcome.result is not None and verdict is ResponseVerdict.FAIL:
        first = outcome.result.ungrounded_claims
        claim = first[0].text if first else "(unspecified)"
        return Decision(verdict, hallucination_detected(claim, trace_id))
    if outcome.unchecked in _ALWAYS_REFUSED:
        assert outcome.unchecked is not None
        return Decision(
            verdict, grounding_unverified(_UNCHECKED_REASONS[outcome.unchecked], trace_id)
        )
    limit = _limit_passed(outcome) if verdict is ResponseVerdict.UNKNOWN else None
    if limit is not None and policy.unverifiable is UnknownHandling.BLOCK:
        code, what = limit
        return Decision(verdict, unverifiable(code, what, trace_id))
    if verdict is ResponseVerdict.UNKNOWN and policy.unknown is UnknownHandling.BLOCK:
        reason = (
            _UNCHECKED_REASONS[outcome.unchecked]
            if outcome.unchecked is not None
            else _unknown_reason(outcome)
        )
        return Decision(verdict, grounding_unverified(reason, trace_id))
    return Decision(verdict, None)


def _limit_passed(outcome: CheckOutcome) -> tuple[RefusalCode, str] | None:
    """The client-controlled limit that left an `unknown` unverified, if one did.

    Sources dropped by a limit (or blank) may have held the support an unsupported
    claim lacks; an answer cut by a byte or length bound was checked only in part; an
    answer in a language the models do not read, compressed where Envoy did not decode
    it, or spoken without a transcript, was not checked at all.  A client can cause each
    on purpose (its prompt can ask for another language, its Accept-Encoding for a
    compressed answer, its `modalities` for audio), so BLOCK refuses them by default
    (`unverifiable`); the other unknowns (nothing checkable, no approved reference, an
    unreadable upstream body) follow `unknown`.
    """
    if outcome.unchecked is Unchecked.RESPONSE_TOO_LARGE:
        return RefusalCode.ANSWER_OVER_LIMIT, "the response is larger than max-response-bytes"
    if outcome.truncated:
        return RefusalCode.ANSWER_OVER_LIMIT, "the answer is longer than max-stream-bytes"
    if outcome.unchecked in _UNVERIFIABLE_UNCHECKED:
        return _UNVERIFIABLE_UNCHECKED[outcome.unchecked], _UNCHECKED_REASONS[outcome.unchecked]
    reasons = outcome.result.reasons if outcome.result is not None else ()
    if Reason.UNSUPPORTED_LANGUAGE in reasons:
        return (
            RefusalCode.UNSUPPORTED_LANGUAGE,
            "the answer or its sources are in a language the models do not read",
        )
    if Reason.ANSWER_TRUNCATED in reasons:
        return RefusalCode.ANSWER_OVER_LIMIT, "the answer is longer than is checked"
    if Reason.EVIDENCE_TRUNCATED in reasons or Reason.EVIDENCE_MISSING in reasons:
        return (
            RefusalCode.SOURCES_DROPPED,
            "sources were dropped by max-sources or max-source-length, or were blank",
        )
    return None


def _unknown_reason(outcome: CheckOutcome) -> str:
    if outcome.truncated:
        return "only a prefix of the answer was checked"
    if outcome.result is not None and outcome.result.reasons:
        return ", ".join(reason.value.replace("_", " ") for reason in outcome.result.reasons)
    return "the evidence is incomplete"
