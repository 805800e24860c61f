"""A bounded LRU cache of embeddings keyed by content hash, as an Embedder wrapper.

RAG requests resend the same sources over and over, so source passages are
embedded once and then served from memory.  Keys are the sha256 of the text
(the text itself is not kept, so memory is bounded by vectors, not documents);
the cache belongs to one backend, whose version tag therefore need not be part
of the key.  Bounded by entry count and by bytes, whichever binds first.

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
from dataclasses import dataclass

import numpy as np
import numpy.typing as npt

from sidecar.detection.embedders import Embedder, EmbeddingError, FloatMatrix, WrappedEmbedder

# Per-entry bookkeeping beyond the vector: key bytes, OrderedDict node, array header.
ENTRY_OVERHEAD_BYTES = 200


@dataclass(slots=True)
class CacheStats:
    hits: int = 0
    misses: int = 0
    evictions: int = 0
    entries: int = 0
    bytes: int = 0


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
        self._lock = threading.Lock()
        self.stats = CacheStats()

    def embed(self, texts: Sequence[str]) -> FloatMatrix:
        if not texts:
            return self._backend.embed([])
        keys = [content_key(t) for t in texts]
        found: dict[bytes, npt.NDArray[np.float32]] = {}
        with self._lock:
            for key in keys:
                vector = self._entries.get(key)
                if vector is not None:
                    self._entries.move_to_end(key)
                    found[key] = vector
            # Each distinct missing text is embedded once, even if repeated in this call.
            missing = {k: t for k, t in zip(keys, texts, strict=True) if k not in found}
            self.stats.hits += len(keys) - sum(1 for k in keys if k in missing)
            self.stats.misses += len(missing)
        if missing:
            fresh = np.asarray(self._backend.embed(list(missing.values())), dtype=np.float32)
            if fresh.ndim != 2 or fresh.shape[0] != len(missing):
                raise EmbeddingError(f"backend returned shape {fresh.shape} for {len(missing)}")
            with self._lock:
                for key, row in zip(missing, fresh, strict=True):
                    found[key] = row
                    if _valid(row):
                        self._store(key, row.copy())
        widths = {v.shape[0] for v in found.values()}
        if len(widths) != 1:  # cached rows from before a backend change: refuse to mix
            raise EmbeddingError(f"cached and fresh embeddings differ in width: {widths}")
        return np.stack([found[k] for k in keys]).astype(np.float32)

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


def _entry_bytes(vector: npt.NDArray[np.float32]) -> int:
    return int(vector.nbytes) + ENTRY_OVERHEAD_BYTES


def _valid(row: npt.NDArray[np.float32]) -> bool:
    return bool(np.isfinite(row).all() and np.any(row != 0))
