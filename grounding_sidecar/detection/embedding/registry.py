"""Embedders by name, and how a long-running server assembles them.

A name that cannot load raises `EmbedderUnavailable`; it never falls back to
another embedder (the metric definition version would lie).
"""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass
from typing import TYPE_CHECKING

from grounding_sidecar.common.cpus import usable_cpus
from grounding_sidecar.detection.embedding.base import Embedder, EmbedderUnavailable
from grounding_sidecar.detection.embedding.hashing import HashEmbedder
from grounding_sidecar.detection.embedding.minilm.store import (
    DEFAULT_PRECISION,
    Precision,
    precision_note,
)

if TYPE_CHECKING:  # loaded only when a model is served
    from grounding_sidecar.detection.embedding.pipeline.batching import MicroBatcher
    from grounding_sidecar.detection.embedding.pipeline.cache import CachedEmbedder

EMBEDDER_NAMES = ("hash", "minilm")


# Parallel model runs chosen automatically stop here: a sidecar shares its node, and
# every concurrent run keeps its own onnxruntime arena (measured: peak RSS 269 MiB with
# one run, 326 MiB with two, under 8 concurrent checks), so more runs are an explicit
# choice made together with the memory limit.
MAX_AUTO_WORKERS = 2


@dataclass(frozen=True, slots=True)
class ServingOptions:
    """Knobs of the neural embedder in a server (`serve`); ignored by `hash`.

    `workers` model runs at once, each on `intra_op_threads` onnxruntime threads;
    0 means automatic (see `resolve_parallelism`).
    """

    workers: int = 0
    intra_op_threads: int = 0
    allow_spinning: bool = False  # idle onnxruntime threads spin: faster alone, worse shared
    batch_wait_seconds: float = 0.002  # how long a batch may wait for concurrent callers
    passage_cache_bytes: int = 128 << 20  # LRU of source-passage vectors by content hash
    precision: Precision = DEFAULT_PRECISION  # which graph of the weights runs


@dataclass(frozen=True, slots=True)
class ServingEmbedders:
    """The claim and passage embedders, and the queue and cache put in front of a model
    (None for an embedder used as is)."""

    claims: Embedder
    passages: Embedder
    batcher: MicroBatcher | None = None
    cache: CachedEmbedder | None = None


def resolve_parallelism(options: ServingOptions, cpus: int | None = None) -> ServingOptions:
    """Options with both `workers` and `intra_op_threads` set, for `cpus` usable CPUs.

    Unset values fill the CPUs: one thread per run and one run per CPU (at most
    MAX_AUTO_WORKERS); a set thread count leaves `cpus // threads` runs, a set run
    count `cpus // workers` threads each.
    """
    if options.workers and options.intra_op_threads:
        return options
    cpus = cpus or usable_cpus()
    threads, workers = options.intra_op_threads, options.workers
    if not threads:
        threads = max(1, cpus // workers) if workers else 1
    if not workers:
        workers = max(1, min(cpus // threads, MAX_AUTO_WORKERS))
    return dataclasses.replace(options, workers=workers, intra_op_threads=threads)


def load_embedder(
    name: str,
    options: ServingOptions | None = None,
    *,
    precision: Precision | None = None,
) -> Embedder:
    """The embedder `name`; `precision` (else the options', else the default) picks the
    neural model's graph and is ignored by `hash`."""
    if name == "hash":
        return HashEmbedder()
    if name == "minilm":
        try:
            from grounding_sidecar.detection.embedding.minilm.runtime import MiniLMEmbedder
        except ImportError as exc:
            raise EmbedderUnavailable(f"the minilm embedder is not installed: {exc}") from exc
        if options is None:
            return MiniLMEmbedder(precision=precision or DEFAULT_PRECISION)
        options = resolve_parallelism(options)
        return MiniLMEmbedder(
            intra_op_threads=options.intra_op_threads,
            allow_spinning=options.allow_spinning,
            precision=precision or options.precision,
        )
    raise EmbedderUnavailable(
        f"unknown embedder {name!r}; choose one of {', '.join(EMBEDDER_NAMES)}"
    )


def embedder_notes(name: str, precision: Precision) -> list[str]:
    """What an operator should know of the embedder `name` at this precision on this
    CPU (logged by `serve`, printed by `check`)."""
    note = precision_note(precision) if name == "minilm" else None
    return [note] if note else []


def serving_embedders(name: str, options: ServingOptions) -> ServingEmbedders:
    """The embedders a server shares across concurrent checks.

    The neural model goes behind one micro-batching queue (concurrent checks share
    model runs, several of which run at once), and source passages also behind a
    content-hash LRU cache (RAG sources repeat; claims rarely do, so they would only
    push passages out).  The hash embedder is cheaper than a queue hop and is used
    as is.
    """
    options = resolve_parallelism(options)
    backend = load_embedder(name, options)
    if name == "hash":
        return ServingEmbedders(backend, backend)
    from grounding_sidecar.detection.embedding.pipeline.batching import MicroBatcher
    from grounding_sidecar.detection.embedding.pipeline.cache import CachedEmbedder

    batched = MicroBatcher(backend, workers=options.workers, max_wait=options.batch_wait_seconds)
    cache = CachedEmbedder(batched.for_texts("passage"), max_bytes=options.passage_cache_bytes)
    return ServingEmbedders(
        claims=batched.for_texts("claim"), passages=cache, batcher=batched, cache=cache
    )
