"""The bodies a client gets when the sidecar refuses (docs/contract.md#refusals)."""

from __future__ import annotations

import re
import secrets
from dataclasses import dataclass
from enum import StrEnum

from grounding_sidecar.common.compact_json import compact_json

_TRACEPARENT = re.compile(r"^[0-9a-f]{2}-([0-9a-f]{32})-[0-9a-f]{16}-[0-9a-f]{2}$")
_MAX_CLAIM_IN_MESSAGE = 300  # keeps the envelope small; the claim hash is in the audit trail


class RefusalCode(StrEnum):
    HALLUCINATION_DETECTED = "hallucination_detected"
    GROUNDING_UNAVAILABLE = "grounding_unavailable"
    # Beyond the two codes above (docs/contract.md#refusals): BLOCK with `unknown: block`,
    # or a deferred check that missed its deadline or raised.  Kept apart so clients can
    # tell "wrong" from "unverified".
    GROUNDING_UNVERIFIED = "grounding_unverified"
    INVALID_SOURCES = "invalid_grounding_sources"
    INVALID_REQUEST_BODY = "invalid_request_body"
    # BLOCK could not verify the answer because the request or the answer went past a
    # limit the client controls (docs/contract.md#unverifiable-answers).
    SOURCES_DROPPED = "sources_dropped"
    ANSWER_OVER_LIMIT = "answer_over_limit"
    # ... or because the answer or its sources are in a language the models do not read
    # (the client's prompt chooses the answer's language).
    UNSUPPORTED_LANGUAGE = "unsupported_language"
    # ... or because the answer came compressed (the client's Accept-Encoding can ask
    # for that) and was not decoded before the sidecar.
    UNSUPPORTED_ENCODING = "unsupported_encoding"
    # ... or because the answer holds audio (the request's `modalities` ask for it).
    UNSUPPORTED_CONTENT = "unsupported_content"

    @property
    def details(self) -> str:
        """Envoy's response details for this refusal (`%RESPONSE_CODE_DETAILS%`)."""
        return _DETAILS[self]


_DETAILS = {
    RefusalCode.HALLUCINATION_DETECTED: "grounding_hallucination_detected",
    RefusalCode.GROUNDING_UNAVAILABLE: "grounding_unavailable",
    RefusalCode.GROUNDING_UNVERIFIED: "grounding_unverified",
    RefusalCode.INVALID_SOURCES: "grounding_invalid_sources",
    RefusalCode.INVALID_REQUEST_BODY: "grounding_invalid_request_body",
    RefusalCode.SOURCES_DROPPED: "grounding_sources_dropped",
    RefusalCode.ANSWER_OVER_LIMIT: "grounding_answer_over_limit",
    RefusalCode.UNSUPPORTED_LANGUAGE: "grounding_unsupported_language",
    RefusalCode.UNSUPPORTED_ENCODING: "grounding_unsupported_encoding",
    RefusalCode.UNSUPPORTED_CONTENT: "grounding_unsupported_content",
}


@dataclass(frozen=True, slots=True)
class Refusal:
    status: int
    code: RefusalCode
    message: str
    trace_id: str

    def body(self) -> bytes:
        error_type = "invalid_request_error" if self.status == 400 else "guardrail_violation"
        envelope = {
            "error": {
                "type": error_type,
                "code": self.code.value,
                "message": self.message,
                "trace_id": self.trace_id,
            }
        }
        return compact_json(envelope)


def trace_id_from(traceparent: str | None) -> str:
    """The W3C trace id of the request when it has a valid one, else a fresh one."""
    if traceparent:
        match = _TRACEPARENT.match(traceparent.strip().lower())
        if match and match.group(1) != "0" * 32:
            return match.group(1)
    return secrets.token_hex(16)


def hallucination_detected(first_claim: str, trace_id: str) -> Refusal:
    claim = (
        first_claim
        if len(first_claim) <= _MAX_CLAIM_IN_MESSAGE
        else (first_claim[: _MAX_CLAIM_IN_MESSAGE - 3] + "...")
    )
    return Refusal(
        403,
        RefusalCode.HALLUCINATION_DETECTED,
        f"Response contains ungrounded claims: {claim}",
        trace_id,
    )


def grounding_unavailable(trace_id: str) -> Refusal:
    return Refusal(
        403,
        RefusalCode.GROUNDING_UNAVAILABLE,
        "Grounding is enabled for this workspace but no embedding-backed detector is available",
        trace_id,
    )


def grounding_unverified(reason: str, trace_id: str) -> Refusal:
    return Refusal(
        403,
        RefusalCode.GROUNDING_UNVERIFIED,
        f"Response could not be verified against the supplied sources: {reason}",
        trace_id,
    )


def invalid_sources(problem: str, trace_id: str) -> Refusal:
    return Refusal(400, RefusalCode.INVALID_SOURCES, problem, trace_id)


def invalid_request_body(problem: str, trace_id: str) -> Refusal:
    """A chat-completion body that cannot be read: refused, since `grounding.sources` could
    not be removed from it (docs/contract.md#refusals)."""
    return Refusal(400, RefusalCode.INVALID_REQUEST_BODY, problem, trace_id)


def unverifiable(code: RefusalCode, limit: str, trace_id: str) -> Refusal:
    """BLOCK refuses an answer it could not verify because `limit` was passed."""
    return Refusal(
        403, code, f"Response could not be verified against the supplied sources: {limit}", trace_id
    )
