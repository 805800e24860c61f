"""The micro-batching queue: own rows per caller, buckets, budget, timeouts, errors."""

from __future__ import annotations

import threading
from collections.abc import Iterator, Sequence

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from grounding_sidecar.detection.embedding.base import (
    Embedder,
    EmbeddingError,
    EmbeddingTimeout,
    embed_checked,
)
from grounding_sidecar.detection.embedding.pipeline.batching import MicroBatcher, estimate_tokens
from tests.support.eventually import eventually
from tests.support.fake_embedders import FakeBackend, vector_for


@pytest.fixture
def backend() -> FakeBackend:
    return FakeBackend()


@pytest.fixture
def batcher(backend: FakeBackend) -> Iterator[MicroBatcher]:
    with MicroBatcher(backend, max_wait=0.0, timeout=10.0) as b:
        yield b


def expected(texts: list[str]) -> np.ndarray:
    return np.stack([vector_for(t) for t in texts])


def test_is_an_embedder_with_backend_identity(batcher: MicroBatcher) -> None:
    assert isinstance(batcher, Embedder)
    assert (batcher.name, batcher.version_tag, batcher.default_threshold) == ("fake", "fake@1", 0.5)


def test_single_caller_gets_rows_in_order(batcher: MicroBatcher) -> None:
    texts = ["a long text " * 30, "short", "medium length text here", ""]
    np.testing.assert_array_equal(batcher.embed(texts), expected(texts))


def test_empty_input(batcher: MicroBatcher) -> None:
    assert batcher.embed([]).shape[0] == 0


def test_concurrent_callers_are_batched_and_get_their_own_rows(
    backend: FakeBackend, batcher: MicroBatcher
) -> None:
    # Hold the backend on a first call so the other callers queue up behind it.
    backend.gate.clear()
    results: dict[int, np.ndarray] = {}
    errors: list[BaseException] = []
    inputs = {c: [f"caller {c} text {i}" for i in range(c % 4 + 1)] for c in range(12)}

    def call(c: int) -> None:
        try:
            results[c] = batcher.embed(inputs[c])
        except BaseException as exc:
            errors.append(exc)

    first = threading.Thread(target=call, args=(0,))
    first.start()
    eventually(backend.entered.is_set)
    others = [threading.Thread(target=call, args=(c,)) for c in range(1, 12)]
    for t in others:
        t.start()
    queued = sum(len(inputs[c]) for c in range(1, 12))
    eventually(lambda: batcher.pending() == queued)
    backend.gate.set()
    for t in [first, *others]:
        t.join()

    assert not errors
    for c, texts in inputs.items():
        np.testing.assert_array_equal(results[c], expected(texts))
    # The queued callers shared backend calls instead of one call each.
    callers_per_call = [{t.split()[1] for t in call} for call in backend.calls[1:]]
    assert max(len(c) for c in callers_per_call) > 1
    assert len(backend.calls) < 12


def test_lone_caller_does_not_wait_for_max_wait(backend: FakeBackend) -> None:
    # With nobody else submitting, the worker dispatches at once; were it to idle for
    # max_wait, this call would hit its timeout first.
    with MicroBatcher(backend, max_wait=60.0, timeout=20.0) as b:
        np.testing.assert_array_equal(b.embed(["alone"]), expected(["alone"]))
        np.testing.assert_array_equal(b.embed(["again"]), expected(["again"]))
    assert backend.calls == [["alone"], ["again"]]


