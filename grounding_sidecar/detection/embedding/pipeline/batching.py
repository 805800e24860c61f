"""Dynamic micro-batching across concurrent callers, as an Embedder wrapper.

Each `embed` call puts its texts on one queue and waits.  One gathering thread
takes the first waiting text and everything else already queued; while other
callers are still tokenising and queueing, it waits for them, for at most
`max_wait` seconds or until `token_budget` tokens are gathered.  It then splits
what it has by length bucket (so a 10-token claim is never padded to a 250-token
passage), cuts each bucket into backend calls of at most `token_budget` padded
tokens, and joins neighbouring calls again where padding grows only a little.
Results are scattered back to their callers' rows.

The calls of a round run on `workers` threads at once, largest first; a call
larger than an even share of the round is cut first, so a lone 10-claim check
keeps every worker busy.  Data parallelism beats a backend's own intra-op
threads on small batches: with MiniLM on 2 cores, 10 claims embed in 24.9 ms as
two 1-thread runs against 27.7 ms as one 2-thread run (docs/embedders.md).
While a round runs, new texts queue up, so under load batches form by
themselves; `max_wait` only bounds the wait for callers caught half-way through
submitting, and a lone caller never waits.

Failure semantics match the Embedder contract: a caller whose rows are not all
done within `timeout` gets EmbeddingTimeout (and its still-queued texts are
dropped); a backend error fails every caller with a text in that backend call.

`for_texts(kind)` gives a view of the queue that tags what it embeds ("claim",
"passage"): the views share the queue and its runs, and `stats.tokens_by_kind` says
how many real tokens each kind sent to the model, which the capacity benchmark turns
into model work per verdict (docs/benchmarks.md).
"""

from __future__ import annotations

import bisect
import collections
import queue
import threading
import time
from collections.abc import Callable, Sequence
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass, field
from typing import Protocol, runtime_checkable

import numpy as np

from grounding_sidecar.detection.embedding.base import (
    Embedder,
    EmbeddingError,
    EmbeddingTimeout,
    FloatMatrix,
    WrappedEmbedder,
)
from grounding_sidecar.detection.embedding.pipeline.padding import balance, cut_runs, padded_cost

TokenCounter = Callable[[Sequence[str]], list[int]]
DEFAULT_BUCKETS = (16, 32, 64, 128, 256)


@runtime_checkable
class CountsTokens(Protocol):
    def count_tokens(self, texts: Sequence[str]) -> list[int]: ...


