import json

import pytest
from hypothesis import given
from hypothesis import strategies as st

from grounding_sidecar.openai import (
    SseEvent,
    SseParser,
    StreamAnswer,
    content_filter_chunk,
    done_event,
    releasable,
    with_report_in_final_chunk,
    without_ranges,
)


def chunk(content: str | None = None, finish: str | None = None, index: int = 0) -> bytes:
    delta = {} if content is None else {"content": content}
    payload = {
        "id": "chatcmpl-1",
        "object": "chat.completion.chunk",
        "created": 7,
        "model": "mock",
        "choices": [{"index": index, "delta": delta, "finish_reason": finish}],
    }
    return b"data: " + json.dumps(payload).encode() + b"\n\n"


def stream_bytes() -> bytes:
    return chunk("The answer ") + chunk("is 42.") + chunk(finish="stop") + done_event()


def parse_all(pieces: list[bytes]) -> tuple[list[SseEvent], SseParser]:
    parser = SseParser()
    events: list[SseEvent] = []
    for piece in pieces:
        events.extend(parser.feed(piece))
    return events, parser


def answer_of(events: list[SseEvent]) -> StreamAnswer:
    answer = StreamAnswer()
    for event in events:
        answer.add(event)
    return answer


def test_a_whole_stream_joins_deltas_and_completes() -> None:
    events, parser = parse_all([stream_bytes()])
    answer = answer_of(events)
    assert answer.text() == "The answer is 42."
    assert answer.complete and answer.done
    assert not parser.has_partial_event


def test_crlf_and_cr_line_ends() -> None:
    for sep in (b"\r\n", b"\r"):
        raw = stream_bytes().replace(b"\n", sep)
        events, _ = parse_all([raw])
        assert answer_of(events).text() == "The answer is 42."


def test_crlf_split_between_chunks_is_one_line_end() -> None:
    raw = b'data: {"choices":[{"index":0,"delta":{"content":"x"}}]}\r'
    events, parser = parse_all([raw, b"\n\r\n"])
    assert len(events) == 1
    assert not parser.has_partial_event


def test_multi_line_data_and_comments() -> None:
    raw = (
        b": keep-alive\n\n"
        b'event: message\ndata: {"choices":\ndata: [{"delta":{"content":"hi"}}]}\n\n'
    )
    events, _ = parse_all([raw])
    assert [e.event for e in events] == ["message"]
    assert answer_of(events).text() == "hi"


def test_choices_are_joined_separately() -> None:
    raw = chunk("a", index=1) + chunk("b", index=0) + chunk("c", index=1) + done_event()
    events, _ = parse_all([raw])
    assert answer_of(events).text() == "b\n\nac"


def test_stream_without_done_or_finish_reason_is_incomplete() -> None:
    events, _ = parse_all([chunk("partial")])
    answer = answer_of(events)
    assert not answer.complete
    assert answer.text() == "partial"


def test_finish_reason_without_done_is_complete() -> None:
    events, _ = parse_all([chunk("x") + chunk(finish="stop")])
    assert answer_of(events).complete


def test_broken_framing_leaves_a_partial_event() -> None:
    _, parser = parse_all([b'data: {"choices": []}'])
    assert parser.has_partial_event


def test_malformed_json_events_are_counted() -> None:
    events, _ = parse_all([b"data: {nope\n\n" + b'data: {"error": {"message": "x"}}\n\n'])
    assert answer_of(events).malformed_events == 2


def test_content_filter_chunk_names_every_choice() -> None:
    events, _ = parse_all([chunk("a", index=0) + chunk("b", index=2)])
    final = content_filter_chunk(answer_of(events))
    assert final.startswith(b"data: ") and final.endswith(b"\n\n")
    payload = json.loads(final[6:])
    assert payload["id"] == "chatcmpl-1"
    assert [c["finish_reason"] for c in payload["choices"]] == ["content_filter"] * 2
    assert [c["index"] for c in payload["choices"]] == [0, 2]


@given(
    st.lists(st.integers(min_value=0, max_value=400), max_size=12),
    st.sampled_from([b"\n", b"\r\n", b"\r"]),
)
def test_any_chunking_gives_the_same_answer(cuts: list[int], sep: bytes) -> None:
    raw = stream_bytes().replace(b"\n", sep)
    points = sorted({min(c, len(raw)) for c in cuts})
    pieces = [raw[a:b] for a, b in zip([0, *points], [*points, len(raw)], strict=True)]
    events, parser = parse_all(pieces)
    answer = answer_of(events)
    assert answer.text() == "The answer is 42."
    assert answer.done
    assert not parser.has_partial_event


def test_hostile_events_are_counted_as_malformed_and_the_rest_is_read() -> None:
    answer = StreamAnswer()
    answer.add(SseEvent("[" * 50_000))  # deeper than the parser's stack
    answer.add(SseEvent('{"n": ' + "7" * 5_000 + "}"))  # past Python's integer digit limit
    answer.add(SseEvent(json.dumps({"choices": [{"index": 0, "delta": {"content": "Hi."}}]})))
    assert answer.malformed_events == 2
    assert answer.text() == "Hi."


