"""Helpers for the operations tests: scrape metrics, read audit lines, fail embeddings."""

from __future__ import annotations

import json
import time
import urllib.request
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any

from prometheus_client.parser import text_string_to_metric_families

from grounding_sidecar.detection import EmbeddingError, HashEmbedder
from grounding_sidecar.detection.embedding.base import FloatMatrix

SOURCE_FAILS = "SOURCE-EMBED-FAILS"
CLAIM_FAILS = "CLAIM-EMBED-FAILS"


class MarkerFailingEmbedder:
    """The hash embedder behind the embedder interface, failing batches that hold a marker.

    Passages and claims are embedded in separate batches, so a marker in a source
    fails the `source` stage and a marker in the answer fails the `claim` stage.
    Name and version are the hash embedder's: its shipped calibration must apply.
    """

    def __init__(self) -> None:
        self._inner = HashEmbedder()

    @property
    def name(self) -> str:
        return self._inner.name

    @property
    def version_tag(self) -> str:
        return self._inner.version_tag

    @property
    def default_threshold(self) -> float:
        return self._inner.default_threshold

    @property
    def cheap(self) -> bool:
        return self._inner.cheap

    def embed(self, texts: Sequence[str]) -> FloatMatrix:
        if any(SOURCE_FAILS in text or CLAIM_FAILS in text for text in texts):
            raise EmbeddingError("injected failure")
        return self._inner.embed(texts)


Samples = dict[tuple[str, tuple[tuple[str, str], ...]], float]


def scrape(port: int) -> Samples:
    """Every sample of the real /metrics endpoint, keyed by name and sorted labels."""
    with urllib.request.urlopen(f"http://127.0.0.1:{port}/metrics", timeout=10) as response:
        text = response.read().decode()
    samples: Samples = {}
    for family in text_string_to_metric_families(text):
        for sample in family.samples:
            samples[(sample.name, tuple(sorted(sample.labels.items())))] = sample.value
    return samples


def value(samples: Samples, name: str, **labels: str) -> float:
    return samples.get((name, tuple(sorted(labels.items()))), 0.0)


def audit_events(path: Path) -> list[dict[str, Any]]:
    if not path.exists():
        return []
    return [json.loads(line) for line in path.read_text(encoding="utf-8").splitlines() if line]


def wait_until(condition: Callable[[], bool], timeout: float = 20.0, what: str = "") -> None:
    """Poll a condition (the watcher and relayed checks finish asynchronously)."""
    deadline = time.monotonic() + timeout
    while not condition():
        if time.monotonic() > deadline:
            raise AssertionError(f"timed out waiting for {what or condition}")
        time.sleep(0.02)
