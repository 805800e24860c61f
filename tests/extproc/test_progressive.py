"""Progressive delivery under BLOCK: each part of a stream goes out once every claim in
it is verified, and nothing a later check finds ungrounded ever reaches the client."""

from __future__ import annotations

import asyncio

import pytest
from envoy.service.ext_proc.v3 import external_processor_pb2 as ext_proc
from hypothesis import example, given, settings
from hypothesis import strategies as st

from devtools.mock_upstream import Audio, sse_chunk
from grounding_sidecar.detection import Grader, GraderSettings, HashEmbedder
from grounding_sidecar.extproc.exchange import Exchange
from tests.support.exchange import (
    GROUNDED,
    SOURCE,
    UNGROUNDED,
    delivered,
    flat,
    headers_msg,
    make_context,
    request_body,
    run_request,
    stream_answer,
)
from tests.support.fake_detectors import GRADER

SECOND = "It was completed in 1889 and is located in Paris."


def stream_of(pieces: list[str]) -> list[bytes]:
    return [sse_chunk(p) for p in pieces] + [sse_chunk(None, finish="stop"), b"data: [DONE]\n\n"]


def content_of(raw: bytes) -> tuple[str, list[str]]:
    answer = stream_answer(raw)
    return answer.text(), list(answer.finish_reasons.values())


def cut(answer: str, cuts: list[int]) -> list[str]:
    """`answer` in pieces, cut at the offsets (modulo its length) `cuts` name."""
    points = sorted({c % len(answer) for c in cuts} - {0})
    return [answer[a:b] for a, b in zip([0, *points], [*points, len(answer)], strict=True)]


async def drive(
    chunks: list[bytes],
    *,
    settle: float = 0.0,
    workspace: str = "progressive",
    detector: Grader = GRADER,
) -> list[list[object]]:
    """One exchange; `settle` seconds after each chunk let the verification steps run
    (they release on the next chunk)."""
    exchange = Exchange(make_context(detector))
    await run_request(exchange, workspace, request_body(stream=True))
    head = await exchange.handle(
        ext_proc.ProcessingRequest(
            response_headers=headers_msg({":status": "200", "content-type": "text/event-stream"})
        )
    )
    assert head == []  # held until the first verified release (or the verdict)
    per_chunk = []
    for i, chunk in enumerate(chunks):
        body = ext_proc.HttpBody(body=chunk, end_of_stream=i == len(chunks) - 1)
        per_chunk.append(await exchange.handle(ext_proc.ProcessingRequest(response_body=body)))
        if settle:
            await asyncio.sleep(settle)
    return per_chunk


def test_a_grounded_stream_goes_out_before_it_ends_and_whole() -> None:
    answer_pieces = [GROUNDED, " ", SECOND, " ", GROUNDED]
    chunks = stream_of(answer_pieces)
    per_chunk = asyncio.run(drive(chunks, settle=0.05))
    before_end = delivered(flat(per_chunk[:-3]))
    assert before_end.startswith(sse_chunk(GROUNDED))  # released while the stream ran
    text, finish = content_of(delivered(flat(per_chunk)))
    assert text == "".join(answer_pieces) and finish == ["stop"]


def test_an_ungrounded_sentence_ends_the_stream_after_what_was_verified() -> None:
    chunks = stream_of([GROUNDED, " ", UNGROUNDED, " ", SECOND, " ", GROUNDED])
    per_chunk = asyncio.run(drive(chunks, settle=0.05))
    text, finish = content_of(delivered(flat(per_chunk)))
    assert text == GROUNDED + " " and finish == ["content_filter"]


SENTENCES = [GROUNDED, SECOND, UNGROUNDED, "The tower was painted bright purple in 2020 by NASA."]


@settings(max_examples=40, deadline=None)
@given(
    picks=st.lists(st.integers(0, len(SENTENCES) - 1), min_size=1, max_size=5),
    cuts=st.lists(st.integers(1, 400), max_size=12),
    settle=st.sampled_from([0.0, 0.02]),
)
def test_no_chunking_releases_a_claim_the_whole_check_finds_ungrounded(
    picks: list[int], cuts: list[int], settle: float
) -> None:
    answer = " ".join(SENTENCES[p] for p in picks)
    per_chunk = asyncio.run(drive(stream_of(cut(answer, cuts)), settle=settle))
    text, _ = content_of(delivered(flat(per_chunk)))
    whole = GRADER.check(answer, [SOURCE])
    assert answer.startswith(text)
    for claim in whole.claims:
        if claim.is_ungrounded:
            assert len(text) <= claim.span[0], (text, claim.text)
    if whole.verdict.value == "pass":
        assert text == answer


JOINS = [" ", "\n", "\n- ", "\n\n"]


