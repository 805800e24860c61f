"""Prometheus view of the verifier's model runs: how many pairs it read, and the tokens
they cost (real, and padded to each run's longest pair).

Read at scrape time from the verifier's own counters (`VerifierStats`); the request
path never touches prometheus-client for them.  With the embedder's tokens by kind of
text (embedding_metrics.py) they say where a replica's model work goes: passages,
claims, or claim/passage pairs (docs/operations.md#metrics, docs/benchmarks.md).
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import TYPE_CHECKING

from prometheus_client.core import CounterMetricFamily, Metric
from prometheus_client.registry import Collector

if TYPE_CHECKING:  # the runtime module loads only when the verifier is served
    from grounding_sidecar.detection.verifier.runtime import VerifierStats


class VerifierCollector(Collector):
    """Series of one verifier's counters, read at scrape time."""

    def __init__(self, stats: VerifierStats) -> None:
        self._stats = stats

    def collect(self) -> Iterator[Metric]:
        stats = self._stats  # plain ints written under the verifier's lock
        yield CounterMetricFamily(
            "gateway_grounding_verifier_runs",
            "Model runs of the verifier (each reads a batch of claim/passage pairs).",
            value=stats.runs,
        )
        yield CounterMetricFamily(
            "gateway_grounding_verifier_pairs",
            "Claim/passage pairs the verifier's model read.",
            value=stats.pairs,
        )
        tokens = CounterMetricFamily(
            "gateway_grounding_verifier_tokens",
            "Tokens of the pairs the verifier read: real, and padded to each run's longest.",
            labels=["kind"],
        )
        tokens.add_metric(["real"], stats.real_tokens)
        tokens.add_metric(["padded"], stats.padded_tokens)
        yield tokens
