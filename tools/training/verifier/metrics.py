"""The verifier's metrics on held-out pairs, as `train` writes them to
build/verifier/metrics.json: 3-way accuracy, recall per class, entailed-versus-not
balanced accuracy, and accuracy by rule and by data set.  Free of torch, so that the
arithmetic is tested where the `train` extra is not installed."""

from __future__ import annotations

import json
from collections import Counter, defaultdict
from pathlib import Path
from typing import Any

import numpy as np

from tools.training.verifier.perturb import Label


def report(pairs: list[dict[str, Any]], probs: np.ndarray) -> dict[str, Any]:
    predicted = probs.argmax(1)
    labels = np.array([p["label"] for p in pairs])
    by_rule: dict[str, list[bool]] = defaultdict(list)
    by_set: dict[str, list[bool]] = defaultdict(list)
    for pair, guess in zip(pairs, predicted, strict=True):
        key = pair["rule"] if pair["rule"] != "real" else f"real:{pair['dataset']}"
        by_rule[key].append(bool(guess == pair["label"]))
        by_set[pair["dataset"]].append(bool(guess == pair["label"]))
    recall = {
        Label(k).name.lower(): float((predicted[labels == k] == k).mean())
        for k in range(3)
        if (labels == k).any()
    }
    entailed = labels == Label.ENTAILED
    passed = predicted == Label.ENTAILED
    # Undefined (null in the JSON) when the pairs hold one side only, as a short run's may.
    bacc = (
        float(0.5 * (passed[entailed].mean() + (~passed[~entailed]).mean()))
        if entailed.any() and not entailed.all()
        else None
    )
    return {
        "pairs": len(pairs),
        "accuracy": float((predicted == labels).mean()),
        "recall": recall,
        "entailed_vs_not_bacc": bacc,
        "accuracy_by_rule": {k: round(float(np.mean(v)), 4) for k, v in sorted(by_rule.items())},
        "accuracy_by_set": {k: round(float(np.mean(v)), 4) for k, v in sorted(by_set.items())},
        "confusion": Counter(f"{int(a)}->{int(b)}" for a, b in zip(labels, predicted, strict=True)),
    }


def write_metrics(path: Path, metrics: dict[str, Any]) -> None:
    """The metrics as JSON at `path` (Counters as objects), and on stdout."""
    text = json.dumps(metrics, indent=2, default=dict)
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(text + "\n", encoding="utf-8")
    print(text)
