"""A chat completion's body as it arrives, JSON or event stream, behind one interface.

The transport holds or copies a response's bytes without knowing their format; what
differs between a JSON completion and an SSE stream (reading the answer, when a part
of it can be judged, rewriting it with a report or without removed claims, how a
refused answer ends) is answered here, once per format.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any, Protocol

from grounding_sidecar.openai.response import (
    AnswerText,
    MalformedResponse,
    join_choices,
    read_json_answer,
    with_contents,
    with_report,
)
from grounding_sidecar.openai.sse import (
    SseParser,
    StreamAnswer,
    content_filter_chunk,
    done_event,
    with_report_in_final_chunk,
    without_ranges,
)

Report = Mapping[str, Any]


class IncompleteStream(MalformedResponse):
    """The stream ended before the upstream said it finished."""


class ChoiceEdit(Protocol):
    """What REDACT keeps of one choice's content: the text left, and the ranges cut."""

    @property
    def text(self) -> str: ...

    @property
    def removed(self) -> Sequence[tuple[int, int]]: ...


Edits = Mapping[int, ChoiceEdit]


class AnswerBody(Protocol):
    """One response body's answer, read as its chunks arrive."""

    streaming: bool  # an event stream (its summary is recorded, its prefix readable)
    events: int  # events parsed so far (0 for JSON)

    def feed(self, chunk: bytes) -> bool:
        """Read what arrived; whether the answer's text grew."""

    @property
    def complete(self) -> bool:
        """The upstream said the answer is finished."""

    def text(self) -> str:
        """The answer's text read so far."""

    def so_far(self) -> AnswerText:
        """The answer read so far, with where each choice lies in it."""

    def prefix(self) -> str | None:
        """The text a check may judge before the body ends; None when no part of it
        can be judged (a JSON document is read whole)."""

    def read(self, body: Sequence[bytes]) -> AnswerText:
        """The whole answer, once `body` (its chunks) is complete; raises
        `MalformedResponse`, `IncompleteStream` for a stream the upstream did not finish."""

    def rewritten(self, body: bytes, edits: Edits, report: Report | None, released: int) -> bytes:
        """The whole `body` with each choice's edit applied and `report` added;
        `released`: characters of the first choice's content that went out before it."""

    def refused_end(self, report: Report | None) -> bytes | None:
        """What ends a refused answer in its own format; None when the answer is
        replaced whole (a JSON completion: the refusal envelope takes its place)."""

    def length_headers(self, body: bytes) -> dict[str, str]:
        """The headers a rewritten `body` needs."""


class JsonAnswerBody:
    """A JSON chat completion: read once it is whole."""

    streaming = False
    events = 0
    complete = False

    def feed(self, chunk: bytes) -> bool:
        return False

    def text(self) -> str:
        return ""

    def so_far(self) -> AnswerText:
        return join_choices(())

    def prefix(self) -> str | None:
        return None

    def read(self, body: Sequence[bytes]) -> AnswerText:
        return read_json_answer(b"".join(body))

    def rewritten(self, body: bytes, edits: Edits, report: Report | None, released: int) -> bytes:
        if edits:
            body = with_contents(body, {index: edit.text for index, edit in edits.items()})
        return with_report(body, report) if report is not None else body

    def refused_end(self, report: Report | None) -> bytes | None:
        return None

    def length_headers(self, body: bytes) -> dict[str, str]:
        return {"content-length": str(len(body))}


class StreamAnswerBody:
    """An SSE chat-completion stream: its events parsed as they arrive."""

    streaming = True

    def __init__(self) -> None:
        self._parser = SseParser()
        self.answer = StreamAnswer()
        self.events = 0

    def feed(self, chunk: bytes) -> bool:
        events = self._parser.feed(chunk)
        for event in events:
            self.events += 1
            self.answer.add(event)
        return bool(events)

    @property
    def complete(self) -> bool:
        return self.answer.complete

    @property
    def choices(self) -> int:
        """How many choices the stream has carried so far."""
        return len(self.answer.parts)

    def text(self) -> str:
        return self.answer.text()

    def so_far(self) -> AnswerText:
        return self.answer.answer()

    def prefix(self) -> str | None:
        return self.answer.text()

    def read(self, body: Sequence[bytes]) -> AnswerText:
        if not self.answer.complete:
            raise IncompleteStream("the stream ended before the upstream finished it")
        return self.answer.answer()

    def rewritten(self, body: bytes, edits: Edits, report: Report | None, released: int) -> bytes:
        if edits:
            # A stream released in part already: the rest begins inside the first choice.
            starts = {0: released} if released else None
            body = without_ranges(body, {i: edit.removed for i, edit in edits.items()}, starts)
        return with_report_in_final_chunk(body, report) if report is not None else body

    def refused_end(self, report: Report | None) -> bytes | None:
        return content_filter_chunk(self.answer, report) + done_event()

    def length_headers(self, body: bytes) -> dict[str, str]:
        return {}
