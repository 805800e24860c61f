"""Held delivery: the headers and the body wait for the verdict on the whole answer.

JSON answers are always held (a partial JSON body is useless to a client, and holding
lets every action carry `x-grounding-verdict`); streams are held when the action may
refuse them.  The verdict then releases what was held (rewritten when a report or a
redaction is due), or refuses it: a JSON answer is replaced by the refusal envelope,
a stream gets only the end that says why (`AnswerBody.refused_end`).
"""

from __future__ import annotations

from grounding_sidecar.decision import CheckOutcome, Unchecked
from grounding_sidecar.decision.decide import Decision
from grounding_sidecar.decision.envelopes import Refusal
from grounding_sidecar.extproc import messages
from grounding_sidecar.extproc.answer_check import AnswerCheck, redactions
from grounding_sidecar.extproc.delivery import Progress, ResponseDelivery
from grounding_sidecar.extproc.messages import ProcessingResponse
from grounding_sidecar.openai import AnswerText, MalformedResponse, with_report
from grounding_sidecar.openai.answer_body import AnswerBody, IncompleteStream, Report


class HeldDelivery(ResponseDelivery):
    def __init__(self, check: AnswerCheck, body: AnswerBody, max_bytes: int) -> None:
        super().__init__(check, body)
        self._max_bytes = max_bytes
        self._held: list[bytes] = []
        # Progressive delivery sends the headers, and the verified start of the
        # answer, before the verdict.
        self._headers_sent = False
        self._released_chars = 0  # content characters of the first choice released

    def on_headers(self, *, end_of_stream: bool) -> list[ProcessingResponse]:
        if end_of_stream:  # a 2xx with no body: nothing to check
            outcome = CheckOutcome(None, Unchecked.MALFORMED_RESPONSE)
            return self.conclude(outcome, end_of_stream=True)
        return []  # no reply until the verdict (progressive: or the first release)

    async def on_body(self, chunk: bytes, end: bool) -> list[ProcessingResponse]:
        self._bytes_seen += len(chunk)
        self._held.append(chunk)
        self._bytes_retained += len(chunk)
        self._grew(chunk)
        if self._bytes_retained > self._max_bytes:
            return await self._over_the_bound(end)
        return await self.on_body_end(end_of_stream=True) if end else []

    async def on_body_end(self, *, end_of_stream: bool) -> list[ProcessingResponse]:
        if self._body.streaming:
            self._summarise(complete=self._body.complete)
        try:
            answer = self._body.read(self._held)
        except IncompleteStream:
            outcome = CheckOutcome(None, Unchecked.STREAM_INCOMPLETE)
            return self.conclude(outcome, end_of_stream=end_of_stream)
        except MalformedResponse:
            outcome = CheckOutcome(None, Unchecked.MALFORMED_RESPONSE)
            return self.conclude(outcome, end_of_stream=end_of_stream)
        outcome = await self._check.run_answer(answer)
        return self.conclude(outcome, end_of_stream=end_of_stream, answer=answer)

    async def _over_the_bound(self, end: bool) -> list[ProcessingResponse]:
        """Nothing more can be held: a stream's prefix is judged now (a pass on it is
        only `unknown`); a JSON answer cannot be read in part."""
        prefix = self._body.prefix()
        if prefix is None:
            return self.conclude(
                CheckOutcome(None, Unchecked.RESPONSE_TOO_LARGE), end_of_stream=end
            )
        self._scan_incomplete = True
        outcome = await self._check.run(prefix, truncated=True)
        self._summarise(complete=end and self._body.complete)
        return self.conclude(outcome, end_of_stream=end)

    def conclude(
        self, outcome: CheckOutcome, *, end_of_stream: bool, answer: AnswerText | None = None
    ) -> list[ProcessingResponse]:
        """Apply the decision to the held response: release it, or refuse it; `answer`
        (the checked text and where each choice lies) places the report's spans."""
        decision = self._check.record(outcome)
        metadata = self._check.metadata(outcome, decision)
        late_metadata = metadata if self._headers_sent else None
        edits = redactions(answer, decision.redact) if answer and decision.redact else {}
        located = answer if answer is not None else self._body.so_far()
        report = self._check.report(outcome, decision, located, edits)
        if decision.refusal is not None:
            self.progress = Progress.FINISHED
            return self._refused(decision, decision.refusal, metadata, late_metadata, report)
        verdict_header = {messages.VERDICT_HEADER: decision.verdict_header}
        held, self._held = self._held, []
        if (report is not None or edits) and end_of_stream and held:
            # The whole answer is here: redacted, and the report goes into it (a
            # response released early, past a byte bound, has no end here to carry one;
            # REDACT refuses a prefix instead).
            whole = self._body.rewritten(b"".join(held), edits, report, self._released_chars)
            held = [whole]
            verdict_header.update(self._body.length_headers(whole))
        self.progress = Progress.FINISHED if end_of_stream else Progress.RELEASED
        return [
            *self._headers(verdict_header, metadata),
            *messages.streamed_response_bodies(
                held, end_of_stream=end_of_stream, metadata=late_metadata
            ),
        ]

    def _refused(
        self,
        decision: Decision,
        refusal: Refusal,
        metadata: dict[str, object],
        late_metadata: dict[str, object] | None,
        report: Report | None,
    ) -> list[ProcessingResponse]:
        """`late_metadata`: the metadata, when the headers went out before the verdict:
        it rides on the last body message (Envoy's access log is written after it)."""
        end = self._body.refused_end(report)
        if end is None:
            body = refusal.body()
            return [
                messages.refusal_response(
                    refusal,
                    with_report(body, report) if report is not None else body,
                    verdict_header=decision.verdict_header,
                    metadata=metadata,
                )
            ]
        # The client gets the final chunk only (progressive: after what was verified
        # and released already).
        return [
            *self._headers({messages.VERDICT_HEADER: decision.verdict_header}, metadata),
            messages.streamed_response_body(end, end_of_stream=True, metadata=late_metadata),
        ]

    def _headers(
        self, set_headers: dict[str, str], metadata: dict[str, object]
    ) -> list[ProcessingResponse]:
        """The held response headers, unless progressive delivery sent them already (the
        verdict then rides in the report and the audit, not in a header)."""
        if self._headers_sent:
            return []
        self._headers_sent = True
        return [messages.continue_response_headers(set_headers, metadata)]
