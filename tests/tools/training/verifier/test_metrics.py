"""The held-out metrics' arithmetic, and the file `train` writes them to."""

from __future__ import annotations

import json
from pathlib import Path

import numpy as np
import pytest

from tools.training.verifier.metrics import report, write_metrics
from tools.training.verifier.perturb import Label

LABELS = [Label.ENTAILED, Label.CONTRADICTED, Label.NEITHER] * 2
GUESSES = [Label.ENTAILED, Label.NEITHER, Label.NEITHER] * 2


def _pairs() -> list[dict[str, object]]:
    return [
        {"label": int(label), "rule": "real" if n < 3 else "antonym", "dataset": "own"}
        for n, label in enumerate(LABELS)
    ]


def test_the_report_counts_accuracy_recall_and_the_entailed_balance() -> None:
    probabilities = np.eye(3, dtype=np.float32)[GUESSES]
    metrics = report(_pairs(), probabilities)
    assert metrics["pairs"] == 6
    assert metrics["accuracy"] == pytest.approx(4 / 6)
    assert metrics["recall"] == {"entailed": 1.0, "contradicted": 0.0, "neither": 1.0}
    assert metrics["entailed_vs_not_bacc"] == pytest.approx(1.0)
    assert metrics["accuracy_by_set"] == {"own": round(4 / 6, 4)}
    assert metrics["accuracy_by_rule"] == {"antonym": round(2 / 3, 4), "real:own": round(2 / 3, 4)}
    assert metrics["confusion"] == {"0->0": 2, "1->2": 2, "2->2": 2}


def test_the_metrics_are_written_as_json(tmp_path: Path) -> None:
    metrics = report(_pairs(), np.eye(3, dtype=np.float32)[GUESSES])
    path = tmp_path / "verifier" / "metrics.json"
    write_metrics(path, {"holdout": metrics})
    written = json.loads(path.read_text(encoding="utf-8"))
    assert written["holdout"]["confusion"] == {"0->0": 2, "1->2": 2, "2->2": 2}
    assert written["holdout"]["accuracy"] == pytest.approx(4 / 6)


def test_pairs_of_one_side_have_no_balanced_accuracy(tmp_path: Path) -> None:
    # A short run's held-out pairs may all be contradictions: the balance is undefined
    # and the file stays valid JSON (no NaN).
    pairs = [{"label": int(Label.CONTRADICTED), "rule": "antonym", "dataset": "own"}] * 3
    metrics = report(pairs, np.eye(3, dtype=np.float32)[[Label.NEITHER] * 3])
    assert metrics["entailed_vs_not_bacc"] is None
    path = tmp_path / "metrics.json"
    write_metrics(path, {"holdout": metrics})
    assert json.loads(path.read_text(), parse_constant=_refuse)["holdout"]["pairs"] == 3


def _refuse(constant: str) -> None:
    raise AssertionError(f"{constant} is not JSON")
