"""The check of one exchange's answer, and everything recorded about it.

An `AnswerCheck` exists once a request's body shows that its answer will be checked.
Every delivery mode asks it to run the check (consuming the work begun on the sources
at request time) and to record the outcome: the span, the observer's events, the
Envoy metadata, the report the answer carries.  So the deliveries only move bytes,
and what a verdict records is the same whichever of them reached it.
"""

from __future__ import annotations

import logging
from collections.abc import Callable, Mapping, Sequence
from dataclasses import replace
from typing import Any

from grounding_sidecar.decision import (
    CheckEvent,
    CheckOutcome,
    CheckPreparation,
    CheckService,
    Delivery,
    GroundingObserver,
    GroundingPolicy,
    Redaction,
    ReportLevel,
    StreamSummary,
    Unchecked,
    decide,
    grounding_report,
    redact,
)
from grounding_sidecar.decision.decide import Decision
from grounding_sidecar.extproc import messages
from grounding_sidecar.observability.tracing import ExchangeTrace
from grounding_sidecar.openai import AnswerText, ChatRequest, Speech

log = logging.getLogger(__name__)

# An answer whose audio has no transcript: what is spoken is not what could be read.
_AUDIO_UNREAD = CheckOutcome(None, Unchecked.AUDIO_ANSWER)


def notify(observer: GroundingObserver, call: Callable[[GroundingObserver], None]) -> None:
    try:
        call(observer)
    except Exception:  # an observer bug must never break delivery
        log.exception("grounding observer failed")


class AnswerCheck:
    def __init__(
        self,
        checks: CheckService,
        observer: GroundingObserver,
        *,
        policy: GroundingPolicy,
        workspace_id: str | None,
        trace: ExchangeTrace,
        request: ChatRequest,
        report: ReportLevel,
        preparation: CheckPreparation | None,
    ) -> None:
        self.checks = checks
        self.observer = observer
        self.policy = policy
        self.workspace_id = workspace_id
        self.trace = trace
        self.request = request
        self.report_level = report  # how much of the verdict the answer carries
        # Work begun on the sources at request time, continued on the answer as it
        # streams; handed to the check that consumes it, cancelled if none comes.
        self._preparation = preparation
        # Set by the response headers of a 2xx answer.
        self.streaming = False
        self.delivery = Delivery.IMMEDIATE

    def answer_arrives(self, *, streaming: bool, delivery: Delivery) -> None:
        self.streaming = streaming
        self.delivery = delivery

    # -- the work ahead of the check -------------------------------------------

    def answer_grew(self, text: Callable[[], str]) -> None:
        if self._preparation is not None:
            self._preparation.answer_grew(text)

    @property
    def preparation(self) -> CheckPreparation | None:
        """The work begun, until a check consumes it."""
        return self._preparation

    def cancel(self) -> None:
        """No check will consume the work begun: a client gone costs no more of it."""
        if self._preparation is not None:
            self._preparation.cancel()
            self._preparation = None

    # -- the check ---------------------------------------------------------------

    async def run(self, answer: str, *, truncated: bool = False) -> CheckOutcome:
        preparation, self._preparation = self._preparation, None
        return await self._run(answer, truncated, preparation)

    async def run_answer(self, answer: AnswerText, *, truncated: bool = False) -> CheckOutcome:
        """The check of an answer as read: a spoken one by its transcript (marked, since
        audio cannot be cut), one with audio and no transcript not at all."""
        if answer.speech is Speech.UNTRANSCRIBED:
            return _AUDIO_UNREAD
        outcome = await self.run(answer.text, truncated=truncated)
        return replace(outcome, spoken=True) if answer.speech is Speech.TRANSCRIBED else outcome

    def run_after_delivery(self, answer: AnswerText, *, truncated: bool) -> None:
        """Check what the client already has, outliving the exchange; recorded only."""
        if answer.speech is Speech.UNTRANSCRIBED:
            self.record(_AUDIO_UNREAD)
            return
        preparation, self._preparation = self._preparation, None

        async def check_and_record() -> None:
            self.record(await self._run(answer.text, truncated, preparation))

        self.checks.spawn(check_and_record())

    async def _run(
        self, answer: str, truncated: bool, preparation: CheckPreparation | None
    ) -> CheckOutcome:
        sources = self.request.sources or ()
        return await self.checks.run(
            answer,
            sources,
            self.policy,
            truncated=truncated,
            preparation=preparation,
            question=self.request.question,
        )

    # -- what is recorded --------------------------------------------------------

    def record(self, outcome: CheckOutcome) -> Decision:
        decision = decide(outcome, self.policy, self.trace.trace_id)
        unchecked = outcome.unchecked
        self.trace.record_check(
            outcome.result,
            seconds=outcome.seconds,
            unchecked=unchecked.value if unchecked else None,
        )
        event = CheckEvent(
            workspace_id=self.workspace_id,
            action=self.policy.action,
            streaming=self.streaming,
            delivery=self.delivery,
            outcome=outcome,
            decision=decision,
            trace_id=self.trace.trace_id,
            source_count=self.request.source_count,
            claim_policy=self.policy.claim_policy,
        )
        notify(self.observer, lambda o: o.on_check(event))
        return decision

    def summarise(
        self,
        *,
        bytes_seen: int,
        bytes_retained: int,
        events: int,
        scan_incomplete: bool,
        complete: bool,
    ) -> None:
        summary = StreamSummary(
            workspace_id=self.workspace_id,
            action=self.policy.action,
            delivery=self.delivery,
            bytes_seen=bytes_seen,
            bytes_retained=bytes_retained,
            events=events,
            scan_incomplete=scan_incomplete,
            complete=complete,
            trace_id=self.trace.trace_id,
        )
        notify(self.observer, lambda o: o.on_stream_summary(summary))

    def metadata(self, outcome: CheckOutcome, decision: Decision) -> dict[str, object]:
        return messages.dynamic_metadata(
            workspace_id=self.workspace_id,
            policy=self.policy,
            outcome=outcome,
            decision=decision,
            source_count=self.request.source_count,
        )

    def report(
        self,
        outcome: CheckOutcome,
        decision: Decision,
        answer: AnswerText,
        redactions: Mapping[int, Redaction] | None = None,
    ) -> dict[str, Any] | None:
        return grounding_report(
            self.report_level, outcome, decision, self.trace.trace_id, answer.locate, redactions
        )


def redactions(answer: AnswerText, spans: Sequence[tuple[int, int]]) -> dict[int, Redaction]:
    """REDACT's removals per choice, from the removed claims' spans in the answer."""
    by_choice: dict[int, list[tuple[int, int]]] = {}
    for start, end in spans:
        where = answer.locate(start, end)
        if where is not None:
            by_choice.setdefault(where[0], []).append((where[1], where[2]))
    contents = {c.index: answer.text[c.start : c.end] for c in answer.choices}
    return {index: redact(contents[index], local) for index, local in by_choice.items()}
