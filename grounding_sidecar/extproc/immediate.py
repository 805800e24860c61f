"""Immediate delivery (LOG and FLAG streams): every chunk goes out as it comes.

A copy of at most `max_stream_bytes` is parsed, and the check runs once the client has
the answer, recorded only.  When the answer is to carry a report, the chunk that
completes it waits, with whatever follows, for the verdict its final chunk will say.
"""

from __future__ import annotations

from grounding_sidecar.decision import ReportLevel
from grounding_sidecar.extproc import messages
from grounding_sidecar.extproc.answer_check import AnswerCheck
from grounding_sidecar.extproc.delivery import Progress, ResponseDelivery
from grounding_sidecar.extproc.messages import ProcessingResponse
from grounding_sidecar.openai.answer_body import StreamAnswerBody


class ImmediateDelivery(ResponseDelivery):
    def __init__(self, check: AnswerCheck, max_bytes: int) -> None:
        super().__init__(check, StreamAnswerBody())
        self._max_bytes = max_bytes
        # The stream's end, from the chunk that completed the answer, while it waits for
        # the verdict its report will carry; None while chunks go out at once.
        self._end: list[bytes] | None = None

    def on_headers(self, *, end_of_stream: bool) -> list[ProcessingResponse]:
        return [messages.continue_response_headers()]

    async def on_body(self, chunk: bytes, end: bool) -> list[ProcessingResponse]:
        self._bytes_seen += len(chunk)
        if not self._scan_incomplete:
            self._copy(chunk)
        if self._end is not None:
            self._end.append(chunk)
            return await self._release_end(end_of_stream=True) if end else []
        if end:
            self._finish()
        return [messages.streamed_response_body(chunk, end_of_stream=end)]

    async def on_body_end(self, *, end_of_stream: bool) -> list[ProcessingResponse]:
        if self._end is not None:
            return await self._release_end(end_of_stream=end_of_stream)
        self._finish()
        return []

    def on_cancelled(self) -> None:
        # The client already got what was relayed: still record a verdict on it.
        self._check_after_delivery()

    def _copy(self, chunk: bytes) -> None:
        room = self._max_bytes - self._bytes_retained
        if len(chunk) > room:
            self._scan_incomplete = True
            chunk = chunk[:room]
        self._bytes_retained += len(chunk)
        self._grew(chunk)
        report_due = self._check.report_level is not ReportLevel.NONE
        if report_due and self._end is None and self._body.complete:
            self._end = []  # this chunk ends the answer: it waits

    async def _release_end(self, *, end_of_stream: bool) -> list[ProcessingResponse]:
        """The held end, once the verdict is known, with the report in its final chunk
        (LOG and FLAG deliver whatever it says)."""
        self._summarise(complete=True)
        answer = self._body.so_far()
        outcome = await self._check.run_answer(answer, truncated=self._scan_incomplete)
        decision = self._check.record(outcome)
        report = self._check.report(outcome, decision, answer)
        held, self._end = self._end or [], None
        self.progress = Progress.FINISHED
        body = self._body.rewritten(b"".join(held), {}, report, 0)
        return [messages.streamed_response_body(body, end_of_stream=end_of_stream)]

    def _finish(self) -> None:
        self.progress = Progress.FINISHED
        self._check_after_delivery()

    def _check_after_delivery(self) -> None:
        answer = self._body.so_far()  # joined once, now, before the buffers go away
        complete = self._body.complete
        self._summarise(complete=complete)
        self._check.run_after_delivery(answer, truncated=self._scan_incomplete or not complete)
