"""The int8 graph builder: `model fetch` rebuilds the pinned graph byte for byte, and
the graph is int8 exactly where docs/embedders.md#precision says."""

from __future__ import annotations

import hashlib
from collections import Counter

import onnx
import onnx.numpy_helper
import pytest

from grounding_sidecar.detection.embedding.minilm.export.bert_int8 import (
    build_int8_model,
    shipped_outliers,
)
from grounding_sidecar.detection.embedding.minilm.export.safetensors_np import read_safetensors
from grounding_sidecar.detection.embedding.minilm.store import (
    INT8_GRAPH,
    WEIGHTS,
    default_model_dir,
    problem_with,
)

pytestmark = pytest.mark.minilm


@pytest.fixture(scope="module")
def graph() -> onnx.ModelProto:
    return build_int8_model(read_safetensors(default_model_dir() / WEIGHTS.name))


def test_the_graph_rebuilds_byte_for_byte_from_the_weights(graph: onnx.ModelProto) -> None:
    assert hashlib.sha256(graph.SerializeToString()).hexdigest() == INT8_GRAPH.sha256
    assert problem_with(default_model_dir() / INT8_GRAPH.name, INT8_GRAPH) is None


def test_three_int8_products_a_layer_and_attention_in_fp32(graph: onnx.ModelProto) -> None:
    ops = Counter(node.op_type for node in graph.graph.node)
    assert ops["MatMulIntegerToFloat"] == 3 * 6  # attention output, both feed-forward layers
    assert ops["Attention"] == 6  # its query/key/value projection stays fp32
    # The only fp32 products: the outlier channels of both feed-forward layers.
    assert ops["MatMul"] == 2 * 6
    int8_weights = [t for t in graph.graph.initializer if t.data_type == onnx.TensorProto.INT8]
    assert len(int8_weights) == 18
    assert all(t.name.endswith("_w_int8") for t in int8_weights)


def test_the_outlier_channels_are_the_shipped_list(graph: onnx.ModelProto) -> None:
    listed = shipped_outliers()
    assert sorted(listed) == sorted(f"l{i}_{p}" for i in range(6) for p in ("ffn_in", "ffn_out"))
    by_name = {t.name: onnx.numpy_helper.to_array(t) for t in graph.graph.initializer}
    for product, channels in listed.items():
        assert by_name[f"{product}_outliers"].tolist() == sorted(channels)
        inliers = by_name[f"{product}_inliers"]
        assert inliers[channels].tolist() == [0.0] * len(channels)  # out of the int8 product
        assert inliers.sum() == len(inliers) - len(channels)


def test_without_outliers_every_product_is_int8_alone() -> None:
    plain = build_int8_model(read_safetensors(default_model_dir() / WEIGHTS.name), outliers={})
    assert not any(node.op_type == "MatMul" for node in plain.graph.node)


def test_no_unused_constants(graph: onnx.ModelProto) -> None:
    used = {name for node in graph.graph.node for name in node.input}
    assert {t.name for t in graph.graph.initializer} <= used
