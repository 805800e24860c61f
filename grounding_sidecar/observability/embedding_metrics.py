"""Prometheus view of the embedding pipeline: the micro-batching queue and the
source-passage cache that `serve` puts in front of the neural model.

Their counters already live in the pipeline (`BatchStats`, `CacheStats`); this
collector reads them when Prometheus scrapes, so the embedding hot path does not
touch prometheus-client at all.  The series answer the tuning questions of
docs/operations.md: is the model saturated (texts waiting, rows per run), how much
does padding cost (padded against real tokens), which texts is the model's work spent
on (claims or source passages), and does the passage cache fit the
working set (hit ratio, evictions, bytes against `passage-cache-mb`).
"""

from __future__ import annotations

from collections.abc import Iterator

from prometheus_client.core import CounterMetricFamily, GaugeMetricFamily, Metric
from prometheus_client.registry import Collector

from grounding_sidecar.detection.embedding.pipeline.batching import MicroBatcher
from grounding_sidecar.detection.embedding.pipeline.cache import CachedEmbedder


class EmbeddingPipelineCollector(Collector):
    """Series of one batcher and (optionally) one passage cache, read at scrape time."""

    def __init__(self, batcher: MicroBatcher | None, cache: CachedEmbedder | None) -> None:
        self._batcher = batcher
        self._cache = cache

    def collect(self) -> Iterator[Metric]:
        if self._batcher is not None:
            yield from _batcher_series(self._batcher)
        if self._cache is not None:
            yield from _cache_series(self._cache)


def _batcher_series(batcher: MicroBatcher) -> Iterator[Metric]:
    stats = batcher.stats  # plain ints written under the batcher's lock; reads are atomic
    yield _counter(
        "gateway_grounding_embed_runs", "Model runs of the embedding queue.", stats.backend_calls
    )
    yield _counter("gateway_grounding_embed_texts", "Texts embedded by model runs.", stats.rows)
    yield _labelled_counter(
        "gateway_grounding_embed_tokens",
        "Tokens sent to the model: real, and padded to each run's longest text.",
        "kind",
        {"real": stats.real_tokens, "padded": stats.padded_tokens},
    )
    yield _labelled_counter(
        "gateway_grounding_embed_text_tokens",
        "Real tokens queued for the model, by the kind of text (claim, passage).",
        "text",
        dict(stats.tokens_by_kind),
    )
    yield _gauge(
        "gateway_grounding_embed_queue_texts",
        "Texts waiting for a model run (not counting runs in progress).",
        batcher.pending(),
    )
    yield _gauge(
        "gateway_grounding_embed_workers", "Model runs the queue runs at once.", batcher.workers
    )


def _cache_series(cache: CachedEmbedder) -> Iterator[Metric]:
    stats = cache.stats
    yield _labelled_counter(
        "gateway_grounding_passage_cache_lookups",
        "Source passages looked up in the embedding cache, by result "
        "(coalesced: served by another check's embedding in flight).",
        "result",
        {"hit": stats.hits, "miss": stats.misses, "coalesced": stats.coalesced},
    )
    yield _counter(
        "gateway_grounding_passage_cache_evictions",
        "Passage embeddings evicted to stay within the cache's bounds.",
        stats.evictions,
    )
    yield _gauge(
        "gateway_grounding_passage_cache_entries", "Passage embeddings cached.", stats.entries
    )
    yield _gauge(
        "gateway_grounding_passage_cache_bytes",
        "Bytes the cached passage embeddings take (vectors and bookkeeping).",
        stats.bytes,
    )
    yield _gauge(
        "gateway_grounding_passage_cache_max_bytes",
        "The cache's byte bound (passage-cache-mb).",
        cache.max_bytes,
    )


def _counter(name: str, documentation: str, value: float) -> CounterMetricFamily:
    return CounterMetricFamily(name, documentation, value=value)


def _labelled_counter(
    name: str, documentation: str, label: str, values: dict[str, float]
) -> CounterMetricFamily:
    family = CounterMetricFamily(name, documentation, labels=[label])
    for label_value, value in values.items():
        family.add_metric([label_value], value)
    return family


def _gauge(name: str, documentation: str, value: float) -> GaugeMetricFamily:
    return GaugeMetricFamily(name, documentation, value=value)
