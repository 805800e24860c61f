"""The ONNX verifier against the training framework on the same pairs
(docs/verifier.md#fidelity)."""

from __future__ import annotations

import json
from pathlib import Path

import numpy as np

from grounding_sidecar.detection.verifier.runtime import OnnxVerifier

REFERENCE = Path(__file__).parent / "torch_reference.json"


def test_onnx_matches_the_training_framework_on_200_pairs() -> None:
    """torch's probabilities (tools/training/verifier/train.py, from the fp16 weights as shipped)
    against onnxruntime's on the same pairs: docs/verifier.md#fidelity."""
    reference = json.loads(REFERENCE.read_text())
    assert len(reference) == 200
    pairs = [(r["premise"], r["hypothesis"]) for r in reference]
    expected = np.array([r["probabilities"] for r in reference])
    got = np.array([[v.entailed, v.contradicted, v.neither] for v in OnnxVerifier().verify(pairs)])
    assert np.mean(got.argmax(1) == expected.argmax(1)) >= 0.995
    assert np.abs(got - expected).max() <= 0.01
    assert np.allclose(got.sum(1), 1.0, atol=1e-5)
