"""The detector's process-wide caches, by name, each with the bound it never exceeds.

Text analysis is memoised per distinct text (words, stems, details, hashing features):
a RAG deployment sends the same passages again and again, and each analysis is pure.
Every such cache is a `functools.lru_cache` with a fixed `maxsize`, so memory is bounded
however many distinct texts arrive; `/metrics` shows each one's entries against its
bound (`gateway_grounding_text_cache_entries`, docs/operations.md#memory).  A test
holds every `lru_cache` in the package to being listed here.  The per-check memo
(`memo.CheckMemo`) lives and dies with its request, and the passage-embedding cache has
its own byte bound and series.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any, Protocol

from grounding_sidecar.detection.embedding import hashing
from grounding_sidecar.detection.judging import moved, polarity
from grounding_sidecar.detection.text import (
    contrasts,
    counts,
    details,
    implied_details,
    limits,
    negation,
    superlatives,
    words,
)


class _Cached(Protocol):
    def cache_info(self) -> Any: ...


PROCESS_CACHES: Mapping[str, _Cached] = {
    "stems": words.stem,
    "words": words.words,
    "content_words": words.content_words,
    "details": details.extract_details,
    "implied_details": implied_details.implied_details,
    "implied_multiples": implied_details.implied_multiples,
    "implied_starts": implied_details.implied_starts,
    "implied_totals": implied_details.implied_totals,
    "negation_cues": negation.read_cues,
    "negated_comparisons": limits.negated_comparisons,
    "stated_limits": limits.stated_limits,
    "counts": counts.counts,
    "superlatives": superlatives.superlatives,
    "negation_flips": polarity.negation_flip,
    "singular_words": moved.singular_words,
    "contrast_table": contrasts.contrast_table,
    "known_nouns": contrasts.known_noun,
    **hashing.CACHES,  # its memo tables are private to it
}


@dataclass(frozen=True, slots=True)
class CacheSize:
    entries: int
    bound: int


def cache_sizes() -> dict[str, CacheSize]:
    """Each process cache's entries now and its bound."""
    sizes = {}
    for name, function in PROCESS_CACHES.items():
        info = function.cache_info()
        sizes[name] = CacheSize(info.currsize, info.maxsize)
    return sizes
