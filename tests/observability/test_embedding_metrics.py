"""The embedding pipeline's series: read from the queue's and cache's own counters."""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from prometheus_client.parser import text_string_to_metric_families

from grounding_sidecar.app.wiring import Detection
from grounding_sidecar.detection import Grader, HashEmbedder
from grounding_sidecar.detection.embedding.pipeline.batching import MicroBatcher
from grounding_sidecar.detection.embedding.pipeline.cache import CachedEmbedder
from grounding_sidecar.detection.embedding.registry import (
    ServingEmbedders,
    ServingOptions,
    serving_embedders,
)
from grounding_sidecar.observability.embedding_metrics import EmbeddingPipelineCollector
from grounding_sidecar.observability.metrics import GroundingMetrics
from tests.support.fake_embedders import FakeBackend
from tests.support.observability_helpers import promtool

Samples = dict[tuple[str, frozenset[tuple[str, str]]], float]


def samples(metrics: GroundingMetrics) -> Samples:
    return {
        (s.name, frozenset(s.labels.items())): s.value
        for family in text_string_to_metric_families(metrics.exposition().decode())
        for s in family.samples
    }


@pytest.fixture
def pipeline() -> Iterator[tuple[MicroBatcher, CachedEmbedder, GroundingMetrics]]:
    with MicroBatcher(FakeBackend(), workers=2, max_wait=0.0) as batcher:
        cache = CachedEmbedder(batcher, max_bytes=1 << 20)
        metrics = GroundingMetrics()
        metrics.watch(EmbeddingPipelineCollector(batcher, cache))
        yield batcher, cache, metrics


def test_series_follow_the_queue_and_the_cache(
    pipeline: tuple[MicroBatcher, CachedEmbedder, GroundingMetrics],
) -> None:
    batcher, cache, metrics = pipeline
    cache.embed(["first passage here", "second one"])  # two misses
    cache.embed(["first passage here"])  # one hit
    batcher.for_texts("claim").embed(["a claim", "another claim with more words"])
    got = samples(metrics)
    stats = batcher.stats
    assert got[("gateway_grounding_embed_runs_total", frozenset())] == stats.backend_calls > 0
    assert got[("gateway_grounding_embed_texts_total", frozenset())] == 4
    real = got[("gateway_grounding_embed_tokens_total", frozenset({("kind", "real")}))]
    padded = got[("gateway_grounding_embed_tokens_total", frozenset({("kind", "padded")}))]
    assert (real, padded) == (stats.real_tokens, stats.padded_tokens)
    by_text = "gateway_grounding_embed_text_tokens_total"
    assert got[(by_text, frozenset({("text", "claim")}))] == 2 + 2 + 5 + 2  # words + 2
    assert got[(by_text, frozenset({("text", "text")}))] == 3 + 2 + 2 + 2  # via the cache
    assert got[("gateway_grounding_embed_queue_texts", frozenset())] == 0
    assert got[("gateway_grounding_embed_workers", frozenset())] == 2
    lookups = "gateway_grounding_passage_cache_lookups_total"
    assert got[(lookups, frozenset({("result", "hit")}))] == 1
    assert got[(lookups, frozenset({("result", "miss")}))] == 2
    assert got[(lookups, frozenset({("result", "coalesced")}))] == 0
    assert got[("gateway_grounding_passage_cache_entries", frozenset())] == 2
    assert got[("gateway_grounding_passage_cache_bytes", frozenset())] == cache.stats.bytes > 0
    assert got[("gateway_grounding_passage_cache_max_bytes", frozenset())] == 1 << 20


def test_exposition_with_the_pipeline_passes_promtool(
    pipeline: tuple[MicroBatcher, CachedEmbedder, GroundingMetrics],
) -> None:
    _, cache, metrics = pipeline
    cache.embed(["a passage"])
    done = promtool("check", "metrics", stdin=metrics.exposition().decode())
    assert done.returncode == 0, done.stdout + done.stderr


def test_serve_watches_only_a_queued_model() -> None:
    as_is = serving_embedders("hash", ServingOptions())
    assert Detection(Grader(as_is.claims), as_is).pipeline_collector() is None  # hash runs as is
    assert Detection(None).pipeline_collector() is None  # no detector: nothing to watch
    with MicroBatcher(HashEmbedder(), max_wait=0.0) as batcher:
        cache = CachedEmbedder(batcher)
        queued = ServingEmbedders(batcher, cache, batcher=batcher, cache=cache)
        detection = Detection(Grader(batcher, passage_embedder=cache), queued)
        assert isinstance(detection.pipeline_collector(), EmbeddingPipelineCollector)
