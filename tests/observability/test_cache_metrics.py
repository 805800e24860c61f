"""The process caches on /metrics: entries and bound per cache, read at scrape time."""

from __future__ import annotations

from prometheus_client import CollectorRegistry

from grounding_sidecar.detection import cache_sizes
from grounding_sidecar.detection.text import words
from grounding_sidecar.observability.cache_metrics import ProcessCacheCollector


def test_each_cache_is_a_labelled_series_with_its_bound() -> None:
    registry = CollectorRegistry()
    registry.register(ProcessCacheCollector())
    words.words("A text that puts one entry in the words cache: 55d1.")
    sizes = cache_sizes()
    for name, size in sizes.items():
        labels = {"cache": name}
        entries = registry.get_sample_value("gateway_grounding_text_cache_entries", labels)
        bound = registry.get_sample_value("gateway_grounding_text_cache_max_entries", labels)
        assert (entries, bound) == (size.entries, size.bound), name
    words_entries = registry.get_sample_value(
        "gateway_grounding_text_cache_entries", {"cache": "words"}
    )
    assert words_entries is not None and words_entries >= 1
