"""What every delivery mode of a checked answer shares.

The exchange picks one delivery object when a checked answer's 2xx headers arrive
(`decision.Delivery`: immediate, deferred, which holds, or progressive) and hands it
every body message until it reports, through `progress`, that the response is
finished or released to be relayed.
Each mode owns its buffers; the counts a stream's summary reports live here.
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from enum import Enum

from grounding_sidecar.extproc.answer_check import AnswerCheck
from grounding_sidecar.extproc.messages import ProcessingResponse
from grounding_sidecar.openai.answer_body import AnswerBody


class Progress(Enum):
    OPEN = "open"  # the delivery owns the rest of the response body
    RELEASED = "released"  # released before its end: the rest is relayed as is
    FINISHED = "finished"  # the client's response is complete, or refused


class ResponseDelivery(ABC):
    def __init__(self, check: AnswerCheck, body: AnswerBody) -> None:
        self.progress = Progress.OPEN
        self._check = check
        self._body = body
        self._bytes_seen = 0
        self._bytes_retained = 0  # held, or copied to be checked
        self._scan_incomplete = False  # a byte bound left part of the answer unread

    @abstractmethod
    def on_headers(self, *, end_of_stream: bool) -> list[ProcessingResponse]:
        """The response headers (`end_of_stream`: the answer has no body)."""

    @abstractmethod
    async def on_body(self, chunk: bytes, end: bool) -> list[ProcessingResponse]:
        """One body message; `end`: the upstream's end of stream."""

    @abstractmethod
    async def on_body_end(self, *, end_of_stream: bool) -> list[ProcessingResponse]:
        """The body ended by other means than its end of stream (trailers came)."""

    def on_cancelled(self) -> None:  # noqa: B027 - only immediate delivery acts on it
        """Envoy reset the stream while the response was open."""

    def _grew(self, chunk: bytes) -> None:
        """Read `chunk` into the answer; the work ahead of the check follows it."""
        if self._body.feed(chunk):
            self._check.answer_grew(self._body.text)

    def _summarise(self, *, complete: bool) -> None:
        self._check.summarise(
            bytes_seen=self._bytes_seen,
            bytes_retained=self._bytes_retained,
            events=self._body.events,
            scan_incomplete=self._scan_incomplete,
            complete=complete,
        )