def test_waits_for_a_caller_half_way_through_submitting(backend: FakeBackend) -> None:
    counting = threading.Event()
    release = threading.Event()
    fast_counted = threading.Event()

    def slow_counter(texts: Sequence[str]) -> list[int]:
        if "slow" in texts:
            counting.set()
            release.wait()
        else:
            fast_counted.set()
        return [3 for _ in texts]

    with MicroBatcher(backend, max_wait=60.0, timeout=20.0, token_counter=slow_counter) as b:
        got: dict[str, np.ndarray] = {}
        slow = threading.Thread(target=lambda: got.update(slow=b.embed(["slow"])))
        slow.start()
        counting.wait()
        fast = threading.Thread(target=lambda: got.update(fast=b.embed(["fast"])))
        fast.start()
        fast_counted.wait()
        # "fast" is queued once only "slow" is still submitting; then the worker takes it.
        eventually(lambda: b.submitting() == 1 and b.pending() == 0)
        release.set()
        slow.join()
        fast.join()
    assert sorted(backend.calls[0]) == ["fast", "slow"]  # one backend call for both
    np.testing.assert_array_equal(got["slow"], expected(["slow"]))


def test_length_buckets_keep_short_and_long_apart(backend: FakeBackend) -> None:
    with MicroBatcher(backend, max_wait=0.0, buckets=(8, 64, 256)) as b:
        backend.gate.clear()
        blocker = threading.Thread(target=b.embed, args=(["blocker"],))
        blocker.start()
        eventually(backend.entered.is_set)
        short = [f"short {i}" for i in range(5)]
        long = [" ".join(["word"] * 100) + f" {i}" for i in range(3)]
        got: list[np.ndarray] = []
        t = threading.Thread(target=lambda: got.append(b.embed(short + long)))
        t.start()
        eventually(lambda: b.pending() == 8)
        backend.gate.set()
        t.join()
        blocker.join()
    np.testing.assert_array_equal(got[0], expected(short + long))
    for call in backend.calls[1:]:
        lengths = backend.count_tokens(call)
        assert max(lengths) <= 8 or min(lengths) > 64, call


def test_token_budget_bounds_padded_size(backend: FakeBackend) -> None:
    with MicroBatcher(backend, token_budget=40, max_wait=0.0) as b:
        texts = [f"eight words in this text number {i} ok" for i in range(20)]  # 10 tokens
        np.testing.assert_array_equal(b.embed(texts), expected(texts))
    for call in backend.calls:
        assert len(call) * max(backend.count_tokens(call)) <= 40
    assert b.stats.rows == 20
    assert b.stats.padded_tokens <= 20 * 10


def test_timeout_raises_and_drops_queued_texts(backend: FakeBackend) -> None:
    with MicroBatcher(backend, max_wait=0.0, timeout=0.05) as b:
        backend.gate.clear()
        with pytest.raises(EmbeddingTimeout):
            b.embed(["stuck in the backend"])
        with pytest.raises(EmbeddingTimeout):
            b.embed(["queued behind it"])
        assert b.stats.timeouts == 2
        backend.gate.set()
        # The batcher recovers, and the abandoned text was never sent to the backend.
        np.testing.assert_array_equal(b.embed(["after"]), expected(["after"]))
        assert "queued behind it" not in backend.texts_seen()


def test_timeout_becomes_failed_rows_in_embed_checked(backend: FakeBackend) -> None:
    with MicroBatcher(backend, max_wait=0.0, timeout=0.05) as b:
        backend.gate.clear()
        checked = embed_checked(b, ["x", "y"])
        backend.gate.set()
    assert not checked.ok.any()
    assert checked.error is not None and "EmbeddingTimeout" in checked.error


def test_backend_error_fails_only_callers_in_that_call(backend: FakeBackend) -> None:
    backend.fail_on = "poison"
    with MicroBatcher(backend, max_wait=0.0, buckets=(4, 256)) as b:
        backend.gate.clear()
        blocker = threading.Thread(target=b.embed, args=(["blocker"],))
        blocker.start()
        eventually(backend.entered.is_set)
        outcome: dict[str, object] = {}

        def call(key: str, texts: list[str]) -> None:
            try:
                outcome[key] = b.embed(texts)
            except EmbeddingError as exc:
                outcome[key] = exc

        # "poison" (3 tokens) shares a bucket with "ok a"; the long text has its own bucket.
        same = threading.Thread(target=call, args=("same", ["ok a"]))
        bad = threading.Thread(target=call, args=("bad", ["poison"]))
        other = threading.Thread(target=call, args=("other", [" ".join(["w"] * 20)]))
        for t in (same, bad, other):
            t.start()
        eventually(lambda: b.pending() == 3)
        backend.gate.set()
        for t in (same, bad, other, blocker):
            t.join()
    assert isinstance(outcome["bad"], EmbeddingError)
    assert isinstance(outcome["same"], EmbeddingError)  # same backend call, same fate
    assert isinstance(outcome["other"], np.ndarray)


