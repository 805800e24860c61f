"""The RAG traffic benchmark's client: every reply is kept, and a request that
gets none is counted without ending its stream."""

from __future__ import annotations

import random
import socket
from collections.abc import Iterator

import pytest

from benchmarks.rag_targets import Target
from benchmarks.rag_workload import Settings, run_batch, workload
from devtools.mock_upstream import MockUpstream

SETTINGS = Settings(sources=2, source_chars=300, sentences=4, chunks=4, chunk_delay=0.0)


@pytest.fixture
def upstream() -> Iterator[MockUpstream]:
    server = MockUpstream().start()
    try:
        yield server
    finally:
        server.stop()


def _closed_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


def test_every_request_of_every_stream_gets_its_reply(upstream: MockUpstream) -> None:
    # The upstream itself as the target: no guard, so no verdict header.
    got = run_batch(Target("direct", upstream.port, None), upstream, 2, 6, SETTINGS, seed=1)
    assert len(got) == 6
    assert {reply.verdict for reply in got} == {"-"}
    assert all(reply.total >= reply.added >= 0 for reply in got)


def test_a_refused_request_is_counted_and_its_stream_goes_on(
    upstream: MockUpstream, capsys: pytest.CaptureFixture[str]
) -> None:
    target = Target("refusing", _closed_port(), None)
    assert run_batch(target, upstream, 2, 6, SETTINGS, seed=1) == []
    # Each stream sent all three of its requests, not just the first.
    assert "refusing: 6 of 6 requests got no answer" in capsys.readouterr().err


def test_an_answer_copies_or_restates_the_facts_of_its_own_sources() -> None:
    sources, copied = workload(random.Random(3), 3, 400, 6, restated=0.0)
    assert len(sources) == 3 and all(len(text) > 350 for text in sources)
    sentences = [s.rstrip(".") for s in copied.split(". ")]
    assert len(sentences) == 6
    assert all(any(sentence in text for text in sources) for sentence in sentences)
    # The same seed picks the same facts; restated, no sentence is a source's.
    same_sources, restated = workload(random.Random(3), 3, 400, 6, restated=1.0)
    assert same_sources == sources
    assert not any(s.rstrip(".") in text for s in restated.split(". ") for text in sources)
