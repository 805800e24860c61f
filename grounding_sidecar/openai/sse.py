"""Server-sent events of a streaming chat completion, parsed incrementally.

`SseParser` turns arbitrary byte chunks into events (LF, CRLF or CR line ends,
multi-line `data:`, comments, a line end split across chunks).  `StreamAnswer`
joins `delta.content` per choice.  Text is kept as a list of parts per choice and
joined once at the end, since repeated string concatenation is quadratic on long
streams.
"""

from __future__ import annotations

import json
import re
from collections.abc import Iterator, Mapping, Sequence
from dataclasses import dataclass, field, replace
from typing import Any

from grounding_sidecar.common.compact_json import compact_json
from grounding_sidecar.openai.content import content_text
from grounding_sidecar.openai.response import AnswerText, Speech, join_choices, speech_of

DONE_SENTINEL = "[DONE]"
# `json.loads` minus its per-call argument checks (one call per event); a leading BOM,
# which `loads` rejects by name, is rejected here as invalid JSON: the same error type.
_decode_json = json.JSONDecoder().decode


@dataclass(frozen=True, slots=True)
class SseEvent:
    data: str
    event: str = ""


class SseParser:
    """Incremental SSE framing per the WHATWG event-stream grammar (no retry/id use)."""

    def __init__(self) -> None:
        self._buffer = bytearray()
        self._data_lines: list[str] = []
        self._event_type = ""
        self._skip_lf = False  # the previous chunk ended in CR; a leading LF belongs to it
        self._scanned = 0  # buffered bytes already known to hold no line end

    def feed(self, chunk: bytes) -> list[SseEvent]:
        if self._skip_lf and chunk[:1] == b"\n":
            chunk = chunk[1:]
        self._skip_lf = False
        self._buffer += chunk
        if b"\r" not in chunk:
            # LF-only (what OpenAI-compatible servers send).  The buffer held no line
            # end before this chunk (every feed consumes through its last one), so the
            # complete lines are decoded at once and split: the same lines and the same
            # replacement characters as decoding each line (an LF always ends an
            # invalid UTF-8 sequence).
            return self._feed_lf_lines()
        events: list[SseEvent] = []
        start = 0
        buffer = self._buffer
        search_from = self._scanned  # a long line split over many chunks stays linear
        while True:
            cr = buffer.find(b"\r", search_from)
            lf = buffer.find(b"\n", search_from)
            if cr < 0 and lf < 0:
                break
            if cr >= 0 and (lf < 0 or cr < lf):
                end, next_start = cr, cr + 1
                if next_start < len(buffer):
                    if buffer[next_start] == 0x0A:
                        next_start += 1
                else:
                    self._skip_lf = True
            else:
                end, next_start = lf, lf + 1
            event = self._line(bytes(buffer[start:end]).decode("utf-8", errors="replace"))
            if event is not None:
                events.append(event)
            start = search_from = next_start
        del buffer[:start]
        self._scanned = len(buffer)
        return events

    def _feed_lf_lines(self) -> list[SseEvent]:
        buffer = self._buffer
        last = buffer.rfind(b"\n", self._scanned)
        if last < 0:
            self._scanned = len(buffer)  # a long line split over many chunks stays linear
            return []
        text = buffer[:last].decode("utf-8", errors="replace")
        del buffer[: last + 1]
        self._scanned = len(buffer)
        events: list[SseEvent] = []
        for line in text.split("\n"):
            event = self._line(line)
            if event is not None:
                events.append(event)
        return events

    @property
    def has_partial_event(self) -> bool:
        """Bytes or fields that were never closed by a blank line (broken framing)."""
        return bool(self._buffer.strip()) or bool(self._data_lines)

    def _line(self, line: str) -> SseEvent | None:
        if not line:
            return self._dispatch()
        if line.startswith(":"):
            return None  # a comment, e.g. a keep-alive
        name, _, value = line.partition(":")
        if value.startswith(" "):
            value = value[1:]
        if name == "data":
            self._data_lines.append(value)
        elif name == "event":
            self._event_type = value
        return None

    def _dispatch(self) -> SseEvent | None:
        if not self._data_lines:
            self._event_type = ""
            return None
        event = SseEvent(data="\n".join(self._data_lines), event=self._event_type)
        self._data_lines = []
        self._event_type = ""
        return event