def test_unexpected_backend_exception_is_wrapped(backend: FakeBackend) -> None:
    backend.crash_on = "boom"
    with MicroBatcher(backend, max_wait=0.0) as b:
        with pytest.raises(EmbeddingError, match="unexpected ValueError"):
            b.embed(["boom", "fine"])
        np.testing.assert_array_equal(b.embed(["fine"]), expected(["fine"]))


def test_bad_backend_shape_is_an_error() -> None:
    class Short(FakeBackend):
        def embed(self, texts: object) -> np.ndarray:
            return np.zeros((1, 4), np.float32)

    with MicroBatcher(Short(), max_wait=0.0) as b, pytest.raises(EmbeddingError, match="shape"):
        b.embed(["a", "b"])


def test_counting_failure_is_an_embedding_error(batcher: MicroBatcher) -> None:
    with pytest.raises(EmbeddingError, match="token counting"):
        batcher.embed([None])  # type: ignore[list-item]


def test_closed_batcher_refuses(backend: FakeBackend) -> None:
    b = MicroBatcher(backend)
    b.close()
    with pytest.raises(EmbeddingError, match="closed"):
        b.embed(["x"])


def test_estimate_tokens_without_counter() -> None:
    class NoCounter:
        name = "nc"
        version_tag = "nc@1"
        default_threshold = 0.5
        cheap = False

        def embed(self, texts: list[str]) -> np.ndarray:
            return np.stack([vector_for(t) for t in texts])

    assert estimate_tokens(["", "abcdefgh"]) == [2, 4]
    with MicroBatcher(NoCounter(), max_wait=0.001) as b:
        np.testing.assert_array_equal(b.embed(["p", "q"]), expected(["p", "q"]))


def test_rejects_bad_settings(backend: FakeBackend) -> None:
    with pytest.raises(ValueError):
        MicroBatcher(backend, token_budget=0)


class RendezvousBackend(FakeBackend):
    """Each call waits at a barrier: calls that do not overlap in time break it."""

    def __init__(self, parties: int) -> None:
        super().__init__()
        self.barrier = threading.Barrier(parties, timeout=10.0)

    def embed(self, texts: Sequence[str]) -> np.ndarray:
        try:
            self.barrier.wait()
        except threading.BrokenBarrierError as exc:
            raise EmbeddingError("calls did not run at the same time") from exc
        return super().embed(texts)


def test_workers_split_one_request_into_concurrent_calls() -> None:
    backend = RendezvousBackend(parties=2)
    texts = [f"claim number {i} of ten" for i in range(10)]
    with MicroBatcher(backend, workers=2, max_wait=0.0) as b:
        np.testing.assert_array_equal(b.embed(texts), expected(texts))
    assert sorted(len(call) for call in backend.calls) == [5, 5]


def test_one_worker_keeps_one_call_per_bucket() -> None:
    backend = FakeBackend()
    texts = [f"claim number {i} of ten" for i in range(10)]
    with MicroBatcher(backend, workers=1, max_wait=0.0) as b:
        np.testing.assert_array_equal(b.embed(texts), expected(texts))
    assert [len(call) for call in backend.calls] == [10]


def test_workers_never_split_below_one_text() -> None:
    backend = FakeBackend()
    with MicroBatcher(backend, workers=4, max_wait=0.0) as b:
        np.testing.assert_array_equal(b.embed(["one", "two"]), expected(["one", "two"]))
    assert sorted(len(call) for call in backend.calls) == [1, 1]


