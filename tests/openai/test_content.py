"""Message content parts: only the text parts carry text."""

from __future__ import annotations

from grounding_sidecar.openai.content import content_text, text_parts


def test_only_text_parts_with_a_string_text_are_read_in_order() -> None:
    parts = [
        {"type": "text", "text": "Who designed"},
        {"type": "image_url", "image_url": {"url": "https://x/y.png"}},
        {"type": "text", "text": 3},
        "loose string",
        {"type": "text", "text": "this tower?"},
    ]
    assert text_parts(parts) == ["Who designed", "this tower?"]
    assert text_parts([]) == []


def test_content_text_joins_text_parts_and_refuses_other_shapes() -> None:
    parts = [{"type": "text", "text": "a"}, {"type": "image_url"}, {"type": "text", "text": "b"}]
    assert content_text("plain", " ") == "plain"
    assert content_text(parts, " ") == "a b"
    assert content_text(parts, "") == "ab"
    assert content_text(42, " ") is None