@dataclass(slots=True)
class StreamAnswer:
    """The answer carried by a chat-completion event stream."""

    parts: dict[int, list[str]] = field(default_factory=dict)
    finish_reasons: dict[int, str] = field(default_factory=dict)
    done: bool = False
    malformed_events: int = 0
    # Spoken choices (a delta carried `audio`), and the choices with content deltas: a
    # spoken choice's text is its transcript (`response.Speech`).
    spoken: set[int] = field(default_factory=set)
    written: set[int] = field(default_factory=set)
    completion_id: str = ""
    model: str = ""
    created: int = 0

    def add(self, event: SseEvent) -> None:
        if event.data.strip() == DONE_SENTINEL:
            self.done = True
            return
        try:
            chunk = _decode_json(event.data)
        except (ValueError, RecursionError):  # bad JSON, huge integers, deep nesting
            self.malformed_events += 1
            return
        if not isinstance(chunk, dict) or not isinstance(chunk.get("choices"), list):
            self.malformed_events += 1  # includes in-stream `{"error": ...}` events
            return
        self._remember_identity(chunk)
        for choice in chunk["choices"]:
            self._add_choice(choice)

    @property
    def complete(self) -> bool:
        """The upstream said it finished: `[DONE]`, or a finish_reason on every choice."""
        if self.done:
            return True
        return bool(self.parts) and all(index in self.finish_reasons for index in self.parts)

    @property
    def choice_indices(self) -> tuple[int, ...]:
        return tuple(sorted(self.parts)) or (0,)

    def text(self) -> str:
        """All choices' text, each joined once."""
        return self.answer().text

    def answer(self) -> AnswerText:
        """The text with where each choice lies in it (the report's spans)."""
        joined = join_choices((index, "".join(self.parts[index])) for index in sorted(self.parts))
        return replace(joined, speech=speech_of(self._speech(index) for index in self.parts))

    def _speech(self, index: int) -> Speech:
        if index not in self.spoken:
            return Speech.NONE
        if index in self.written or not any(self.parts[index]):
            return Speech.UNTRANSCRIBED
        return Speech.TRANSCRIBED

    def _remember_identity(self, chunk: dict[str, Any]) -> None:
        if not self.completion_id and isinstance(chunk.get("id"), str):
            self.completion_id = chunk["id"]
        if not self.model and isinstance(chunk.get("model"), str):
            self.model = chunk["model"]
        if not self.created and isinstance(chunk.get("created"), int):
            self.created = chunk["created"]

    def _add_choice(self, choice: Any) -> None:
        if not isinstance(choice, dict):
            self.malformed_events += 1
            return
        index = _choice_index(choice)
        parts = self.parts.setdefault(index, [])
        content = _delta_content(choice)
        if content is not None:
            parts.append(content)
            self.written.add(index)
        if _delta_audio(choice):
            self.spoken.add(index)
            parts.append(_delta_transcript(choice))
        reason = choice.get("finish_reason")
        if isinstance(reason, str):
            self.finish_reasons[index] = reason


def content_filter_chunk(answer: StreamAnswer, report: Mapping[str, Any] | None = None) -> bytes:
    """The final event of a refused stream: every choice ends with `content_filter`,
    and the grounding report, when one is due, says why."""
    chunk: dict[str, Any] = {
        "id": answer.completion_id or "chatcmpl-grounding",
        "object": "chat.completion.chunk",
        "created": answer.created,
        "model": answer.model,
        "choices": [
            {"index": index, "delta": {}, "finish_reason": "content_filter"}
            for index in answer.choice_indices
        ],
    }
    if report is not None:
        chunk["grounding"] = report
    return b"data: " + compact_json(chunk) + b"\n\n"


# An event ends at a blank line; each line may end in CRLF, LF or CR.
_EVENT_END = re.compile(rb"(?:\r\n|\n|\r)(?:\r\n|\n|\r)")


def with_report_in_final_chunk(raw: bytes, report: Mapping[str, Any]) -> bytes:
    """A complete stream's bytes with `grounding` added to its final chunk (the last
    one carrying a `finish_reason`), that event rewritten as one `data:` line and every
    other byte kept; a stream with no such chunk gets one, before `[DONE]`."""
    final: tuple[int, int, dict[str, Any]] | None = None
    done_at: int | None = None
    for position, end, _ in _raw_events(raw):
        data = _event_data(raw[position:end])
        if data is not None and data.strip() == DONE_SENTINEL and done_at is None:
            done_at = position
        elif data is not None:
            chunk = _chunk_of(data)
            if chunk is not None and _finishes(chunk):
                final = (position, end, chunk)
    if final is None:
        at = len(raw) if done_at is None else done_at
        extra = {"object": "chat.completion.chunk", "choices": [], "grounding": report}
        return raw[:at] + b"data: " + compact_json(extra) + b"\n\n" + raw[at:]
    start, end, chunk = final
    chunk["grounding"] = report
    return raw[:start] + b"data: " + compact_json(chunk) + b"\n\n" + raw[end:]