def test_a_failing_parallel_call_fails_only_its_rows_callers() -> None:
    backend = FakeBackend()
    backend.fail_on = "poison"
    with MicroBatcher(backend, workers=2, max_wait=0.0) as b:
        with pytest.raises(EmbeddingError, match="refused"):
            b.embed(["fine text", "poison"])
        np.testing.assert_array_equal(b.embed(["after"]), expected(["after"]))
    assert b.stats.failures == 1


def test_workers_must_be_positive(backend: FakeBackend) -> None:
    with pytest.raises(ValueError, match="workers"):
        MicroBatcher(backend, workers=0)


def test_workers_balance_a_round_split_by_a_bucket_boundary() -> None:
    # One text of 15 tokens and nine of 18 fall into buckets <=16 and <=32; joined
    # (padding grows by 2%), they are cut into two equal calls for two workers.
    backend = RendezvousBackend(parties=2)
    texts = ["w " * 13] + [f"w {i} " + "w " * 14 for i in range(9)]
    assert backend.count_tokens(texts) == [15] + [18] * 9
    with MicroBatcher(backend, workers=2, max_wait=0.0, buckets=(16, 32)) as b:
        np.testing.assert_array_equal(b.embed(texts), expected(texts))
    assert sorted(len(call) for call in backend.calls) == [5, 5]


def test_workers_keep_far_apart_lengths_in_separate_calls() -> None:
    backend = FakeBackend()
    texts = ["short text"] * 4 + ["a much longer text " * 20] * 2
    with MicroBatcher(backend, workers=2, max_wait=0.0) as b:
        np.testing.assert_array_equal(b.embed(texts), expected(texts))
    for call in backend.calls:  # no short text padded to the long ones
        assert len(set(backend.count_tokens(call))) == 1


@settings(max_examples=100, deadline=None)
@given(
    word_counts=st.lists(st.integers(0, 70), min_size=1, max_size=40),
    workers=st.integers(1, 3),
    budget=st.integers(8, 300),
    max_batch=st.integers(1, 12),
)
def test_any_round_is_planned_within_its_limits_and_loses_nothing(
    word_counts: list[int], workers: int, budget: int, max_batch: int
) -> None:
    backend = FakeBackend()
    texts = [" ".join(f"w{i}" for _ in range(n)) + f" t{i}" for i, n in enumerate(word_counts)]
    with MicroBatcher(
        backend, workers=workers, token_budget=budget, max_batch=max_batch, max_wait=0.0
    ) as batcher:
        np.testing.assert_array_equal(batcher.embed(texts), expected(texts))
    assert sorted(backend.texts_seen()) == sorted(texts)  # each text embedded exactly once
    for call in backend.calls:
        assert len(call) <= max_batch
        tokens = backend.count_tokens(call)
        if len(call) > 1:  # a lone text longer than the budget still gets its own call
            assert len(call) * max(tokens) <= budget


def test_tagged_views_share_the_queue_and_count_their_tokens(
    backend: FakeBackend, batcher: MicroBatcher
) -> None:
    claims, passages = batcher.for_texts("claim"), batcher.for_texts("passage")
    assert isinstance(claims, Embedder)
    assert (claims.name, claims.version_tag) == (batcher.name, batcher.version_tag)
    claim_texts, passage_texts = ["two words"], ["a passage of five words", "three more words"]
    np.testing.assert_array_equal(claims.embed(claim_texts), expected(claim_texts))
    np.testing.assert_array_equal(passages.embed(passage_texts), expected(passage_texts))
    batcher.embed(["untagged"])
    # FakeBackend counts words + 2 ([CLS], [SEP]).
    assert batcher.stats.tokens_by_kind == {"claim": 4, "passage": 7 + 5, "text": 3}
    assert sum(batcher.stats.tokens_by_kind.values()) == batcher.stats.real_tokens
    sent = sorted(t for call in backend.calls for t in call)
    assert sent == sorted([*claim_texts, *passage_texts, "untagged"])
