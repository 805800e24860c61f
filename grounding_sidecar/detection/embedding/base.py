"""The embedder interface and its failure semantics (docs/contract.md#embedding-failures).

An embedder turns texts into one row each of an `(n, dim)` float32 matrix.  It
may raise `EmbeddingError` (or its subclass `EmbeddingTimeout`) for the whole
batch; `embed_checked` then also rejects rows that are empty, non-finite or
all-zero, so the grader sees one boolean per text and never a silent zero vector.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Protocol, runtime_checkable

import numpy as np
import numpy.typing as npt

FloatMatrix = npt.NDArray[np.float32]


class EmbeddingError(RuntimeError):
    """The embedder could not produce vectors for a batch."""


class EmbeddingTimeout(EmbeddingError):
    """The embedder did not answer within its deadline."""


class EmbedderUnavailable(RuntimeError):
    """A configured embedder cannot be loaded (missing model, bad checksum).

    Raised at start-up; never replaced by another embedder under the same name.
    """


# A version tag may add the graph it runs to the weights' tag: `minilm-l6@d40dafbc`
# is the fp32 reference, `minilm-l6@d40dafbc+int8@c007b383` the same weights in int8.
PRECISION_SEPARATOR = "+"


def weights_tag(version_tag: str) -> str:
    """The part of a version tag that names the weights: what a calibration is fitted
    for, since every graph of the same weights is held to the reference's embeddings
    (docs/embedders.md#precision)."""
    return version_tag.split(PRECISION_SEPARATOR, 1)[0]


@runtime_checkable
class Embedder(Protocol):
    """What the grader needs of an embedding backend."""

    @property
    def name(self) -> str:
        """Short name used on the command line and in config: `hash`, `minilm`."""

    @property
    def version_tag(self) -> str:
        """Names the exact model, e.g. `minilm-l6@1a2b3c4d`; part of the metric version."""

    @property
    def default_threshold(self) -> float:
        """Similarity threshold this embedder was calibrated for."""

    @property
    def cheap(self) -> bool:
        """True when embedding costs microseconds, not model runs: a small check may then
        run on the event loop instead of a worker thread."""

    def embed(self, texts: Sequence[str]) -> FloatMatrix:
        """Return an `(len(texts), dim)` float32 matrix; rows need not be normalised."""


class WrappedEmbedder:
    """Base of wrappers (the batching queue, the passage cache) that keep their
    backend's identity: same name, version tag and threshold, so wrapping never
    changes the metric definition version."""

    def __init__(self, backend: Embedder) -> None:
        self._backend = backend

    @property
    def backend(self) -> Embedder:
        return self._backend

    @property
    def name(self) -> str:
        return self._backend.name

    @property
    def version_tag(self) -> str:
        return self._backend.version_tag

    @property
    def default_threshold(self) -> float:
        return self._backend.default_threshold

    @property
    def cheap(self) -> bool:
        return False  # a queue hop or a cache lookup costs more than a cheap backend


@dataclass(frozen=True, slots=True)
class CheckedEmbeddings:
    """L2-normalised vectors plus which rows are usable."""

    vectors: FloatMatrix
    ok: npt.NDArray[np.bool_]
    error: str | None = None

    @property
    def all_ok(self) -> bool:
        return bool(self.ok.all())


def embed_checked(embedder: Embedder, texts: Sequence[str]) -> CheckedEmbeddings:
    """Embed and validate: a batch error fails every row, a bad row fails itself."""
    count = len(texts)
    if count == 0:
        return CheckedEmbeddings(np.zeros((0, 1), np.float32), np.zeros(0, bool))
    try:
        raw = np.asarray(embedder.embed(texts), dtype=np.float32)
    except EmbeddingError as exc:
        return _all_failed(count, f"{type(exc).__name__}: {exc}")
    except Exception as exc:  # a backend bug must not become a grounded verdict
        return _all_failed(count, f"unexpected {type(exc).__name__}: {exc}")
    if raw.ndim != 2 or raw.shape[0] != count or raw.shape[1] == 0:
        return _all_failed(count, f"bad embedding shape {raw.shape} for {count} texts")
    with np.errstate(over="ignore", invalid="ignore"):
        # A NaN or infinite entry makes its row's norm non-finite, so one test covers both.
        norms = np.sqrt(np.einsum("ij,ij->i", raw, raw))
    ok = np.isfinite(norms) & (norms > 1e-12)
    if ok.all():  # the usual case, in two array operations: checks are latency-bound
        return CheckedEmbeddings(raw / norms[:, None], ok)
    safe_norms = np.where(ok, norms, np.float32(1.0))
    with np.errstate(invalid="ignore"):
        vectors = np.where(ok[:, None], raw / safe_norms[:, None], np.float32(0.0))
    return CheckedEmbeddings(vectors, ok, f"{int((~ok).sum())} empty or invalid vectors")


def _all_failed(count: int, error: str) -> CheckedEmbeddings:
    return CheckedEmbeddings(np.zeros((count, 1), np.float32), np.zeros(count, bool), error)
