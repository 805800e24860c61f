"""Helpers for the operations tests: scrape metrics, read audit lines, fail embeddings."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from prometheus_client.parser import text_string_to_metric_families

from devtools.serving import metrics_text

# Markers for `FailingEmbedder(SOURCE_FAILS, CLAIM_FAILS)`: in a source, the `source`
# stage fails; in the answer, the `claim` stage.
SOURCE_FAILS = "SOURCE-EMBED-FAILS"
CLAIM_FAILS = "CLAIM-EMBED-FAILS"


Samples = dict[tuple[str, tuple[tuple[str, str], ...]], float]


def scrape(port: int) -> Samples:
    """Every sample of the real /metrics endpoint, keyed by name and sorted labels."""
    samples: Samples = {}
    for family in text_string_to_metric_families(metrics_text(port)):
        for sample in family.samples:
            samples[(sample.name, tuple(sorted(sample.labels.items())))] = sample.value
    return samples


def value(samples: Samples, name: str, **labels: str) -> float:
    return samples.get((name, tuple(sorted(labels.items()))), 0.0)


def audit_events(path: Path) -> list[dict[str, Any]]:
    if not path.exists():
        return []
    return [json.loads(line) for line in path.read_text(encoding="utf-8").splitlines() if line]
