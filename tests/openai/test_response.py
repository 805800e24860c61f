import json

import pytest

from grounding_sidecar.openai import MalformedResponse, extract_json_answer


def completion(*contents: object) -> bytes:
    return json.dumps(
        {
            "id": "c1",
            "object": "chat.completion",
            "choices": [
                {"index": i, "message": {"role": "assistant", "content": c}}
                for i, c in enumerate(contents)
            ],
        }
    ).encode()


def test_single_choice() -> None:
    assert extract_json_answer(completion("The sky is blue.")) == "The sky is blue."


def test_every_choice_is_included() -> None:
    assert extract_json_answer(completion("One.", None, "Three.")) == "One.\n\nThree."


def test_content_parts_contribute_their_text() -> None:
    parts = [{"type": "text", "text": "A "}, {"type": "image_url"}, {"type": "text", "text": "B"}]
    assert extract_json_answer(completion(parts)) == "A B"


@pytest.mark.parametrize(
    "raw",
    [
        b"<html>oops</html>",
        b'{"no": "choices"}',
        b'{"choices": [1]}',
        b'{"choices": [{"delta": {}}]}',
        b'{"choices": [{"message": {"content": 5}}]}',
    ],
)
def test_malformed_responses_raise(raw: bytes) -> None:
    with pytest.raises(MalformedResponse):
        extract_json_answer(raw)


@pytest.mark.parametrize(
    "raw",
    [
        b'{"choices": ' + b"[" * 50_000,  # deeper than the parser's stack
        b'{"choices": [], "n": ' + b"7" * 5_000 + b"}",  # past Python's integer digit limit
    ],
    ids=["deep", "huge integer"],
)
def test_hostile_bodies_are_malformed_responses(raw: bytes) -> None:
    with pytest.raises(MalformedResponse):
        extract_json_answer(raw)
