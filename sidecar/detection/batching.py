"""Dynamic micro-batching across concurrent callers, as an Embedder wrapper.

Each `embed` call puts its texts on one queue and waits.  One worker thread
takes the first waiting text and everything else already queued; while other
callers are still tokenising and queueing, it waits for them, for at most
`max_wait` seconds or until `token_budget` tokens are gathered.  It then splits
what it has by length bucket (so a 10-token claim is never padded to a 250-token
passage) and cuts each bucket into backend calls of at most `token_budget`
padded tokens.  Results are scattered back to their callers' rows.

One queue, one gathering thread; the backend calls of a round run on `workers`
threads at once (a round with fewer calls than workers has its largest calls
halved, so a lone 10-claim check uses every worker).  Data parallelism beats a
backend's own intra-op threads on small batches: measured with MiniLM on 2
cores, 10 claims embed in 24.9 ms as two 1-thread runs against 29.3 ms as one
2-thread run (docs/embedders.md).  While a round runs, new texts queue up, so
under load batches form by themselves; `max_wait` only bounds the wait for
callers caught half-way through submitting, and a lone caller never waits.

Failure semantics match the Embedder contract: a caller whose rows are not all
done within `timeout` gets EmbeddingTimeout (and its still-queued texts are
dropped); a backend error fails every caller with a text in that backend call.
"""

from __future__ import annotations

import bisect
import queue
import threading
import time
from collections.abc import Callable, Sequence
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass, field
from typing import Protocol, runtime_checkable

import numpy as np

from sidecar.detection.embedders import (
    Embedder,
    EmbeddingError,
    EmbeddingTimeout,
    FloatMatrix,
    WrappedEmbedder,
)

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

    def pending(self) -> int:
        """Texts waiting in the queue (not counting a backend call in progress)."""
        return self._queue.qsize()

    def embed(self, texts: Sequence[str]) -> FloatMatrix:
        if self._closed:
            raise EmbeddingError("the embedding batcher is closed")
        if not texts:
            return self._backend.embed([])
        with self._lock:
            self._submitting += 1
        try:
            try:
                counts = self._count(texts)
            except Exception as exc:  # e.g. a non-str item: fail this call, not the queue
                raise EmbeddingError(f"token counting failed: {exc}") from exc
            request = _Request(size=len(texts))
            for index, (text, tokens) in enumerate(zip(texts, counts, strict=True)):
                self._queue.put(_Item(request, index, text, max(1, tokens)))
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
        calls = [
            call
            for bucket in sorted(by_bucket)
            for call in self._cut(sorted(by_bucket[bucket], key=lambda i: i.tokens))
        ]
        if self._pool is None:
            for call in calls:
                self._call_backend(call)
            return
        calls = _spread(calls, self._workers)
        others = [self._pool.submit(self._call_backend, call) for call in calls[1:]]
        if calls:
            self._call_backend(calls[0])
        for future in others:
            future.result()  # _call_backend never raises; this only waits

    def _cut(self, items: list[_Item]) -> list[list[_Item]]:
        """Consecutive runs whose padded size (rows x longest) stays within the budget."""
        calls: list[list[_Item]] = []
        current: list[_Item] = []
        for item in items:  # ascending length: item.tokens is the run's longest if added
            too_big = (len(current) + 1) * item.tokens > self._budget
            if current and (len(current) >= self._max_batch or too_big):
                calls.append(current)
                current = []
            current.append(item)
        if current:
            calls.append(current)
        return calls

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


def _spread(calls: list[list[_Item]], workers: int) -> list[list[_Item]]:
    """Halve the largest calls until every worker has one (or no call can be halved)."""
    calls = list(calls)
    while len(calls) < workers:
        largest = max(range(len(calls)), key=lambda c: len(calls[c]), default=None)
        if largest is None or len(calls[largest]) < 2:
            break
        call = calls.pop(largest)
        half = len(call) // 2
        calls[largest:largest] = [call[:half], call[half:]]
    return calls
