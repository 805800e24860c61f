"""The verifier's shipped weights, the graph built from them, and how altered or
missing files are refused (docs/verifier.md#files)."""

from __future__ import annotations

import hashlib
import json
import shutil
from pathlib import Path

import numpy as np
import pytest

from grounding_sidecar.detection.contract import VerifierMode
from grounding_sidecar.detection.embedding.minilm.build.bert_onnx import build_classifier
from grounding_sidecar.detection.embedding.minilm.build.fetch import (
    FetchError,
    build_verifier_graph,
)
from grounding_sidecar.detection.embedding.minilm.build.safetensors_np import read_safetensors
from grounding_sidecar.detection.embedding.minilm.store import (
    TOKENIZER,
    default_model_dir,
    problem_with,
)
from grounding_sidecar.detection.text.contrasts import TABLE_SHA256
from grounding_sidecar.detection.verifier.base import VerifierUnavailable
from grounding_sidecar.detection.verifier.loading import load_verifier
from grounding_sidecar.detection.verifier.runtime import OnnxVerifier
from grounding_sidecar.detection.verifier.store import (
    SHIPPED_WEIGHTS,
    SHIPPED_WEIGHTS_PATH,
    VERIFIER_GRAPH,
    VERSION_CONTRAST_TABLE,
)

REFERENCE = Path(__file__).parent / "torch_reference.json"


def test_the_shipped_weights_match_their_pin() -> None:
    assert problem_with(SHIPPED_WEIGHTS_PATH, SHIPPED_WEIGHTS) is None
    assert SHIPPED_WEIGHTS.size <= 50 * 1024 * 1024


def test_the_graph_rebuilds_byte_for_byte_from_the_weights() -> None:
    graph = build_classifier(read_safetensors(SHIPPED_WEIGHTS_PATH)).SerializeToString()
    assert hashlib.sha256(graph).hexdigest() == VERIFIER_GRAPH.sha256
    assert problem_with(default_model_dir() / VERIFIER_GRAPH.name, VERIFIER_GRAPH) is None


def test_onnx_matches_the_training_framework_on_200_pairs() -> None:
    """torch's probabilities (tools/verifier/train.py, from the fp16 weights as shipped)
    against onnxruntime's on the same pairs: docs/verifier.md#fidelity."""
    reference = json.loads(REFERENCE.read_text())
    assert len(reference) == 200
    pairs = [(r["premise"], r["hypothesis"]) for r in reference]
    expected = np.array([r["probabilities"] for r in reference])
    got = np.array([[v.entailed, v.contradicted, v.neither] for v in OnnxVerifier().verify(pairs)])
    assert np.mean(got.argmax(1) == expected.argmax(1)) >= 0.995
    assert np.abs(got - expected).max() <= 0.01
    assert np.allclose(got.sum(1), 1.0, atol=1e-5)


def test_fetch_refuses_altered_weights(tmp_path: Path) -> None:
    altered = tmp_path / SHIPPED_WEIGHTS_PATH.name
    data = bytearray(SHIPPED_WEIGHTS_PATH.read_bytes())
    data[len(data) // 2] ^= 0x01  # same size: only the sha256 can tell
    altered.write_bytes(bytes(data))
    with pytest.raises(FetchError, match="altered"):
        build_verifier_graph(tmp_path / "model", weights=altered)
    assert not (tmp_path / "model" / VERIFIER_GRAPH.name).exists()


def _model_dir_with(tmp_path: Path, graph: bytes | None) -> Path:
    directory = tmp_path / "model"
    directory.mkdir()
    shutil.copy(default_model_dir() / TOKENIZER.name, directory / TOKENIZER.name)
    if graph is not None:
        (directory / VERIFIER_GRAPH.name).write_bytes(graph)
    return directory


def test_off_never_loads_and_auto_skips_an_absent_graph(tmp_path: Path) -> None:
    directory = _model_dir_with(tmp_path, None)
    assert load_verifier(VerifierMode.OFF, model_dir=directory) is None
    assert load_verifier(VerifierMode.AUTO, model_dir=directory) is None


def test_on_requires_the_graph(tmp_path: Path) -> None:
    directory = _model_dir_with(tmp_path, None)
    with pytest.raises(VerifierUnavailable, match="is missing"):
        load_verifier(VerifierMode.ON, model_dir=directory)


@pytest.mark.parametrize("mode", [VerifierMode.AUTO, VerifierMode.ON])
def test_an_altered_graph_is_refused_even_under_auto(tmp_path: Path, mode: VerifierMode) -> None:
    original = (default_model_dir() / VERIFIER_GRAPH.name).read_bytes()
    altered = bytearray(original)
    altered[-100] ^= 0x01
    directory = _model_dir_with(tmp_path, bytes(altered))
    with pytest.raises(VerifierUnavailable, match="sha256"):
        load_verifier(mode, model_dir=directory)


def test_the_installed_verifier_loads_under_auto() -> None:
    verifier = load_verifier(VerifierMode.AUTO)
    assert verifier is not None
    assert verifier.version_tag == f"ver-v3@{VERIFIER_GRAPH.sha256[:8]}"


def test_the_contrast_table_is_the_one_the_version_names() -> None:
    assert TABLE_SHA256[:8] == VERSION_CONTRAST_TABLE, (
        "a new contrast table grades differently: bump VERIFIER_VERSION with it"
    )
