"""Where the MiniLM files live and how they are checked before the embedder loads them:
a missing or altered file stops it with the command that fixes it."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from grounding_sidecar.common.cpus import int8_dot_products
from grounding_sidecar.detection.embedding.base import EmbedderUnavailable
from grounding_sidecar.detection.embedding.minilm.runtime import MiniLMEmbedder
from grounding_sidecar.detection.embedding.minilm.store import (
    ENV_MODEL_DIR,
    INT8_GRAPH,
    ONNX_GRAPH,
    RUNTIME_FILES,
    TOKENIZER,
    Precision,
    graph_files,
    precision_note,
    resolve_model_dir,
    resolve_precision,
)


def test_missing_files_raise_with_the_command_to_run(tmp_path: Path) -> None:
    with pytest.raises(EmbedderUnavailable, match=r"model fetch.*--dir") as info:
        MiniLMEmbedder(tmp_path, precision=Precision.INT8)
    assert "model.int8.onnx is missing" in str(info.value)


@pytest.mark.parametrize(("dot_products", "served"), [(True, "int8"), (False, "fp32")])
def test_auto_is_int8_only_on_a_cpu_with_int8_dot_products(dot_products: bool, served: str) -> None:
    assert resolve_precision(Precision.AUTO, dot_products) is Precision(served)
    for asked in (Precision.FP32, Precision.INT8):
        assert resolve_precision(asked, dot_products) is asked  # as asked, everywhere


def test_int8_asked_for_on_a_cpu_without_int8_dot_products_is_noted() -> None:
    note = precision_note(Precision.INT8, dot_products=False)
    assert note is not None and "drift" in note and "auto serves fp32" in note
    assert precision_note(Precision.INT8, dot_products=True) is None
    assert precision_note(Precision.AUTO, dot_products=False) is None
    assert precision_note(Precision.FP32, dot_products=False) is None


def test_each_precision_loads_its_own_graph_and_the_tokenizer() -> None:
    assert graph_files(Precision.FP32) == (ONNX_GRAPH, TOKENIZER)
    assert graph_files(Precision.INT8) == (INT8_GRAPH, TOKENIZER)
    auto = INT8_GRAPH if int8_dot_products() else ONNX_GRAPH
    assert graph_files(Precision.AUTO) == (auto, TOKENIZER)
    assert set(RUNTIME_FILES) == {ONNX_GRAPH, INT8_GRAPH, TOKENIZER}  # what an image holds


@pytest.mark.minilm
def test_an_embedder_needs_only_its_own_graph(tmp_path: Path) -> None:
    source = resolve_model_dir()
    for pin in graph_files(Precision.FP32):
        shutil.copy(source / pin.name, tmp_path / pin.name)
    assert MiniLMEmbedder(tmp_path, precision=Precision.FP32).embed(["a"]).shape == (1, 384)
    with pytest.raises(EmbedderUnavailable, match=r"model\.int8\.onnx is missing"):
        MiniLMEmbedder(tmp_path, precision=Precision.INT8)


def test_env_var_sets_the_location(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv(ENV_MODEL_DIR, str(tmp_path / "elsewhere"))
    assert resolve_model_dir() == tmp_path / "elsewhere"
    with pytest.raises(EmbedderUnavailable, match="elsewhere"):
        MiniLMEmbedder()


@pytest.mark.minilm
def test_altered_file_is_rejected(tmp_path: Path) -> None:
    source = resolve_model_dir()
    shutil.copy(source / ONNX_GRAPH.name, tmp_path / ONNX_GRAPH.name)
    data = bytearray((source / TOKENIZER.name).read_bytes())
    data[-10] ^= 1  # same size, different content: only the sha256 can tell
    (tmp_path / TOKENIZER.name).write_bytes(bytes(data))
    with pytest.raises(EmbedderUnavailable, match="sha256"):
        MiniLMEmbedder(tmp_path)