def without_ranges(
    raw: bytes,
    removed: Mapping[int, Sequence[tuple[int, int]]],
    starts: Mapping[int, int] | None = None,
) -> bytes:
    """A stream's bytes with the characters at `removed` (per choice index, offsets
    into that choice's joined `delta.content`) cut from the deltas holding them; only
    those events are rewritten (as one `data:` line), every other byte kept.  `starts`:
    where each choice's content in `raw` begins (a stream's later part)."""
    out: list[bytes] = []
    offsets: dict[int, int] = dict(starts or {})
    for position, end, _ in _raw_events(raw):
        event = raw[position:end]
        data = _event_data(event)
        chunk = _chunk_of(data) if data is not None and data.strip() != DONE_SENTINEL else None
        changed = False
        for choice in chunk.get("choices", []) if chunk is not None else []:
            content = _delta_content(choice) if isinstance(choice, dict) else None
            if content is None:
                continue
            index = _choice_index(choice)
            start = offsets.get(index, 0)
            offsets[index] = start + len(content)
            kept = _cut(content, start, removed.get(index, ()))
            if kept != content:
                choice["delta"]["content"] = kept
                changed = True
        out.append(b"data: " + compact_json(chunk) + b"\n\n" if changed else event)
    return b"".join(out)


def _cut(text: str, offset: int, ranges: Sequence[tuple[int, int]]) -> str:
    """`text`, which starts at `offset` of its choice, without the parts in `ranges`."""
    kept: list[str] = []
    position = 0
    for start, end in ranges:
        local_start, local_end = max(start - offset, 0), min(end - offset, len(text))
        if local_start >= local_end or local_start >= len(text):
            continue
        kept.append(text[position:local_start])
        position = max(position, local_end)
    kept.append(text[position:])
    return "".join(kept)


def releasable(raw: bytes, chars: int) -> tuple[int, int]:
    """How much of a held stream's start may go out when its first `chars` characters
    of content are verified: (bytes, content characters) of the whole events from the
    start whose content lies within them.  Never an event still arriving, one for a
    choice other than the first, one that finishes a choice, or `[DONE]`: the end of a
    stream waits for the verdict on the whole answer (and carries its report)."""
    released = 0
    for position, end, closed in _raw_events(raw):
        if not closed:
            return position, released  # still arriving
        data = _event_data(raw[position:end])
        content = 0
        if data is not None:
            chunk = _chunk_of(data)
            if chunk is None or _finishes(chunk):
                return position, released  # unreadable (the whole check judges it) or the end
            for choice in chunk.get("choices") or []:
                if not isinstance(choice, dict) or _choice_index(choice) != 0:
                    return position, released
                if _delta_audio(choice):
                    return position, released  # audio goes out whole after the verdict
                content += len(_delta_content(choice) or "")
        if released + content > chars:
            return position, released
        released += content
    return len(raw), released


def _raw_events(raw: bytes) -> Iterator[tuple[int, int, bool]]:
    """(start, end, closed) of each event of a stream's bytes, in order; only the last
    can be unclosed (no blank line after it yet)."""
    position = 0
    while position < len(raw):
        match = _EVENT_END.search(raw, position)
        end = match.end() if match else len(raw)
        yield position, end, match is not None
        position = end


def _choice_index(choice: dict[str, Any]) -> int:
    """A choice's `index`; 0 when it has none or not an integer, as `StreamAnswer` has it."""
    index = choice.get("index", 0)
    return index if isinstance(index, int) else 0


def _delta_content(choice: dict[str, Any]) -> str | None:
    """A delta's content as text: a string, or a list of typed parts' texts, as a JSON
    answer's content is read (`content.content_text`); None when it has neither."""
    delta = choice.get("delta")
    content = delta.get("content") if isinstance(delta, dict) else None
    return content_text(content, "") if content is not None else None


def _delta_audio(choice: dict[str, Any]) -> bool:
    delta = choice.get("delta")
    return isinstance(delta, dict) and delta.get("audio") is not None


def _delta_transcript(choice: dict[str, Any]) -> str:
    """The transcript piece a spoken delta carries ("" for one of audio data only)."""
    audio = choice["delta"]["audio"]
    transcript = audio.get("transcript") if isinstance(audio, dict) else None
    return transcript if isinstance(transcript, str) else ""


def _event_data(event: bytes) -> str | None:
    """The `data` of one raw event (its data lines joined), None when it has none."""
    lines = [
        line[5:].removeprefix(b" ")
        for line in re.split(rb"\r\n|\n|\r", event)
        if line.startswith(b"data:")
    ]
    if not lines:
        return None
    return b"\n".join(lines).decode("utf-8", errors="replace")


def _chunk_of(data: str) -> dict[str, Any] | None:
    try:
        chunk = _decode_json(data)
    except (ValueError, RecursionError):
        return None
    return chunk if isinstance(chunk, dict) else None


def _finishes(chunk: dict[str, Any]) -> bool:
    choices = chunk.get("choices")
    return isinstance(choices, list) and any(
        isinstance(c, dict) and isinstance(c.get("finish_reason"), str) for c in choices
    )


def done_event() -> bytes:
    return b"data: [DONE]\n\n"