def estimate_tokens(texts: Sequence[str]) -> list[int]:
    """Rough WordPiece length (about 4 characters a token, plus [CLS]/[SEP])."""
    return [len(t) // 4 + 2 for t in texts]


@dataclass(eq=False)
class _Request:
    size: int
    done: threading.Event = field(default_factory=threading.Event)
    rows: FloatMatrix | None = None
    filled: int = 0
    error: EmbeddingError | None = None
    abandoned: bool = False  # the caller timed out; skip its queued texts


@dataclass(frozen=True, slots=True, eq=False)
class _Item:
    request: _Request
    index: int
    text: str
    tokens: int


@dataclass(slots=True)
class BatchStats:
    backend_calls: int = 0
    rows: int = 0
    padded_tokens: int = 0
    real_tokens: int = 0
    timeouts: int = 0
    failures: int = 0
    # Real tokens queued, by the kind of text (`for_texts`); untagged calls count as
    # UNTAGGED.  Texts a timed-out caller abandons still count: they were queued.
    tokens_by_kind: dict[str, int] = field(default_factory=dict)


UNTAGGED = "text"


_STOP = object()


class MicroBatcher(WrappedEmbedder):
    """Wraps a backend Embedder; itself an Embedder with the backend's identity."""

    def __init__(
        self,
        backend: Embedder,
        *,
        workers: int = 1,
        token_budget: int = 4096,
        max_batch: int = 64,
        max_wait: float = 0.002,
        timeout: float = 10.0,
        buckets: Sequence[int] = DEFAULT_BUCKETS,
        token_counter: TokenCounter | None = None,
    ) -> None:
        if workers < 1 or token_budget < 1 or max_batch < 1 or max_wait < 0 or timeout <= 0:
            raise ValueError("workers, token_budget and max_batch >= 1, max_wait >= 0, timeout > 0")
        super().__init__(backend)
        self._workers = workers
        # The gathering thread runs one call of each round itself; the pool runs the rest.
        self._pool = (
            ThreadPoolExecutor(workers - 1, thread_name_prefix="embed-run") if workers > 1 else None
        )
        self._budget = token_budget
        self._max_batch = max_batch
        self._max_wait = max_wait
        self._timeout = timeout
        self._buckets = sorted(buckets)
        if token_counter is not None:
            self._count: TokenCounter = token_counter
        elif isinstance(backend, CountsTokens):
            self._count = backend.count_tokens
        else:
            self._count = estimate_tokens
        self._queue: queue.Queue[object] = queue.Queue()
        self._lock = threading.Lock()  # guards request rows/state and stats
        self._closed = False
        self._submitting = 0  # callers between entering embed() and queueing their last text
        self.stats = BatchStats()
        self._worker = threading.Thread(target=self._run, name="embed-batcher", daemon=True)
        self._worker.start()

    @property
    def workers(self) -> int:
        return self._workers

    def pending(self) -> int:
        """Texts waiting in the queue (not counting a backend call in progress)."""
        return self._queue.qsize()

    def submitting(self) -> int:
        """Callers inside `embed()` that have not queued all their texts yet (a batch
        being gathered waits for them, up to `max_wait`)."""
        with self._lock:
            return self._submitting

    def for_texts(self, kind: str) -> Embedder:
        """This queue as an Embedder whose texts count as `kind` in `stats`."""
        return _TaggedQueue(self, kind)

    def embed(self, texts: Sequence[str], kind: str = UNTAGGED) -> FloatMatrix:
        if self._closed:
            raise EmbeddingError("the embedding batcher is closed")
        if not texts:
            return self._backend.embed([])
        with self._lock:
            self._submitting += 1
        try:
            request = self._queue_texts(texts, kind)
        finally:
            with self._lock:
                self._submitting -= 1
        if not request.done.wait(self._timeout):
            with self._lock:
                if not request.done.is_set():
                    request.abandoned = True
                    self.stats.timeouts += 1
            if request.abandoned:
                raise EmbeddingTimeout(f"no embedding within {self._timeout:g}s")
        if request.error is not None:
            raise request.error
        assert request.rows is not None  # done without error means every row was filled
        return request.rows

    def _queue_texts(self, texts: Sequence[str], kind: str) -> _Request:
        """Each text queued with its token count (at least one), counted as `kind`."""
        try:
            counts = [max(1, tokens) for tokens in self._count(texts)]
        except Exception as exc:  # e.g. a non-str item: fail this call, not the queue
            raise EmbeddingError(f"token counting failed: {exc}") from exc
        with self._lock:
            self.stats.tokens_by_kind[kind] = self.stats.tokens_by_kind.get(kind, 0) + sum(counts)
        request = _Request(size=len(texts))
        for index, (text, tokens) in enumerate(zip(texts, counts, strict=True)):
            self._queue.put(_Item(request, index, text, tokens))
        return request

    def close(self) -> None:
        """Stop the worker; callers still waiting fail with EmbeddingError."""
        if self._closed:
            return
        self._closed = True
        self._queue.put(_STOP)
        self._worker.join(timeout=self._timeout)
        if self._pool is not None:
            self._pool.shutdown(wait=False, cancel_futures=True)

    def __enter__(self) -> MicroBatcher:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    # -- worker -------------------------------------------------------------

    def _run(self) -> None:
        while True:
            first = self._queue.get()
            if first is _STOP:
                break
            assert isinstance(first, _Item)
            gathered, stop = self._gather(first)
            self._dispatch(gathered)
            if stop:
                break
        self._fail_leftovers()

    def _gather(self, first: _Item) -> tuple[list[_Item], bool]:
        """The first item plus whatever arrives within max_wait, up to the token budget."""
        items = [first]
        tokens = first.tokens
        deadline = time.monotonic() + self._max_wait
        while tokens < self._budget:
            try:
                nxt = self._queue.get_nowait()  # already queued: take it without waiting
            except queue.Empty:
                remaining = deadline - time.monotonic()
                # Wait only for callers already on their way in; idling for callers that
                # may never come would add max_wait to every lone request.
                if remaining <= 0 or self._submitting == 0:
                    break
                try:
                    nxt = self._queue.get(timeout=remaining)
                except queue.Empty:
                    break
            if nxt is _STOP:
                return items, True
            assert isinstance(nxt, _Item)
            items.append(nxt)
            tokens += nxt.tokens
        return items, False

    def _dispatch(self, items: list[_Item]) -> None:
        live = [i for i in items if not i.request.abandoned and i.request.error is None]
        by_bucket: dict[int, list[_Item]] = {}
        for item in live:
            by_bucket.setdefault(bisect.bisect_left(self._buckets, item.tokens), []).append(item)
        calls = self._merge_close(
            [
                call
                for bucket in sorted(by_bucket)
                for call in self._cut(sorted(by_bucket[bucket], key=lambda i: i.tokens))
            ]
        )
        if self._pool is None or not calls:
            for call in calls:
                self._call_backend(call)
            return
        self._run_in_parallel(calls)

    def _run_in_parallel(self, calls: list[list[_Item]]) -> None:
        """Largest first, each runner taking the next call when it is free (LPT)."""
        calls = balance(calls, _tokens, self._workers)
        pending = collections.deque(sorted(calls, key=_padded_tokens, reverse=True))

        def drain() -> None:
            while True:
                try:
                    call = pending.popleft()  # deque pops are atomic: no lock needed
                except IndexError:
                    return
                self._call_backend(call)

        assert self._pool is not None
        helpers = [self._pool.submit(drain) for _ in range(min(self._workers, len(pending)) - 1)]
        drain()  # the gathering thread is one of the runners
        for helper in helpers:
            helper.result()  # _call_backend never raises; this only waits

    def _merge_close(self, calls: list[list[_Item]]) -> list[list[_Item]]:
        """Neighbouring calls (ascending length) joined where padding grows < 25%.

        A bucket boundary can split ten claims of 15 to 19 tokens into calls of 1
        and 9 rows; a model run has a fixed cost (a 1-row run of MiniLM is ~4 ms of
        a 10-row run's ~24), and joined they can still be cut into equal halves for
        two workers.
        """
        merged: list[list[_Item]] = []
        for call in calls:
            if merged:
                joined = merged[-1] + call
                cost = _padded_tokens(joined)
                separate = _padded_tokens(merged[-1]) + _padded_tokens(call)
                if (
                    cost <= 1.25 * separate
                    and cost <= self._budget
                    and len(joined) <= self._max_batch
                ):
                    merged[-1] = joined
                    continue
            merged.append(call)
        return merged

    def _cut(self, items: list[_Item]) -> list[list[_Item]]:
        """Items in ascending length cut into calls within the budget and max batch."""
        runs = cut_runs([item.tokens for item in items], self._budget, self._max_batch)
        return [items[run.start : run.stop] for run in runs]

    def _call_backend(self, call: list[_Item]) -> None:
        # A request may have failed or timed out while an earlier call of this round ran.
        call = [i for i in call if not i.request.abandoned and i.request.error is None]
        if not call:
            return
        try:
            raw = np.asarray(self._backend.embed([i.text for i in call]), dtype=np.float32)
            if raw.ndim != 2 or raw.shape[0] != len(call):
                raise EmbeddingError(f"backend returned shape {raw.shape} for {len(call)} texts")
        except EmbeddingError as exc:
            self._fail(call, exc)
            return
        except Exception as exc:  # a backend bug fails its callers, never the worker
            self._fail(call, EmbeddingError(f"unexpected {type(exc).__name__}: {exc}"))
            return
        with self._lock:
            self.stats.backend_calls += 1
            self.stats.rows += len(call)
            self.stats.padded_tokens += len(call) * max(i.tokens for i in call)
            self.stats.real_tokens += sum(i.tokens for i in call)
            for item, row in zip(call, raw, strict=True):
                request = item.request
                if request.abandoned or request.error is not None:
                    continue
                if request.rows is None:
                    request.rows = np.zeros((request.size, raw.shape[1]), np.float32)
                if request.rows.shape[1] != raw.shape[1]:  # backend changed width mid-request
                    request.error = EmbeddingError("backend returned inconsistent widths")
                    request.done.set()
                    continue
                request.rows[item.index] = row
                request.filled += 1
                if request.filled == request.size:
                    request.done.set()

    def _fail(self, call: list[_Item], error: EmbeddingError) -> None:
        with self._lock:
            self.stats.failures += 1
            for item in call:
                if item.request.error is None and not item.request.abandoned:
                    item.request.error = error
                    item.request.done.set()

    def _fail_leftovers(self) -> None:
        closed = EmbeddingError("the embedding batcher is closed")
        while True:
            try:
                item = self._queue.get_nowait()
            except queue.Empty:
                return
            if isinstance(item, _Item):
                self._fail([item], closed)


class _TaggedQueue(WrappedEmbedder):
    """A MicroBatcher's queue whose texts count as one kind in its stats."""

    def __init__(self, batcher: MicroBatcher, kind: str) -> None:
        super().__init__(batcher.backend)
        self._batcher = batcher
        self._kind = kind

    def embed(self, texts: Sequence[str]) -> FloatMatrix:
        return self._batcher.embed(texts, self._kind)


def _padded_tokens(call: list[_Item]) -> int:
    return padded_cost(call, _tokens)


def _tokens(item: _Item) -> int:
    return item.tokens
