"""The request side: sources in `metadata["grounding.sources"]`, the `stream` flag.

Sources travel inside the OpenAI `metadata` object because that is the one place an
OpenAI client library lets a caller put extra data.  OpenAI metadata values must be
strings, so a string holding a JSON list is accepted as well as a plain list, and any
other string is one source.  The key
is removed before the body goes upstream (the real API rejects large metadata values),
with every other `grounding.*` key (`grounding.report`: how much of the verdict the
answer should carry).

The user's last question (the last `role: user` message's text) is kept for the check
alone: an answer too short to grade on its own is read with it
(docs/detection.md#short-answers).  It is never logged nor recorded.
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from typing import Any

from grounding_sidecar.common.compact_json import compact_json
from grounding_sidecar.openai.content import content_text

SOURCES_METADATA_KEY = "grounding.sources"
REPORT_METADATA_KEY = "grounding.report"
# Every metadata key under this prefix is the sidecar's and never goes upstream.
METADATA_PREFIX = "grounding."


class MalformedRequest(ValueError):
    """The request body is not a JSON object we can read (and write back); the message
    says why, in words a client can act on, and names no body content."""


class InvalidSources(ValueError):
    """`grounding.sources` is present but is neither a string nor a list of strings.

    `stripped_body` is the body without the bad key, so a caller that decides to
    forward anyway never sends it upstream.
    """

    def __init__(self, message: str, stripped_body: bytes) -> None:
        super().__init__(message)
        self.stripped_body = stripped_body


@dataclass(frozen=True, slots=True)
class ChatRequest:
    """What the exchange needs from a chat-completion request body.

    `sources` is None when the key was absent, an empty tuple when it was an empty
    list.  `body` is what goes upstream: the original bytes when nothing was
    stripped, otherwise the re-serialised object without the sources key.
    """

    sources: tuple[str, ...] | None
    stream: bool
    body: bytes
    rewritten: bool
    report: str | None = None  # `grounding.report` as sent (a string), if it was
    # The last user message's text; None when there is none.  Kept out of `repr` so
    # that a logged request never shows it.
    question: str | None = field(default=None, repr=False)

    @property
    def source_count(self) -> int:
        return 0 if self.sources is None else len(self.sources)


def parse_chat_request(raw: bytes) -> ChatRequest:
    """Parse a chat-completion body; raise `MalformedRequest` or `InvalidSources`."""
    try:
        document = json.loads(raw)
    except (ValueError, RecursionError) as exc:
        # ValueError: bad JSON, bad UTF-8, an integer over Python's digit limit;
        # RecursionError: nesting deeper than the interpreter's stack allows.
        raise MalformedRequest(f"the request body is not valid JSON ({_fault(exc)})") from exc
    if not isinstance(document, dict):
        raise MalformedRequest("the request body is not a JSON object")
    stream = document.get("stream") is True
    question = last_user_text(document.get("messages"))
    metadata = document.get("metadata")
    ours = (
        [key for key in metadata if isinstance(key, str) and key.startswith(METADATA_PREFIX)]
        if isinstance(metadata, dict)
        else []
    )
    if not ours:
        return ChatRequest(
            sources=None, stream=stream, body=raw, rewritten=False, question=question
        )
    assert isinstance(metadata, dict)
    taken = {key: metadata.pop(key) for key in ours}
    report = taken.get(REPORT_METADATA_KEY)
    report = report if isinstance(report, str) else None
    if not metadata:
        # An empty object is legal but some OpenAI-compatible servers reject it.
        del document["metadata"]
    try:
        body = compact_json(document)  # the smallest faithful body, key order kept
    except RecursionError as exc:  # loadable, but too deep to write back out
        raise MalformedRequest("the request body is nested too deeply") from exc
    if SOURCES_METADATA_KEY not in taken:
        return ChatRequest(None, stream, body, rewritten=True, report=report, question=question)
    problem, sources = _sources_from(taken[SOURCES_METADATA_KEY])
    if problem is not None:
        raise InvalidSources(problem, body)
    return ChatRequest(sources, stream, body, rewritten=True, report=report, question=question)


def last_user_text(messages: Any) -> str | None:
    """The text of the last `role: user` message: its string content, or its text
    parts joined by a space; None when there is none or it holds only whitespace."""
    if not isinstance(messages, list):
        return None
    for message in reversed(messages):
        if isinstance(message, dict) and message.get("role") == "user":
            text = content_text(message.get("content"), " ") or ""
            return text if text.strip() else None
    return None


def _sources_from(value: Any) -> tuple[str | None, tuple[str, ...]]:
    """Return (problem, sources); problem is None when the value is usable.

    A string is a JSON list of sources when it reads as one (metadata values must be
    strings), and otherwise one source: the natural first attempt, `"some text"`.
    """
    if isinstance(value, str):
        try:
            listed = json.loads(value)
        except (ValueError, RecursionError):
            return None, (value,)
        if not isinstance(listed, list):
            return None, (value,)
        value = listed
    if not isinstance(value, list):
        return f"{SOURCES_METADATA_KEY} must be a list of strings", ()
    if not all(isinstance(item, str) for item in value):
        return f"{SOURCES_METADATA_KEY} must contain only strings", ()
    return None, tuple(value)


def _fault(exc: ValueError | RecursionError) -> str:
    """Where the JSON broke, without quoting the body (it may hold sources)."""
    if isinstance(exc, json.JSONDecodeError):
        return f"{exc.msg} at line {exc.lineno} column {exc.colno}"
    if isinstance(exc, UnicodeDecodeError):
        return f"invalid UTF-8 at byte {exc.start}"
    if isinstance(exc, RecursionError):
        return "nested too deeply"
    return str(exc).splitlines()[0][:200]
