"""The capacity benchmark's model-work accounting, read from the sidecar's real
exposition of its queue's and verifier's counters."""

from __future__ import annotations

import pytest

from benchmarks.embedder import FLOP_PER_TOKEN
from benchmarks.model_work import ModelTokens, ceiling_share, table_row
from grounding_sidecar.detection.embedding.pipeline.batching import MicroBatcher
from grounding_sidecar.detection.embedding.pipeline.cache import CachedEmbedder
from grounding_sidecar.detection.verifier.runtime import OnnxVerifier
from grounding_sidecar.observability.embedding_metrics import EmbeddingPipelineCollector
from grounding_sidecar.observability.metrics import GroundingMetrics
from grounding_sidecar.observability.verifier_metrics import VerifierCollector
from tests.support.fake_embedders import FakeBackend

PASSAGE = "Storage at the Lyon warehouse costs 12 euros per pallet and week."


def test_parse_reads_each_kind_from_the_sidecars_exposition() -> None:
    verifier = OnnxVerifier()
    with MicroBatcher(FakeBackend(), max_wait=0.0) as batcher:
        metrics = GroundingMetrics()
        metrics.watch(EmbeddingPipelineCollector(batcher, CachedEmbedder(batcher)))
        metrics.watch(VerifierCollector(verifier.stats))
        before = ModelTokens.parse(metrics.exposition().decode())
        batcher.for_texts("passage").embed([PASSAGE])
        batcher.for_texts("claim").embed(["Storage costs 12 euros.", "It is in Lyon."])
        verifier.verify([(PASSAGE, "Storage costs 12 euros.")])
        work = ModelTokens.parse(metrics.exposition().decode()) - before
    assert work.passage == batcher.stats.tokens_by_kind["passage"] == 12 + 2
    assert work.claim == batcher.stats.tokens_by_kind["claim"] == 4 + 2 + 4 + 2
    assert work.embed_padded == batcher.stats.padded_tokens
    assert (work.pairs, work.pair) == (1, verifier.stats.real_tokens)
    assert work.pair_padded == verifier.stats.padded_tokens > 0


def test_absent_series_count_zero() -> None:
    assert ModelTokens.parse("# HELP x\nother_total 3.0\n") == ModelTokens()


def test_flops_and_the_ceiling_share_follow_the_padded_tokens() -> None:
    work = ModelTokens(passage=900, claim=100, embed_padded=1200, pair=300, pair_padded=400)
    assert work.flops == 1600 * FLOP_PER_TOKEN
    # One CPU second at a peak that would have done exactly twice this work: half.
    peak = 2 * work.flops / 1e9
    assert ceiling_share(work, 1.0, peak) == pytest.approx(0.5)
    row = table_row("minilm+verifier", work + work, verdicts=2, cpu_seconds=2.0, peak=peak)
    assert row.startswith("| minilm+verifier | 900 / 100 / 300 | 1200 / 400 |")
    assert row.endswith("| 1000 | 50% |")
