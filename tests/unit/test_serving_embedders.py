"""How `serve` assembles its detector: minilm behind the batcher, passages cached."""

from __future__ import annotations

import threading

import pytest

from sidecar.detection import Grader, ResponseVerdict
from sidecar.detection.batching import MicroBatcher
from sidecar.detection.embedding_cache import CachedEmbedder
from sidecar.detection.hashing import HashEmbedder
from sidecar.detection.registry import ServingOptions, serving_embedders
from sidecar.extproc.serve import build_detector
from sidecar.settings import load_settings

SOURCE = "Order 7731 was shipped on 14 March 2026 from the Rotterdam warehouse by DHL Express."


def test_hash_is_used_as_is() -> None:
    embedders = serving_embedders("hash", ServingOptions())
    assert isinstance(embedders.claims, HashEmbedder)
    assert embedders.passages is embedders.claims


@pytest.mark.minilm
def test_serve_grades_with_batched_claims_and_cached_passages() -> None:
    detector = build_detector(
        load_settings(flags={"embedder": "minilm", "embed-threads": "1", "passage-cache-mb": "8"})
    )
    assert isinstance(detector, Grader)
    assert isinstance(detector.embedder, MicroBatcher)
    passages = detector._passage_embedder
    assert isinstance(passages, CachedEmbedder)
    results: list[ResponseVerdict] = []

    def check(answer: str) -> None:
        results.append(detector.check(answer, [SOURCE]).verdict)

    answers = [
        "Order 7731 was shipped on 14 March 2026 from the Rotterdam warehouse.",
        "Order 7731 was shipped on 19 March 2026 from the Rotterdam warehouse.",
    ] * 3
    check(answers[0])  # warms the cache; concurrent first sightings would all miss
    threads = [threading.Thread(target=check, args=(answer,)) for answer in answers]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(timeout=60)
    assert sorted(results) == sorted([ResponseVerdict.PASS] * 4 + [ResponseVerdict.FAIL] * 3)
    # Seven checks of one source: embedded once, then served from the cache.
    assert passages.stats.misses == 1
    assert passages.stats.hits == 6
