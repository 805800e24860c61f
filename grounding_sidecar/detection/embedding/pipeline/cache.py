"""A bounded LRU cache of embeddings keyed by content hash, as an Embedder wrapper.

RAG requests resend the same sources over and over, so source passages are
embedded once and then served from memory.  Keys are the sha256 of the text
(the text itself is not kept, so memory is bounded by vectors, not documents);
the cache belongs to one backend, whose version tag therefore need not be part
of the key.  Bounded by entry count and by bytes, whichever binds first.

Concurrent first sightings are coalesced ("single flight"): while one caller embeds
a text, others asking for the same text wait for that result instead of embedding
it again, so a burst of requests carrying the same new sources costs one model run.

Only valid rows are stored: an error stores nothing, and a non-finite or
all-zero row is returned but recomputed next time rather than pinned as a
permanent failure.  Callers get fresh arrays, so mutating a result cannot
corrupt the cache.
"""

from __future__ import annotations

import hashlib
import threading
from collections import OrderedDict
from collections.abc import Sequence
from dataclasses import dataclass, field

import numpy as np
import numpy.typing as npt

from grounding_sidecar.detection.embedding.base import (
    Embedder,
    EmbeddingError,
    EmbeddingTimeout,
    FloatMatrix,
    WrappedEmbedder,
)

# Per-entry bookkeeping beyond the vector: key bytes, OrderedDict node, array header.
ENTRY_OVERHEAD_BYTES = 200
# How long a caller waits for another caller's embedding of the same text; the
# backend's own deadline (the batcher's timeout) normally ends the flight first.
FLIGHT_WAIT_SECONDS = 60.0


@dataclass(slots=True)
class CacheStats:
    hits: int = 0
    misses: int = 0
    evictions: int = 0
    entries: int = 0
    bytes: int = 0
    coalesced: int = 0  # texts served by another caller's in-flight embedding


@dataclass(slots=True)
class _Flight:
    """One text being embedded by one caller, awaited by any others."""

    done: threading.Event = field(default_factory=threading.Event)
    row: npt.NDArray[np.float32] | None = None
    error: BaseException | None = None


def content_key(text: str) -> bytes:
    # surrogatepass: a lone surrogate must hash, not raise, like any other text.
    return hashlib.sha256(text.encode("utf-8", "surrogatepass")).digest()


class CachedEmbedder(WrappedEmbedder):
    """Wraps a backend Embedder; itself an Embedder with the backend's identity."""

    def __init__(
        self, backend: Embedder, *, max_entries: int = 50_000, max_bytes: int = 128 << 20
    ) -> None:
        if max_entries < 1 or max_bytes < 1:
            raise ValueError("max_entries and max_bytes must be positive")
        super().__init__(backend)
        self._max_entries = max_entries
        self._max_bytes = max_bytes
        self._entries: OrderedDict[bytes, npt.NDArray[np.float32]] = OrderedDict()
        self._flights: dict[bytes, _Flight] = {}
        self._lock = threading.Lock()
        self.stats = CacheStats()

    @property
    def max_bytes(self) -> int:
        return self._max_bytes

    def embed(self, texts: Sequence[str]) -> FloatMatrix:
        if not texts:
            return self._backend.embed([])
        keys = [content_key(t) for t in texts]
        found: dict[bytes, npt.NDArray[np.float32]] = {}
        owned: dict[bytes, str] = {}  # texts this call embeds
        awaited: dict[bytes, _Flight] = {}  # texts another caller is embedding
        with self._lock:
            for key, text in zip(keys, texts, strict=True):
                if key in found or key in owned or key in awaited:
                    continue  # a repeat inside this call is looked up once
                vector = self._entries.get(key)
                if vector is not None:
                    self._entries.move_to_end(key)
                    found[key] = vector
                elif key in self._flights:
                    awaited[key] = self._flights[key]
                else:
                    owned[key] = text
                    self._flights[key] = _Flight()
            self.stats.misses += len(owned)
            self.stats.coalesced += len(awaited)
            self.stats.hits += sum(1 for key in keys if key in found)
        if owned:
            found.update(self._embed_owned(owned))
        for key, flight in awaited.items():
            found[key] = _result_of(flight)
        widths = {v.shape[0] for v in found.values()}
        if len(widths) != 1:  # cached rows from before a backend change: refuse to mix
            raise EmbeddingError(f"cached and fresh embeddings differ in width: {widths}")
        return np.stack([found[k] for k in keys]).astype(np.float32)

    def _embed_owned(self, owned: dict[bytes, str]) -> dict[bytes, npt.NDArray[np.float32]]:
        """Embed this call's texts, store the valid rows, and release their waiters."""
        try:
            fresh = np.asarray(self._backend.embed(list(owned.values())), dtype=np.float32)
            if fresh.ndim != 2 or fresh.shape[0] != len(owned):
                raise EmbeddingError(f"backend returned shape {fresh.shape} for {len(owned)}")
        except BaseException as exc:
            self._finish(owned, error=exc)
            raise
        rows = dict(zip(owned, fresh, strict=True))
        self._finish(owned, rows=rows)
        return rows

    def _finish(
        self,
        owned: dict[bytes, str],
        *,
        rows: dict[bytes, npt.NDArray[np.float32]] | None = None,
        error: BaseException | None = None,
    ) -> None:
        with self._lock:
            for key in owned:
                flight = self._flights.pop(key)
                if rows is not None:
                    flight.row = rows[key]
                    if _valid(rows[key]):
                        self._store(key, rows[key].copy())
                flight.error = error
                flight.done.set()

    def clear(self) -> None:
        with self._lock:
            self._entries.clear()
            self.stats.entries = self.stats.bytes = 0

    def _store(self, key: bytes, vector: npt.NDArray[np.float32]) -> None:
        vector.setflags(write=False)
        size = _entry_bytes(vector)
        if size > self._max_bytes:
            return
        old = self._entries.pop(key, None)
        if old is not None:
            self.stats.bytes -= _entry_bytes(old)
        self._entries[key] = vector
        self.stats.bytes += size
        while len(self._entries) > self._max_entries or self.stats.bytes > self._max_bytes:
            _, evicted = self._entries.popitem(last=False)
            self.stats.bytes -= _entry_bytes(evicted)
            self.stats.evictions += 1
        self.stats.entries = len(self._entries)


def _result_of(flight: _Flight) -> npt.NDArray[np.float32]:
    if not flight.done.wait(FLIGHT_WAIT_SECONDS):
        raise EmbeddingTimeout("another caller's embedding of this text did not finish")
    if flight.error is not None or flight.row is None:
        raise EmbeddingError(
            f"embedding this text failed for the caller running it: {flight.error}"
        )
    return flight.row


def _entry_bytes(vector: npt.NDArray[np.float32]) -> int:
    return int(vector.nbytes) + ENTRY_OVERHEAD_BYTES


def _valid(row: npt.NDArray[np.float32]) -> bool:
    return bool(np.isfinite(row).all() and np.any(row != 0))
