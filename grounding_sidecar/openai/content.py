"""Message content as OpenAI writes it: a string, or a list of typed parts.

A request's user message and a completion's answer both use this shape; only the
`text` parts carry text (images, audio and the rest are read by neither).
"""

from __future__ import annotations

from typing import Any


def text_parts(parts: list[Any]) -> list[str]:
    """The texts of the `{"type": "text", "text": ...}` parts, in order."""
    return [
        part["text"]
        for part in parts
        if isinstance(part, dict)
        and part.get("type") == "text"
        and isinstance(part.get("text"), str)
    ]


def content_text(content: Any, separator: str) -> str | None:
    """A message's `content` as text: the string itself, or its text parts joined by
    `separator`; None when it is neither a string nor a list."""
    if isinstance(content, str):
        return content
    if isinstance(content, list):
        return separator.join(text_parts(content))
    return None
