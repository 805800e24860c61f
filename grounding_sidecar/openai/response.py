"""The answer text of a non-streaming chat completion."""

from __future__ import annotations

import json
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, replace
from typing import Any

from grounding_sidecar.common.compact_json import compact_json
from grounding_sidecar.openai.content import content_text

CHOICE_SEPARATOR = "\n\n"


class MalformedResponse(ValueError):
    """The upstream body is not a chat completion we can read."""


@dataclass(frozen=True, slots=True)
class ChoiceText:
    """Where one choice's content lies in the joined answer: `answer[start:end]`."""

    index: int  # the choice's own `index`
    start: int
    end: int


@dataclass(frozen=True, slots=True)
class AnswerText:
    """The checked answer (every choice's content, joined) and where each choice lies;
    `holds_audio`: a choice also carries audio (a spoken answer the text does not hold)."""

    text: str
    choices: tuple[ChoiceText, ...]
    holds_audio: bool = False

    def locate(self, start: int, end: int) -> tuple[int, int, int] | None:
        """An answer span as (choice index, start, end) in that choice's content."""
        for choice in self.choices:
            if choice.start <= start and end <= choice.end:
                return choice.index, start - choice.start, end - choice.start
        return None


def join_choices(contents: Iterable[tuple[int, str]]) -> AnswerText:
    """The one rule for an answer of several choices, JSON or streamed: each
    non-empty content in choice order, `CHOICE_SEPARATOR` between them."""
    parts: list[str] = []
    choices: list[ChoiceText] = []
    offset = 0
    for index, text in contents:
        if not text:
            continue
        if parts:
            parts.append(CHOICE_SEPARATOR)
            offset += len(CHOICE_SEPARATOR)
        parts.append(text)
        choices.append(ChoiceText(index, offset, offset + len(text)))
        offset += len(text)
    return AnswerText("".join(parts), tuple(choices))


def read_json_answer(raw: bytes) -> AnswerText:
    """Join every `choices[*].message.content` (in choice order) into one answer.

    A response with several choices is checked as one answer: each choice is shown to
    someone, so each must be grounded.  Content given as a list of parts contributes
    its text parts (spans then count in their concatenation).
    """
    try:
        document = json.loads(raw)
    except (ValueError, RecursionError) as exc:  # as for requests: see parse_chat_request
        raise MalformedResponse(f"response body is not JSON we can read: {exc}") from exc
    if not isinstance(document, dict) or not isinstance(document.get("choices"), list):
        raise MalformedResponse("response has no choices list")
    contents: list[tuple[int, str]] = []
    holds_audio = False
    for position, choice in enumerate(document["choices"]):
        if not isinstance(choice, dict):
            raise MalformedResponse("a choice is not an object")
        message = choice.get("message")
        if not isinstance(message, dict):
            raise MalformedResponse("a choice has no message object")
        index = choice.get("index", position)
        holds_audio = holds_audio or message.get("audio") is not None
        contents.append(
            (index if isinstance(index, int) else position, answer_text(message.get("content")))
        )
    return replace(join_choices(contents), holds_audio=holds_audio)


def with_report(body: bytes, report: Mapping[str, Any]) -> bytes:
    """The completion's bytes with a top-level `grounding` member added before its
    closing brace; everything else stays byte for byte."""
    end = body.rindex(b"}")
    member = b'"grounding":' + compact_json(report)
    has_members = body[body.index(b"{") + 1 : end].strip() != b""
    return body[:end] + (b"," if has_members else b"") + member + body[end:]


def answer_text(content: Any) -> str:
    """Text of a message content: a string, null, or a list of typed parts."""
    if content is None:
        return ""
    text = content_text(content, "")
    if text is None:
        raise MalformedResponse("message content is neither text nor a list of parts")
    return text


def with_contents(body: bytes, contents: Mapping[int, str]) -> bytes:
    """The completion with `choices[i].message.content` replaced for the choices (by
    their `index`) in `contents`, written compactly (REDACT: the kept text is the
    upstream's, character for character)."""
    document = json.loads(body)
    for position, choice in enumerate(document["choices"]):
        index = choice.get("index", position)
        if index in contents:
            choice["message"]["content"] = contents[index]
    return compact_json(document)
