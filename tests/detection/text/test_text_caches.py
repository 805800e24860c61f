"""The detector's per-text caches stay bounded however many distinct texts arrive.

Every answer brings new claims, so a cache sized for hit rate alone grows with
traffic: before they were bounded, 40,000 distinct sentences left about
170 MiB in them, a third of the chart's memory limit.  Measured with tracemalloc
(Python and numpy allocations), not RSS, so the figure does not depend on the machine.
"""

from __future__ import annotations

import gc
import random
import tracemalloc
from collections.abc import Callable, Iterator
from typing import Any

import pytest

from grounding_sidecar.detection.embedding import hashing
from grounding_sidecar.detection.embedding.hashing import HashEmbedder
from grounding_sidecar.detection.text import details, words

# The module-level lru_caches themselves (the hashing ones are private functions): the
# test empties them before and after, and checks they were used.
CACHES: tuple[Any, ...] = (
    words.words,
    words.content_words,
    details.extract_details,
    hashing._word_feature,
    hashing._pair_feature,
    hashing._text_features,
)
BUDGET_MIB = 48


def distinct_sentences(count: int) -> Iterator[str]:
    rng = random.Random(7)
    letters = "abcdefghijklmnopqrstuvwxyz"
    vocabulary = ["".join(rng.choices(letters, k=rng.randint(3, 10))) for _ in range(30_000)]
    for _ in range(count):
        words = " ".join(rng.choices(vocabulary, k=25)).capitalize()
        yield f"{words} in {rng.randint(1900, 2030)} for ${rng.randint(1, 999)}."


@pytest.fixture
def empty_caches() -> Iterator[None]:
    for cache in CACHES:
        cache.cache_clear()
    yield
    for cache in CACHES:
        cache.cache_clear()


def traced_growth(work: Callable[[], None]) -> float:
    gc.collect()
    tracemalloc.start()
    try:
        before = tracemalloc.get_traced_memory()[0]
        work()
        gc.collect()
        return (tracemalloc.get_traced_memory()[0] - before) / 2**20
    finally:
        tracemalloc.stop()


@pytest.mark.usefixtures("empty_caches")
def test_twelve_thousand_distinct_sentences_stay_within_the_budget() -> None:
    embedder = HashEmbedder()
    sentences = list(distinct_sentences(12_000))

    def grade_like_the_detector() -> None:
        for start in range(0, len(sentences), 20):
            batch = sentences[start : start + 20]
            embedder.embed(batch)
            for sentence in batch:
                words.content_words(sentence)
                details.extract_details(sentence)

    growth = traced_growth(grade_like_the_detector)
    assert all(cache.cache_info().currsize > 0 for cache in CACHES)  # they were used
    assert growth < BUDGET_MIB, f"caches kept {growth:.0f} MiB"
