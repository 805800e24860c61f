"""The answer text of a non-streaming chat completion."""

from __future__ import annotations

import json
from typing import Any

CHOICE_SEPARATOR = "\n\n"


class MalformedResponse(ValueError):
    """The upstream body is not a chat completion we can read."""


def extract_json_answer(raw: bytes) -> str:
    """Join every `choices[*].message.content` (in choice order) into one answer.

    A response with several choices is checked as one answer: each choice is shown to
    someone, so each must be grounded.  Content given as a list of parts contributes
    its text parts.
    """
    try:
        document = json.loads(raw)
    except (ValueError, RecursionError) as exc:  # as for requests: see parse_chat_request
        raise MalformedResponse(f"response body is not JSON we can read: {exc}") from exc
    if not isinstance(document, dict) or not isinstance(document.get("choices"), list):
        raise MalformedResponse("response has no choices list")
    texts: list[str] = []
    for choice in document["choices"]:
        if not isinstance(choice, dict):
            raise MalformedResponse("a choice is not an object")
        message = choice.get("message")
        if not isinstance(message, dict):
            raise MalformedResponse("a choice has no message object")
        texts.append(content_text(message.get("content")))
    return CHOICE_SEPARATOR.join(text for text in texts if text)


def content_text(content: Any) -> str:
    """Text of a message content: a string, null, or a list of typed parts."""
    if content is None:
        return ""
    if isinstance(content, str):
        return content
    if isinstance(content, list):
        return "".join(
            part["text"]
            for part in content
            if isinstance(part, dict)
            and part.get("type") == "text"
            and isinstance(part.get("text"), str)
        )
    raise MalformedResponse("message content is neither text nor a list of parts")
