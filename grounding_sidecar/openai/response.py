"""The answer text of a non-streaming chat completion."""

from __future__ import annotations

import json
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, replace
from enum import Enum
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


class Speech(Enum):
    """Whether an answer is spoken (`modalities: ["audio"]`), and if its words are read."""

    NONE = "none"  # no audio
    # Every spoken choice's text is its audio's transcript (its content empty): the
    # transcript is checked as the answer, but audio cannot be redacted.
    TRANSCRIBED = "transcribed"
    # A spoken choice without a transcript, or with content beside it: what is spoken is
    # not what is read, so it is not checked.
    UNTRANSCRIBED = "untranscribed"


def speech_of(choices: Iterable[Speech]) -> Speech:
    """One answer's speech from its choices': untranscribed if any is."""
    found = set(choices)
    for speech in (Speech.UNTRANSCRIBED, Speech.TRANSCRIBED):
        if speech in found:
            return speech
    return Speech.NONE


@dataclass(frozen=True, slots=True)
class AnswerText:
    """The checked answer (every choice's text, joined) and where each choice lies; a
    spoken choice's text is its audio's transcript (`speech`)."""

    text: str
    choices: tuple[ChoiceText, ...]
    speech: Speech = Speech.NONE

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
    its text parts (spans then count in their concatenation).  A spoken choice
    (`message.audio`, content null) contributes its audio's transcript.
    """
    try:
        document = json.loads(raw)
    except (ValueError, RecursionError) as exc:  # as for requests: see parse_chat_request
        raise MalformedResponse(f"response body is not JSON we can read: {exc}") from exc
    if not isinstance(document, dict) or not isinstance(document.get("choices"), list):
        raise MalformedResponse("response has no choices list")
    contents: list[tuple[int, str]] = []
    speeches: list[Speech] = []
    for position, choice in enumerate(document["choices"]):
        if not isinstance(choice, dict):
            raise MalformedResponse("a choice is not an object")
        message = choice.get("message")
        if not isinstance(message, dict):
            raise MalformedResponse("a choice has no message object")
        index = choice.get("index", position)
        text, speech = _choice_text(message)
        speeches.append(speech)
        contents.append((index if isinstance(index, int) else position, text))
    return replace(join_choices(contents), speech=speech_of(speeches))


def _choice_text(message: dict[str, Any]) -> tuple[str, Speech]:
    """A message's text: its content, or, spoken, its audio's transcript."""
    content = answer_text(message.get("content"))
    audio = message.get("audio")
    if audio is None:
        return content, Speech.NONE
    transcript = audio.get("transcript") if isinstance(audio, dict) else None
    if content or not isinstance(transcript, str) or not transcript:
        return content, Speech.UNTRANSCRIBED
    return transcript, Speech.TRANSCRIBED


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
