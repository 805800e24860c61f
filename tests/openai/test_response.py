import json

import pytest

from grounding_sidecar.openai import MalformedResponse, read_json_answer, with_report


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
    assert read_json_answer(completion("The sky is blue.")).text == "The sky is blue."


def test_every_choice_is_included() -> None:
    assert read_json_answer(completion("One.", None, "Three.")).text == "One.\n\nThree."


def test_content_parts_contribute_their_text() -> None:
    parts = [{"type": "text", "text": "A "}, {"type": "image_url"}, {"type": "text", "text": "B"}]
    assert read_json_answer(completion(parts)).text == "A B"


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
        read_json_answer(raw)


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
        read_json_answer(raw)


def test_the_answer_knows_where_each_choice_lies() -> None:
    answer = read_json_answer(completion("One.", None, "Three."))
    assert answer.text == "One.\n\nThree."
    assert answer.locate(6, 12) == (2, 0, 6)  # "Three." is choice 2's content
    assert answer.locate(0, 4) == (0, 0, 4)
    assert answer.locate(2, 8) is None  # across the separator: no choice holds it


def test_the_report_is_added_before_the_closing_brace_and_nothing_else_changes() -> None:
    raw = completion("The sky is blue.") + b"\n"
    out = with_report(raw, {"verdict": "pass"})
    assert out.startswith(raw[: raw.rindex(b"}")])
    assert out.endswith(b',"grounding":{"verdict":"pass"}}\n')
    assert json.loads(out)["grounding"] == {"verdict": "pass"}
    assert json.loads(with_report(b"{}", {"a": 1})) == {"grounding": {"a": 1}}


@pytest.mark.parametrize(
    ("content", "audio", "text", "speech"),
    [
        (
            None,
            {"data": "UklGR", "transcript": "The sky is blue."},
            "The sky is blue.",
            "transcribed",
        ),
        (None, {"data": "UklGR"}, "", "untranscribed"),
        (None, {"data": "UklGR", "transcript": ""}, "", "untranscribed"),
        ("Also text.", {"data": "UklGR", "transcript": "Spoken."}, "Also text.", "untranscribed"),
        ("The sky is blue.", None, "The sky is blue.", "none"),
    ],
)
def test_a_spoken_answer_is_read_by_its_transcript(
    content: str | None, audio: dict[str, str] | None, text: str, speech: str
) -> None:
    message = {"role": "assistant", "content": content, "audio": audio}
    answer = read_json_answer(json.dumps({"choices": [{"index": 0, "message": message}]}).encode())
    assert (answer.text, answer.speech.value) == (text, speech)
