"""Prometheus view of the detector's process-wide caches: entries against each bound.

Read at scrape time from `detection.cache_sizes()`; the request path never touches
prometheus-client for them.  A cache at its bound is the expected steady state (it
evicts from then on); the series exist so a soak, or an SRE, can see every cache reach
its bound and hold there (docs/operations.md#memory).
"""

from __future__ import annotations

from collections.abc import Iterator

from prometheus_client.core import GaugeMetricFamily, Metric
from prometheus_client.registry import Collector

from grounding_sidecar.detection import cache_sizes


class ProcessCacheCollector(Collector):
    def collect(self) -> Iterator[Metric]:
        sizes = cache_sizes()
        entries = GaugeMetricFamily(
            "gateway_grounding_text_cache_entries",
            "Entries in each of the detector's process-wide text caches.",
            labels=["cache"],
        )
        bounds = GaugeMetricFamily(
            "gateway_grounding_text_cache_max_entries",
            "The bound of each of the detector's process-wide text caches.",
            labels=["cache"],
        )
        for name, size in sizes.items():
            entries.add_metric([name], size.entries)
            bounds.add_metric([name], size.bound)
        yield entries
        yield bounds