@settings(max_examples=40, deadline=None)
@given(
    picks=st.lists(st.integers(0, len(SENTENCES) - 1), min_size=1, max_size=5),
    joins=st.lists(st.integers(0, len(JOINS) - 1), min_size=5, max_size=5),
    cuts=st.lists(st.integers(1, 400), max_size=12),
)
# A redacted last sentence takes the space before it, which had been released with the
# sentence before.
@example(picks=[0, 3], joins=[0, 0, 0, 0, 0], cuts=[302])
# A list marker settled before its line's sentences, whose newline had already arrived.
@example(picks=[0, 2, 2, 0], joins=[2, 0, 1, 0, 0], cuts=[67, 69])
def test_progressive_redact_delivers_what_deferred_redact_does(
    picks: list[int], joins: list[int], cuts: list[int]
) -> None:
    answer = "- " + "".join(SENTENCES[p] + JOINS[j] for p, j in zip(picks, joins, strict=False))
    pieces = cut(answer.rstrip(), cuts)
    progressive = asyncio.run(drive(stream_of(pieces), settle=0.02, workspace="redact-progressive"))
    deferred = asyncio.run(drive(stream_of(pieces), workspace="redact"))
    assert content_of(delivered(flat(progressive))) == content_of(delivered(flat(deferred)))


def test_progressive_redact_releases_before_the_end_without_the_ungrounded_claim() -> None:
    chunks = stream_of([GROUNDED, " ", UNGROUNDED, " ", SECOND, " ", GROUNDED])
    per_chunk = asyncio.run(drive(chunks, settle=0.05, workspace="redact-progressive"))
    assert delivered(flat(per_chunk[:-3]))  # something went out before the end
    text, finish = content_of(delivered(flat(per_chunk)))
    assert text == f"{GROUNDED} {SECOND} {GROUNDED}" and finish == ["stop"]


def test_a_list_item_whose_sentences_all_go_goes_whole_as_in_deferred_redact() -> None:
    purple = SENTENCES[3]
    pieces = ["- ", UNGROUNDED, " ", purple, "\n- ", GROUNDED, "\n- ", SECOND]
    progressive = asyncio.run(drive(stream_of(pieces), settle=0.05, workspace="redact-progressive"))
    deferred = asyncio.run(drive(stream_of(pieces), workspace="redact"))
    text, _ = content_of(delivered(flat(progressive)))
    assert text == f"- {GROUNDED}\n- {SECOND}"
    assert (text, ["stop"]) == content_of(delivered(flat(deferred)))


def test_a_stream_in_a_language_the_models_do_not_read_releases_nothing() -> None:
    """Nothing in it is graded, so nothing is verified to go out; BLOCK then refuses
    it as unverifiable."""
    english_only = Grader(HashEmbedder(), GraderSettings(languages=frozenset({"en"})))
    french = [
        "Le musée ouvre à neuf heures du lundi au samedi. ",
        "Il est fermé les jours fériés et le premier mai. ",
        "Les billets sont en vente à l'entrée du bâtiment principal.",
    ]
    per_chunk = asyncio.run(drive(stream_of(french), settle=0.05, detector=english_only))
    assert delivered(flat(per_chunk[:-3])) == b""
    text, finish = content_of(delivered(flat(per_chunk)))
    assert text == "" and finish == ["content_filter"]


def test_audio_after_verified_text_waits_for_the_verdict() -> None:
    async def scenario() -> None:
        first, second = stream_of([GROUNDED + " ", SECOND + " "])[:2]
        spoken = sse_chunk(" Spoken part.", audio=Audio.TRANSCRIBED)
        end = [sse_chunk(" More text.")] * 2 + [sse_chunk(None, finish="stop"), b"data: [DONE]\n\n"]
        per_chunk = await drive([first, spoken, second, *end], settle=0.05)
        released = b"".join(delivered(group) for group in per_chunk)
        assert released.startswith(first)  # the verified start went out early
        assert b"UklGR" not in released  # the audio never did
        assert stream_answer(released).finish_reasons == {0: "content_filter"}

    asyncio.run(scenario())


@pytest.mark.parametrize("workspace", ["progressive", "redact-progressive"])
def test_a_spoken_stream_goes_out_whole_after_a_pass_or_not_at_all(workspace: str) -> None:
    async def scenario() -> None:
        for answer, passes in ((f"{GROUNDED} {SECOND}", True), (f"{GROUNDED} {UNGROUNDED}", False)):
            words = answer.split()
            chunks = [
                sse_chunk(w if i == 0 else " " + w, audio=Audio.TRANSCRIBED)
                for i, w in enumerate(words)
            ] + [sse_chunk(None, finish="stop"), b"data: [DONE]\n\n"]
            per_chunk = await drive(chunks, settle=0.02, workspace=workspace)
            assert all(group == [] for group in per_chunk[:-1])  # nothing before the end
            released = delivered(flat(per_chunk))
            if passes:  # every audio event, then the end (with the report, if one is due)
                assert released.startswith(b"".join(chunks[:-2]))
                assert stream_answer(released).finish_reasons == {0: "stop"}
            else:
                assert b"UklGR" not in released  # neither cut nor released in part
                assert stream_answer(released).finish_reasons == {0: "content_filter"}

    asyncio.run(scenario())
