"""The verifier graph that `model fetch` builds from the shipped weights: rebuilt byte for
byte, and never from altered weights (docs/verifier.md#files)."""

from __future__ import annotations

import hashlib
from pathlib import Path

import pytest

from grounding_sidecar.detection.embedding.minilm.export.bert_onnx import build_classifier
from grounding_sidecar.detection.embedding.minilm.export.fetch import (
    FetchError,
    build_verifier_graph,
)
from grounding_sidecar.detection.embedding.minilm.export.safetensors_np import read_safetensors
from grounding_sidecar.detection.embedding.minilm.store import default_model_dir, problem_with
from grounding_sidecar.detection.verifier.store import SHIPPED_WEIGHTS_PATH, VERIFIER_GRAPH


def test_the_graph_rebuilds_byte_for_byte_from_the_weights() -> None:
    graph = build_classifier(read_safetensors(SHIPPED_WEIGHTS_PATH)).SerializeToString()
    assert hashlib.sha256(graph).hexdigest() == VERIFIER_GRAPH.sha256
    assert problem_with(default_model_dir() / VERIFIER_GRAPH.name, VERIFIER_GRAPH) is None


def test_fetch_refuses_altered_weights(tmp_path: Path) -> None:
    altered = tmp_path / SHIPPED_WEIGHTS_PATH.name
    data = bytearray(SHIPPED_WEIGHTS_PATH.read_bytes())
    data[len(data) // 2] ^= 0x01  # same size: only the sha256 can tell
    altered.write_bytes(bytes(data))
    with pytest.raises(FetchError, match="altered"):
        build_verifier_graph(tmp_path / "model", weights=altered)
    assert not (tmp_path / "model" / VERIFIER_GRAPH.name).exists()
