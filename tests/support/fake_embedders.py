"""Embedders for tests: a tiny deterministic backend for the batching and caching
wrappers, and the hash embedder with failures injected by marker."""

from __future__ import annotations

import hashlib
import threading
from collections.abc import Sequence

import numpy as np

from grounding_sidecar.detection import HashEmbedder
from grounding_sidecar.detection.embedding.base import EmbeddingError, FloatMatrix, WrappedEmbedder

DIM = 8


def vector_for(text: str) -> np.ndarray:
    """A distinct, reproducible unit-ish vector per text."""
    seed = int.from_bytes(hashlib.sha256(text.encode()).digest()[:8], "little")
    return np.random.default_rng(seed).standard_normal(DIM).astype(np.float32)


class FakeBackend:
    """Records every call; can be held at a gate, fail on a marker, or return bad rows."""

    name = "fake"
    version_tag = "fake@1"
    default_threshold = 0.5
    cheap = False

    def __init__(self) -> None:
        self.calls: list[list[str]] = []
        self.gate = threading.Event()
        self.gate.set()
        self.entered = threading.Event()  # set when a call is inside embed()
        self.fail_on: str | None = None
        self.crash_on: str | None = None
        self.zero_on: str | None = None
        self._lock = threading.Lock()

    def count_tokens(self, texts: Sequence[str]) -> list[int]:
        return [len(t.split()) + 2 for t in texts]

    def embed(self, texts: Sequence[str]) -> FloatMatrix:
        with self._lock:
            self.calls.append(list(texts))
        self.entered.set()
        self.gate.wait()
        if self.fail_on is not None and self.fail_on in texts:
            raise EmbeddingError("backend refused")
        if self.crash_on is not None and self.crash_on in texts:
            raise ValueError("backend bug")
        rows = [np.zeros(DIM, np.float32) if t == self.zero_on else vector_for(t) for t in texts]
        return np.stack(rows) if rows else np.zeros((0, DIM), np.float32)

    def texts_seen(self) -> list[str]:
        with self._lock:
            return [t for call in self.calls for t in call]


class FailingEmbedder:
    """The hash embedder, failing every batch with a text that contains one of `markers`.

    Passages and claims are embedded in separate batches, so a marker in a source fails
    the `source` stage and a marker in the answer the `claim` stage.  Name, version and
    threshold are the hash embedder's: its shipped calibration applies.
    """

    def __init__(self, *markers: str) -> None:
        if not markers:
            raise ValueError("name at least one marker")
        self._inner = HashEmbedder()
        self._markers = markers
        self.name = self._inner.name
        self.version_tag = self._inner.version_tag
        self.default_threshold = self._inner.default_threshold
        self.cheap = self._inner.cheap

    def embed(self, texts: Sequence[str]) -> FloatMatrix:
        if any(marker in text for text in texts for marker in self._markers):
            raise EmbeddingError("injected failure")
        return self._inner.embed(texts)


class RecordingEmbedder(WrappedEmbedder):
    """The hash embedder, recording each text it is asked for; `fail_once` makes the
    next call raise (a model run that failed)."""

    def __init__(self) -> None:
        super().__init__(HashEmbedder())
        self.texts: list[str] = []
        self.fail_once = False

    def embed(self, texts: Sequence[str]) -> FloatMatrix:
        if self.fail_once:
            self.fail_once = False
            raise EmbeddingError("injected")
        self.texts.extend(texts)
        return self._backend.embed(texts)
