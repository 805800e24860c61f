"""The content-hash LRU cache: hits skip the backend, bounds hold, failures aren't pinned."""

from __future__ import annotations

import threading

import numpy as np
import pytest

from grounding_sidecar.detection.embedding.base import Embedder, EmbeddingError
from grounding_sidecar.detection.embedding.pipeline.cache import (
    ENTRY_OVERHEAD_BYTES,
    CachedEmbedder,
)
from tests.support.eventually import eventually
from tests.support.fake_embedders import DIM, FakeBackend, vector_for


def test_is_an_embedder_with_backend_identity() -> None:
    cache = CachedEmbedder(FakeBackend())
    assert isinstance(cache, Embedder)
    assert cache.version_tag == "fake@1"


def test_hits_skip_the_backend() -> None:
    backend = FakeBackend()
    cache = CachedEmbedder(backend)
    first = cache.embed(["a", "b"])
    second = cache.embed(["b", "c", "a"])
    assert backend.calls == [["a", "b"], ["c"]]
    np.testing.assert_array_equal(first, np.stack([vector_for("a"), vector_for("b")]))
    np.testing.assert_array_equal(second, np.stack([vector_for(t) for t in "bca"]))
    assert (cache.stats.hits, cache.stats.misses) == (2, 3)


def test_repeats_within_one_call_are_embedded_once() -> None:
    backend = FakeBackend()
    cache = CachedEmbedder(backend)
    out = cache.embed(["x", "y", "x", "x"])
    assert backend.calls == [["x", "y"]]
    np.testing.assert_array_equal(out[0], out[2])


def test_bounded_by_entries_with_lru_order() -> None:
    backend = FakeBackend()
    cache = CachedEmbedder(backend, max_entries=3)
    cache.embed(["a", "b", "c"])
    cache.embed(["a"])  # a is now the most recently used
    cache.embed(["d"])  # evicts b, the least recently used
    assert cache.stats.entries == 3 and cache.stats.evictions == 1
    backend.calls.clear()
    cache.embed(["a", "c", "d"])
    assert backend.calls == []
    cache.embed(["b"])
    assert backend.calls == [["b"]]


def test_bounded_by_bytes() -> None:
    per_entry = DIM * 4 + ENTRY_OVERHEAD_BYTES
    cache = CachedEmbedder(FakeBackend(), max_bytes=per_entry * 5 + 1)
    cache.embed([f"t{i}" for i in range(50)])
    assert cache.stats.entries == 5
    assert cache.stats.bytes <= per_entry * 5 + 1
    assert cache.stats.evictions == 45


def test_errors_propagate_and_cache_nothing() -> None:
    backend = FakeBackend()
    backend.fail_on = "bad"
    cache = CachedEmbedder(backend)
    with pytest.raises(EmbeddingError):
        cache.embed(["good", "bad"])
    assert cache.stats.entries == 0
    backend.fail_on = None
    cache.embed(["good"])
    assert backend.calls[-1] == ["good"]


def test_invalid_rows_are_returned_but_not_cached() -> None:
    backend = FakeBackend()
    backend.zero_on = "empty"
    cache = CachedEmbedder(backend)
    out = cache.embed(["empty", "fine"])
    assert not out[0].any()
    cache.embed(["empty"])
    assert backend.calls[-1] == ["empty"]  # recomputed, not served as a pinned failure


def test_results_are_copies() -> None:
    cache = CachedEmbedder(FakeBackend())
    out = cache.embed(["a"])
    out[:] = 0
    np.testing.assert_array_equal(cache.embed(["a"])[0], vector_for("a"))


def test_clear_and_empty_input() -> None:
    backend = FakeBackend()
    cache = CachedEmbedder(backend)
    cache.embed(["a"])
    cache.clear()
    assert cache.stats.entries == 0 and cache.stats.bytes == 0
    cache.embed(["a"])
    assert backend.calls == [["a"], ["a"]]
    assert cache.embed([]).shape[0] == 0


def _in_thread(target: object) -> threading.Thread:
    thread = threading.Thread(target=target)  # type: ignore[arg-type]
    thread.start()
    return thread


def test_concurrent_first_sightings_are_embedded_once() -> None:
    backend = FakeBackend()
    cache = CachedEmbedder(backend)
    backend.gate.clear()  # hold the first caller inside the backend
    results: list[np.ndarray] = []
    first = _in_thread(lambda: results.append(cache.embed(["shared source", "own text"])))
    assert backend.entered.wait(5)
    second = _in_thread(lambda: results.append(cache.embed(["shared source"])))
    eventually(lambda: cache.stats.coalesced == 1, what="the second caller to join the flight")
    backend.gate.set()
    first.join(5)
    second.join(5)
    assert backend.texts_seen() == ["shared source", "own text"]  # one backend run
    assert len(results) == 2
    assert all(np.allclose(r[0], vector_for("shared source")) for r in results)
    assert (cache.stats.misses, cache.stats.coalesced, cache.stats.hits) == (2, 1, 0)


def test_a_failed_flight_fails_its_waiters_and_caches_nothing() -> None:
    backend = FakeBackend()
    backend.fail_on = "shared source"
    cache = CachedEmbedder(backend)
    backend.gate.clear()
    errors: list[BaseException] = []

    def embed() -> None:
        try:
            cache.embed(["shared source"])
        except EmbeddingError as exc:
            errors.append(exc)

    first = _in_thread(embed)
    assert backend.entered.wait(5)
    second = _in_thread(embed)
    eventually(lambda: cache.stats.coalesced == 1, what="the second caller to join the flight")
    backend.gate.set()
    first.join(5)
    second.join(5)
    assert len(errors) == 2
    assert cache.stats.entries == 0
    backend.fail_on = None
    assert np.allclose(cache.embed(["shared source"])[0], vector_for("shared source"))