REPORT = {"verdict": "pass", "reasons": ["all_supported"]}


def test_the_report_goes_into_the_final_chunk_and_every_other_byte_stays() -> None:
    head = chunk("The answer ") + chunk("is 42.")
    raw = head + chunk(finish="stop") + done_event()
    out = with_report_in_final_chunk(raw, REPORT)
    assert out.startswith(head) and out.endswith(done_event())
    events = parse_all([out])[0]
    final = json.loads(events[-2].data)
    assert final["choices"][0]["finish_reason"] == "stop"
    assert final["grounding"] == REPORT
    assert answer_of(events).text() == "The answer is 42."


def test_crlf_events_and_a_stream_without_a_finish_chunk() -> None:
    raw = chunk("Hi.").replace(b"\n", b"\r\n") + b"data: [DONE]\r\n\r\n"
    out = with_report_in_final_chunk(raw, REPORT)
    events = parse_all([out])[0]
    assert events[0].data == parse_all([raw])[0][0].data
    assert json.loads(events[1].data) == {
        "object": "chat.completion.chunk",
        "choices": [],
        "grounding": REPORT,
    }
    assert events[2].data == "[DONE]"


def test_a_refused_streams_content_filter_chunk_carries_the_report() -> None:
    answer = answer_of(parse_all([stream_bytes()])[0])
    (event,) = parse_all([content_filter_chunk(answer, REPORT)])[0]
    assert json.loads(event.data)["grounding"] == REPORT


def test_a_streams_answer_knows_where_each_choice_lies() -> None:
    events = parse_all([chunk("b", index=1), chunk("a", index=0), chunk("c", index=0)])[0]
    answer = answer_of(events).answer()
    assert answer.text == "ac\n\nb"
    assert answer.locate(4, 5) == (1, 0, 1)


def test_only_whole_verified_content_events_before_the_end_are_releasable() -> None:
    raw = chunk("The answer ") + chunk("is 42.") + chunk(" More") + chunk(finish="stop")
    first, second = chunk("The answer "), chunk("is 42.")
    assert releasable(raw, 0) == (0, 0)
    assert releasable(raw, 11) == (len(first), 11)
    assert releasable(raw, 17) == (len(first) + len(second), 17)
    everything = releasable(raw, 10_000)  # the finishing chunk never goes early
    assert everything == (len(first) + len(second) + len(chunk(" More")), 22)
    assert releasable(raw[:-3], 10_000)[0] <= len(raw) - len(chunk(finish="stop"))
    assert releasable(chunk("x", index=1), 10)[0] == 0  # another choice: wait for the end


def audio_chunk(transcript: str | None) -> bytes:
    audio = {"data": "UklG"} if transcript is None else {"data": "UklG", "transcript": transcript}
    payload = {
        "id": "chatcmpl-1",
        "object": "chat.completion.chunk",
        "choices": [{"index": 0, "delta": {"audio": audio}}],
    }
    return b"data: " + json.dumps(payload).encode() + b"\n\n"


@pytest.mark.parametrize(
    ("pieces", "text", "speech"),
    [
        (
            [audio_chunk(None), audio_chunk("Spoken "), audio_chunk("words.")],
            "Spoken words.",
            "transcribed",
        ),
        ([audio_chunk(None), audio_chunk(None)], "", "untranscribed"),
        ([chunk("Written. "), audio_chunk("Spoken.")], "Written. Spoken.", "untranscribed"),
        ([chunk("Written.")], "Written.", "none"),
    ],
)
def test_a_spoken_stream_is_read_by_its_transcript(
    pieces: list[bytes], text: str, speech: str
) -> None:
    answer = answer_of(parse_all([b"".join(pieces) + chunk(finish="stop")])[0]).answer()
    assert (answer.text, answer.speech.value) == (text, speech)


def test_nothing_from_a_spoken_event_on_is_releasable_before_the_verdict() -> None:
    raw = chunk("Verified. ") + audio_chunk("Spoken") + chunk(finish="stop")
    assert releasable(raw, 10_000) == (len(chunk("Verified. ")), 10)


def parts_chunk(*texts: str) -> bytes:
    parts = [{"type": "text", "text": text} for text in texts]
    payload = {"id": "c", "choices": [{"index": 0, "delta": {"content": parts}}]}
    return b"data: " + json.dumps(payload).encode() + b"\n\n"


def test_content_given_as_parts_in_a_stream_is_read_like_a_json_answers() -> None:
    raw = parts_chunk("The answer ", "is 42.") + parts_chunk(" More.") + chunk(finish="stop")
    answer = answer_of(parse_all([raw])[0])
    assert answer.text() == "The answer is 42. More."
    assert releasable(raw, 17) == (len(parts_chunk("The answer ", "is 42.")), 17)
    cut = without_ranges(raw, {0: [(11, 18)]})  # "is 42. " goes, the text left a string
    assert answer_of(parse_all([cut])[0]).text() == "The answer More."
