"""The int8 graph builder: `model fetch` rebuilds the pinned graph byte for byte, and
the graph is int8 exactly where docs/embedders.md#precision says."""

from __future__ import annotations

import hashlib
from collections import Counter

import numpy as np
import onnx
import onnx.numpy_helper
import pytest

from grounding_sidecar.detection.embedding.minilm.export.bert_int8 import (
    build_int8_model,
    quantised_weights,
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


def test_each_weight_channel_takes_the_scale_that_rounds_it_best() -> None:
    rng = np.random.default_rng(0)
    w = rng.standard_normal((384, 64)).astype(np.float32)
    w_int8, scale = quantised_weights(w)
    assert w_int8.dtype == np.int8 and int(np.abs(w_int8.astype(np.int32)).max()) <= 127
    error = ((w_int8 * scale - w) ** 2).sum(axis=0)
    by_largest = np.abs(w).max(axis=0) / 127.0
    plain = ((np.round(w / by_largest) * by_largest - w) ** 2).sum(axis=0)
    assert (error <= plain + 1e-9).all()
    # A normal channel's largest value is a lone tail: clipping it rounds the rest finer.
    assert (error < plain).mean() > 0.1 and (scale < by_largest).sum() == (error < plain).sum()


def test_a_channel_without_outliers_keeps_its_largest_value() -> None:
    w = np.tile(np.linspace(-1.0, 1.0, 255, dtype=np.float32)[:, None], (1, 3))
    w_int8, scale = quantised_weights(w)  # on the grid of its largest value exactly
    assert np.allclose(scale, 1.0 / 127.0)
    assert np.array_equal(w_int8[:, 0], np.round(np.linspace(-127, 127, 255)).astype(np.int8))
