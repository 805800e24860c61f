"""The BERT graph builder: the verifier graph that `model fetch` builds from the shipped
weights is rebuilt byte for byte (docs/verifier.md#files)."""

from __future__ import annotations

import hashlib

from grounding_sidecar.detection.embedding.minilm.export.bert_onnx import build_classifier
from grounding_sidecar.detection.embedding.minilm.export.safetensors_np import read_safetensors
from grounding_sidecar.detection.embedding.minilm.store import default_model_dir, problem_with
from grounding_sidecar.detection.verifier.store import SHIPPED_WEIGHTS_PATH, VERIFIER_GRAPH


def test_the_graph_rebuilds_byte_for_byte_from_the_weights() -> None:
    graph = build_classifier(read_safetensors(SHIPPED_WEIGHTS_PATH)).SerializeToString()
    assert hashlib.sha256(graph).hexdigest() == VERIFIER_GRAPH.sha256
    assert problem_with(default_model_dir() / VERIFIER_GRAPH.name, VERIFIER_GRAPH) is None
