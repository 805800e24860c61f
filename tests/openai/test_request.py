import json

import pytest

from grounding_sidecar.openai import InvalidSources, MalformedRequest, parse_chat_request


def body(**fields: object) -> bytes:
    return json.dumps({"model": "m", "messages": [], **fields}).encode()


def test_list_sources_are_read_and_stripped() -> None:
    request = parse_chat_request(
        body(metadata={"grounding.sources": ["a b", "c"], "user": "u1"}, stream=True)
    )
    assert request.sources == ("a b", "c")
    assert request.stream is True
    assert request.rewritten
    forwarded = json.loads(request.body)
    assert forwarded["metadata"] == {"user": "u1"}
    assert "grounding.sources" not in request.body.decode()


def test_json_string_sources_are_accepted() -> None:
    request = parse_chat_request(body(metadata={"grounding.sources": json.dumps(["x", "y"])}))
    assert request.sources == ("x", "y")
    assert "metadata" not in json.loads(request.body)  # emptied metadata is removed


def test_body_without_sources_is_forwarded_byte_identical() -> None:
    raw = b'{"model":"m",  "messages":[], "metadata": {"k": "v"}}'
    request = parse_chat_request(raw)
    assert request.sources is None
    assert request.body is raw
    assert not request.rewritten
    assert request.stream is False


def test_non_ascii_text_survives_the_rewrite() -> None:
    request = parse_chat_request(
        body(
            messages=[{"role": "user", "content": "Zürich — 東京"}],
            metadata={"grounding.sources": ["é"]},
        )
    )
    assert json.loads(request.body)["messages"][0]["content"] == "Zürich — 東京"
    assert request.sources == ("é",)


@pytest.mark.parametrize("raw", [b"not json", b"[1, 2]", b"\xff\xfe", b""])
def test_malformed_bodies_raise(raw: bytes) -> None:
    with pytest.raises(MalformedRequest):
        parse_chat_request(raw)


@pytest.mark.parametrize(
    ("value", "sources"),
    [
        ("Refunds take 14 days.", ("Refunds take 14 days.",)),
        ("[1] Refunds take 14 days.", ("[1] Refunds take 14 days.",)),  # not JSON
        ('{"a": 1}', ('{"a": 1}',)),  # JSON, but not a list: text
        ('["one", "two"]', ("one", "two")),
        ("", ("",)),  # a blank source: dropped as empty, evidence missing
    ],
)
def test_a_string_is_a_json_list_of_sources_or_one_source(
    value: str, sources: tuple[str, ...]
) -> None:
    request = parse_chat_request(body(metadata={"grounding.sources": value}))
    assert request.sources == sources
    assert b"grounding.sources" not in request.body


@pytest.mark.parametrize("value", ["[1, 2]", '["ok", 3]', 42, ["ok", 3], {"a": "b"}, None])
def test_invalid_sources_raise_with_a_stripped_body(value: object) -> None:
    with pytest.raises(InvalidSources) as caught:
        parse_chat_request(body(metadata={"grounding.sources": value}))
    assert b"grounding.sources" not in caught.value.stripped_body


def test_stream_flag_must_be_literally_true() -> None:
    assert parse_chat_request(body(stream="true")).stream is False


# Hostile bodies: each is a documented outcome (MalformedRequest: refused with 400),
# never an exception the exchange does not expect.
HOSTILE_BODIES = {
    "nested deeper than the parser's stack": b'{"messages": ' + b"[" * 50_000,
    "an integer past Python's digit limit": b'{"n": ' + b"7" * 5_000 + b"}",
    "invalid UTF-8": b'{"model": "\xff\xfe"}',
}


@pytest.mark.parametrize("raw", HOSTILE_BODIES.values(), ids=HOSTILE_BODIES.keys())
def test_hostile_bodies_are_malformed_requests(raw: bytes) -> None:
    with pytest.raises(MalformedRequest):
        parse_chat_request(raw)


def test_a_lone_surrogate_escape_is_rewritten_as_valid_json() -> None:
    raw = body(
        messages=[{"role": "user", "content": "hi \ud800"}],
        metadata={"grounding.sources": ["a source \udfff"]},
    )
    request = parse_chat_request(raw)
    assert request.sources == ("a source \udfff",)
    rewritten = json.loads(request.body.decode("utf-8"))  # strict UTF-8: no encoding error
    assert rewritten["messages"][0]["content"] == "hi \ud800"
    assert "metadata" not in rewritten


def test_every_grounding_key_is_stripped_and_the_report_request_kept() -> None:
    request = parse_chat_request(
        body(metadata={"grounding.report": "summary", "grounding.x": 1, "user": "u"})
    )
    assert request.report == "summary" and request.sources is None
    assert json.loads(request.body)["metadata"] == {"user": "u"}
    assert parse_chat_request(body(metadata={"grounding.report": 3})).report is None


@pytest.mark.parametrize(
    ("messages", "question"),
    [
        ([{"role": "user", "content": "Who designed it?"}], "Who designed it?"),
        (
            [
                {"role": "user", "content": "First question?"},
                {"role": "assistant", "content": "An answer."},
                {"role": "user", "content": "And who designed it?"},
                {"role": "tool", "content": "tool output"},
            ],
            "And who designed it?",
        ),
        (
            [
                {
                    "role": "user",
                    "content": [
                        {"type": "text", "text": "Who designed"},
                        {"type": "image_url", "image_url": {"url": "https://x/y.png"}},
                        {"type": "text", "text": "this tower?"},
                    ],
                }
            ],
            "Who designed this tower?",
        ),
        ([{"role": "system", "content": "Be brief."}], None),
        ([{"role": "user", "content": "  \n"}], None),
        ([{"role": "user", "content": [{"type": "image_url", "image_url": {}}]}], None),
        ([{"role": "user", "content": 42}], None),
        ("not a list", None),
        ([], None),
    ],
)
def test_the_question_is_the_last_user_messages_text(
    messages: object, question: str | None
) -> None:
    plain = parse_chat_request(body(messages=messages))
    assert plain.question == question
    with_sources = parse_chat_request(
        body(messages=messages, metadata={"grounding.sources": ["s"]})
    )
    assert with_sources.question == question


def test_the_question_is_never_in_the_requests_repr() -> None:
    request = parse_chat_request(
        body(messages=[{"role": "user", "content": "Where is the zorblax?"}])
    )
    assert request.question == "Where is the zorblax?"
    assert "question=" not in repr(request)
