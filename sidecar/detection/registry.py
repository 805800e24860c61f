"""Embedders by name, and how a long-running server assembles them.

A name that cannot load raises `EmbedderUnavailable`; it never falls back to
another embedder (the metric definition version would lie).
"""

from __future__ import annotations

from dataclasses import dataclass

from sidecar.detection.embedders import Embedder, EmbedderUnavailable
from sidecar.detection.hashing import HashEmbedder

EMBEDDER_NAMES = ("hash", "minilm")


@dataclass(frozen=True, slots=True)
class ServingOptions:
    """Knobs of the neural embedder in a server (`serve`); ignored by `hash`."""

    intra_op_threads: int = 0  # 0: onnxruntime's default (every core)
    allow_spinning: bool = False  # idle onnxruntime threads spin: faster alone, worse shared
    batch_wait_seconds: float = 0.002  # how long a batch may wait for concurrent callers
    passage_cache_bytes: int = 128 << 20  # LRU of source-passage vectors by content hash


@dataclass(frozen=True, slots=True)
class ServingEmbedders:
    claims: Embedder
    passages: Embedder


def load_embedder(name: str, options: ServingOptions | None = None) -> Embedder:
    if name == "hash":
        return HashEmbedder()
    if name == "minilm":
        try:
            from sidecar.detection.minilm import MiniLMEmbedder
        except ImportError as exc:
            raise EmbedderUnavailable(f"the minilm embedder is not installed: {exc}") from exc
        if options is None:
            return MiniLMEmbedder()
        return MiniLMEmbedder(
            intra_op_threads=options.intra_op_threads, allow_spinning=options.allow_spinning
        )
    raise EmbedderUnavailable(
        f"unknown embedder {name!r}; choose one of {', '.join(EMBEDDER_NAMES)}"
    )


def serving_embedders(name: str, options: ServingOptions) -> ServingEmbedders:
    """The embedders a server shares across concurrent checks.

    The neural model goes behind one micro-batching queue (concurrent checks share
    model runs), and source passages also behind a content-hash LRU cache (RAG
    sources repeat; claims rarely do, so they would only push passages out).  The
    hash embedder is cheaper than a queue hop and is used as is.
    """
    backend = load_embedder(name, options)
    if name == "hash":
        return ServingEmbedders(backend, backend)
    from sidecar.detection.batching import MicroBatcher
    from sidecar.detection.embedding_cache import CachedEmbedder

    batched = MicroBatcher(backend, max_wait=options.batch_wait_seconds)
    return ServingEmbedders(
        claims=batched,
        passages=CachedEmbedder(batched, max_bytes=options.passage_cache_bytes),
    )
