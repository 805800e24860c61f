"""What a check produced, and the service both transports ask for one.

`CheckService` is declared here, beside the outcome it returns, so that the ext_proc
exchange and the `Check` RPC depend on this layer and not on the application that
implements it (`grounding_sidecar.app.checks.CheckRunner`).
"""

from __future__ import annotations

from collections.abc import Callable, Coroutine, Sequence
from dataclasses import dataclass
from enum import StrEnum
from typing import Any, Protocol

from grounding_sidecar.decision.policy import GroundingPolicy
from grounding_sidecar.detection.contract import CheckResult, ResponseVerdict


class Unchecked(StrEnum):
    """Why an answer that should have been checked has no `CheckResult`."""

    DEADLINE_MISSED = "deadline_missed"
    CHECK_FAILED = "check_failed"  # the detector raised
    MALFORMED_RESPONSE = "malformed_response"  # 2xx body that is not a chat completion
    RESPONSE_TOO_LARGE = "response_too_large"  # JSON over max-response-bytes
    # A 2xx body with a content-encoding (gzip, br, ...) Envoy did not decode before the
    # sidecar: its bytes are not the answer's text.
    ENCODED_RESPONSE = "encoded_response"
    # A 2xx answer that holds audio (`modalities: ["audio"]`) whose words are not all in
    # a transcript the sidecar reads: what is spoken is not what is checked.
    AUDIO_ANSWER = "audio_answer"
    STREAM_INCOMPLETE = "stream_incomplete"  # no [DONE] nor finish_reason
    OVERLOADED = "overloaded"  # shed: the check could not have finished within its deadline


@dataclass(frozen=True, slots=True)
class CheckOutcome:
    result: CheckResult | None = None
    unchecked: Unchecked | None = None
    # The answer was cut by a byte bound before the check (scan incomplete): a pass on
    # a prefix says nothing about the rest, so it is reported as unknown.
    truncated: bool = False
    # The answer is spoken, checked by its audio's transcript: audio cannot be redacted.
    spoken: bool = False
    seconds: float | None = None  # how long the check took; None when none ran

    @property
    def verdict(self) -> ResponseVerdict:
        if self.result is None:
            return ResponseVerdict.UNKNOWN
        if self.truncated and self.result.verdict is ResponseVerdict.PASS:
            return ResponseVerdict.UNKNOWN
        return self.result.verdict


class CheckPreparation(Protocol):
    """Work a `CheckService` started for one exchange before its answer is complete."""

    def answer_grew(self, text: Callable[[], str]) -> None:
        """More of a streamed answer arrived; `text()` returns all of it so far."""

    def cancel(self) -> None:
        """The exchange ended without a check: drop the work not done."""

    @property
    def verified(self) -> tuple[int, CheckResult] | None:
        """With progressive work: the latest settled prefix of the answer graded whole,
        as (its length, its result); None until one is."""


class CheckService(Protocol):
    """Runs checks under the processor's deadline, off the event loop."""

    @property
    def available(self) -> bool:
        """False when the configured detector could not load: checks are refused."""

    async def run(
        self,
        answer: str,
        sources: Sequence[str],
        policy: GroundingPolicy,
        *,
        truncated: bool = False,
        preparation: CheckPreparation | None = None,
        question: str | None = None,
    ) -> CheckOutcome:
        """Check `answer` against `sources` under `policy`; never raises.  With the
        `preparation` `begin` returned for this exchange, the check reuses its work
        (the result is the same without it).  `question`, the user's last question, is
        what an answer too short to grade is read with (docs/detection.md#short-answers)."""

    def begin(
        self, sources: Sequence[str], policy: GroundingPolicy, *, progressive: bool = False
    ) -> CheckPreparation | None:
        """Start the work a check against `sources` will need, before the answer;
        `progressive` also grades each settled prefix whole (`CheckPreparation.verified`)."""

    def spawn(self, work: Coroutine[Any, Any, None]) -> None:
        """Run an after-delivery check that must outlive its ext_proc stream."""
