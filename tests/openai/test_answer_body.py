"""A JSON completion and an SSE stream behind the one `AnswerBody` interface."""

from __future__ import annotations

import json

import pytest

from devtools.mock_upstream import completion, sse_chunk
from grounding_sidecar.decision import redact
from grounding_sidecar.openai import MalformedResponse
from grounding_sidecar.openai.answer_body import IncompleteStream, JsonAnswerBody, StreamAnswerBody

ANSWER = "Paris is in France. The moon is cheese."


def stream(text: str, *, finished: bool = True) -> list[bytes]:
    chunks = [sse_chunk(word if i == 0 else " " + word) for i, word in enumerate(text.split())]
    return chunks + ([sse_chunk(None, finish="stop"), b"data: [DONE]\n\n"] if finished else [])


def test_a_json_answer_is_read_whole_and_never_in_part() -> None:
    body = JsonAnswerBody()
    raw = completion(ANSWER)
    assert not body.feed(raw[:10]) and body.prefix() is None and body.text() == ""
    assert body.read([raw[:10], raw[10:]]).text == ANSWER
    with pytest.raises(MalformedResponse):
        body.read([b"<html>"])
    assert body.refused_end({"verdict": "fail"}) is None  # the envelope replaces it


def test_a_json_rewrite_applies_the_kept_text_and_the_report() -> None:
    raw = completion(ANSWER)
    edit = redact(ANSWER, [(20, len(ANSWER))])
    rewritten = JsonAnswerBody().rewritten(raw, {0: edit}, {"verdict": "redacted"}, 0)
    document = json.loads(rewritten)
    assert document["choices"][0]["message"]["content"] == edit.text
    assert document["grounding"] == {"verdict": "redacted"}
    assert JsonAnswerBody().length_headers(rewritten) == {"content-length": str(len(rewritten))}


def test_a_stream_is_read_as_it_arrives() -> None:
    body = StreamAnswerBody()
    chunks = stream(ANSWER)
    assert body.feed(chunks[0]) and body.prefix() == "Paris" and not body.complete
    for chunk in chunks[1:]:
        body.feed(chunk)
    assert body.complete and body.events == len(chunks) and body.choices == 1
    assert body.read(chunks).text == ANSWER == body.text()
    assert body.length_headers(b"".join(chunks)) == {}


def test_a_stream_the_upstream_did_not_finish_is_incomplete() -> None:
    body = StreamAnswerBody()
    for chunk in stream(ANSWER, finished=False):
        body.feed(chunk)
    with pytest.raises(IncompleteStream):
        body.read([])


def test_a_refused_stream_ends_with_content_filter_and_done() -> None:
    body = StreamAnswerBody()
    body.feed(stream(ANSWER)[0])
    end = body.refused_end({"verdict": "fail"})
    assert end is not None and end.endswith(b"data: [DONE]\n\n")
    final = json.loads(end.split(b"\n\n")[0].removeprefix(b"data: "))
    assert final["choices"][0]["finish_reason"] == "content_filter"
    assert final["grounding"] == {"verdict": "fail"}
