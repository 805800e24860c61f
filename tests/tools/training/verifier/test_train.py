"""train on a few pairs for one short epoch (the `train` extra: skipped without torch):
the fp16 weights, the metrics and the fidelity reference it writes, and the seeded
batch order."""

from __future__ import annotations

import json
import random
import sys
from pathlib import Path

import numpy as np
import pytest

pytest.importorskip("torch")

from grounding_sidecar.detection.embedding.minilm.export.safetensors_np import (
    read_safetensors,
)
from tools.training.verifier import train
from tools.training.verifier.perturb import Label

PAIRS = [
    ("The museum opens at nine on weekdays.", "The museum opens at nine.", Label.ENTAILED),
    ("The museum opens at nine on weekdays.", "The museum opens at ten.", Label.CONTRADICTED),
    ("The museum opens at nine on weekdays.", "The museum has a new cafe.", Label.NEITHER),
    ("The bridge was built from steel.", "The bridge was built from steel.", Label.ENTAILED),
    ("The bridge was built from steel.", "The bridge was built from wood.", Label.CONTRADICTED),
    ("The bridge was built from steel.", "The bridge is painted red.", Label.NEITHER),
]


def _pairs_file(path: Path) -> Path:
    lines = [
        json.dumps(
            {
                "premise": premise,
                "hypothesis": hypothesis,
                "label": int(label),
                "rule": "real" if n % 2 else "antonym",
                "dataset": "own",
                "part": "holdout" if n >= 4 else "verifier",
            }
        )
        for n, (premise, hypothesis, label) in enumerate(PAIRS)
    ]
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")
    return path


@pytest.mark.minilm
def test_a_short_run_writes_the_weights_metrics_and_reference(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    out = tmp_path / "weights.f16.safetensors"
    metrics_path = tmp_path / "metrics.json"
    reference_path = tmp_path / "reference.json"
    monkeypatch.setattr(
        sys,
        "argv",
        [
            "train",
            "--pairs", str(_pairs_file(tmp_path / "pairs.jsonl")),
            "--out", str(out),
            "--metrics", str(metrics_path),
            "--reference", str(reference_path),
            "--epochs", "1",
            "--batch", "2",
        ],
    )  # fmt: skip
    train.main()
    weights = read_safetensors(out)
    assert weights and all(w.dtype == np.float16 for w in weights.values())
    metrics = json.loads(metrics_path.read_text(encoding="utf-8"))
    assert metrics["training_pairs"] == 4
    assert metrics["holdout"]["pairs"] == 2
    assert metrics["epochs"] == 1
    reference = json.loads(reference_path.read_text(encoding="utf-8"))
    assert len(reference) == 200
    assert all(abs(sum(r["probabilities"]) - 1) < 1e-4 for r in reference)


def test_length_batches_cover_every_row_once_in_seeded_order() -> None:
    lengths = [random.Random(1).randrange(5, 60) for _ in range(300)]
    first = train.length_batches(lengths, 16, random.Random(train.SEED))
    again = train.length_batches(lengths, 16, random.Random(train.SEED))
    assert first == again
    assert sorted(i for batch in first for i in batch) == list(range(300))
    assert all(len(batch) <= 16 for batch in first)
