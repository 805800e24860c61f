"""Write the MiniLM encoder as an int8 ONNX graph for onnxruntime, without torch.

The same weights and the same forward pass as `bert_onnx.build_model` (the fp32
reference), with three changes that make it faster on CPU (docs/embedders.md#precision):

- The three linear layers after attention (the attention output projection and both
  feed-forward layers, 3/4 of the model's FLOPs) multiply in int8:
  `MatMulIntegerToFloat` on activations quantised per token and weights quantised per
  output channel.  Each token's row is mapped onto 0..255 over its own range [min, max]
  (0 included), so the GELU outputs, which never go below -0.17, use all 256 levels
  rather than the half a range symmetric around 0 leaves them.  A scale shared by the
  whole batch, as onnxruntime's dynamic quantization takes, gives most channels a
  handful of levels because a few hidden channels carry outliers: the embeddings'
  cosine to fp32 fell to 0.975.  Each weight channel's scale is the one of 41 clipping
  ratios (0.6 to 1 of its largest value) that rounds it with the least squared error.
- Per token is not enough for the feed-forward layers' inputs: in each of them one or
  two channels reach 5-15 times the others (25-28 against a median of 2 in the first
  layer), most of all on [CLS] and [SEP], so a text of a few tokens lost most of its
  resolution (cosine 0.991 for "OK.").  Those channels, listed in `int8_outliers.json`
  (found by `tools/training/int8_outliers.py`), are taken out of the int8 product and
  multiplied in fp32 beside it, as LLM.int8() does: cosine 0.996 at worst.
- The query/key/value projection stays fp32: quantising it moves the attention
  scores, and the embeddings' cosine to fp32 fell to 0.994 at worst.
- Attention, the residual + LayerNorm and the bias + GELU run as onnxruntime's fused
  kernels (`Attention`, `SkipLayerNormalization`, `BiasGelu`), exact in fp32, which
  the standard operators leave as a dozen memory-bound passes.

The graph uses `com.microsoft` operators, so it runs on onnxruntime only (the one
runtime the project uses).  Deterministic like the fp32 graph: the same weights give
the same bytes, pinned by sha256.
"""

from __future__ import annotations

import json
from collections.abc import Mapping, Sequence
from pathlib import Path

import numpy as np
import numpy.typing as npt
import onnx
from onnx import TensorProto, helper

from grounding_sidecar.detection.embedding.minilm.export.bert_onnx import (
    BertShape,
    GraphBuilder,
    Weights,
    as_f32,
    as_i64,
    embeddings,
    finished_model,
    mean_pool,
)

INT8_MAX = 127.0
UINT8_LEVELS = 255.0  # activations go to uint8: the u8 x s8 kernels are the fast ones
CLIPPING_RATIOS = np.linspace(0.6, 1.0, 41)  # tried for each weight channel's scale
_QKV = ("query", "key", "value")
OUTLIERS_FILE = Path(__file__).with_name("int8_outliers.json")
# Each int8 product's input is also written under this name (an Identity, which
# onnxruntime removes): `int8_outliers.py` reads those to find the outlier channels.
PRODUCT_INPUT_SUFFIX = "_input"

Outliers = Mapping[str, Sequence[int]]  # product name -> input channels kept in fp32


def shipped_outliers() -> dict[str, list[int]]:
    channels: dict[str, list[int]] = json.loads(OUTLIERS_FILE.read_text())["channels"]
    return channels


def build_int8_model(
    weights: Weights, shape: BertShape | None = None, outliers: Outliers | None = None
) -> onnx.ModelProto:
    """The int8 encoder graph, with the fp32 graph's inputs and `sentence_embedding`;
    `outliers`: the channels kept in fp32, by product (default: the shipped list)."""
    s = shape or BertShape()
    g = GraphBuilder()
    x, mask_f = embeddings(g, weights, s)
    _quantisation_constants(g, s)
    mask = g.op("Cast", ["attention_mask"], to=TensorProto.INT32)
    products = _Products(g, shipped_outliers() if outliers is None else outliers)
    for i in range(s.layers):
        x = _layer(g, products, weights, s, i, x, mask)
    pooled = mean_pool(g, g.op("Identity", [x]), mask_f)
    g.nodes.append(helper.make_node("Identity", [pooled], ["sentence_embedding"], name="out_e"))
    outputs = [
        helper.make_tensor_value_info("sentence_embedding", TensorProto.FLOAT, ["batch", s.hidden])
    ]
    _drop_unused_constants(g)
    return finished_model(g, "minilm_l6_encoder_int8", outputs, contrib=True)


def _drop_unused_constants(g: GraphBuilder) -> None:
    # The shared embedding step also writes the fp32 graph's attention-mask and GELU
    # constants, which the fused kernels here do not read.
    used = {name for node in g.nodes for name in node.input}
    g.inits = [tensor for tensor in g.inits if tensor.name in used]


def _quantisation_constants(g: GraphBuilder, s: BertShape) -> None:
    g.const("q_inv_levels", np.asarray(1.0 / UINT8_LEVELS, np.float32))
    g.const("q_tiny", np.asarray(1e-8, np.float32))
    g.const("q_origin", np.asarray(0.0, np.float32))
    g.const("axis_last_i64", as_i64([1]))
    # [batch, seq] of this run: the int8 products are computed on [rows, width] and
    # reshaped back to [batch, seq, width].
    g.const("batch_seq_end", as_i64([2]))
    batch_seq = g.op("Slice", [g.op("Shape", ["input_ids"]), "zero_i64", "batch_seq_end"])
    for width in sorted({s.hidden, s.intermediate}):
        g.const(f"rows_of_{width}", as_i64([-1, width]))
        g.nodes.append(
            helper.make_node(
                "Concat",
                [batch_seq, g.const(f"width_{width}", as_i64([width]))],
                [f"batch_seq_{width}"],
                name=f"shape_{width}",
                axis=0,
            )
        )


def _layer(
    g: GraphBuilder,
    products: _Products,
    weights: Weights,
    s: BertShape,
    i: int,
    x: str,
    mask: str,
) -> str:
    p = f"encoder.layer.{i}"
    qkv_w = np.concatenate([_weight(weights, f"{p}.attention.self.{n}") for n in _QKV], axis=1)
    qkv_b = np.concatenate([_bias(weights, f"{p}.attention.self.{n}") for n in _QKV])
    context = g.contrib(
        "Attention",
        [x, g.const(f"l{i}_qkv_w", qkv_w), g.const(f"l{i}_qkv_b", qkv_b), mask],
        num_heads=s.heads,
    )
    attended = products(context, _weight(weights, f"{p}.attention.output.dense"), f"l{i}_ao")
    x = _skip_layer_norm(g, attended, x, weights, f"{p}.attention.output", f"l{i}_ln1", s)
    hidden = products(x, _weight(weights, f"{p}.intermediate.dense"), f"l{i}_ffn_in")
    hidden = g.contrib(
        "BiasGelu", [hidden, g.const(f"l{i}_ffn_in_b", _bias(weights, f"{p}.intermediate.dense"))]
    )
    out = products(hidden, _weight(weights, f"{p}.output.dense"), f"l{i}_ffn_out")
    return _skip_layer_norm(g, out, x, weights, p + ".output", f"l{i}_ln2", s)


def _weight(weights: Weights, prefix: str) -> npt.NDArray[np.float32]:
    # Hugging Face stores Linear weights as [out, in]; MatMul wants [in, out].
    return as_f32(weights[f"{prefix}.weight"]).T


def _bias(weights: Weights, prefix: str) -> npt.NDArray[np.float32]:
    return as_f32(weights[f"{prefix}.bias"])


class _Products:
    """x @ w, [batch, seq, in] x [in, out], in int8: x per token, w per output channel,
    with the product's outlier input channels multiplied in fp32 beside it."""

    def __init__(self, g: GraphBuilder, outliers: Outliers) -> None:
        self._g = g
        self._outliers = outliers

    def __call__(self, x: str, w: npt.NDArray[np.float32], name: str) -> str:
        g = self._g
        g.nodes.append(helper.make_node("Identity", [x], [name + PRODUCT_INPUT_SUFFIX], name=name))
        channels = np.asarray(sorted(self._outliers.get(name, ())), np.int64)
        if not channels.size:
            return self._int8(x, w, name)
        kept = np.ones(w.shape[0], np.float32)
        kept[channels] = 0.0
        inliers = g.op("Mul", [x, g.const(f"{name}_inliers", kept)])
        outlying = g.op("Gather", [x, g.const(f"{name}_outliers", channels)], axis=-1)
        beside = g.op("MatMul", [outlying, g.const(f"{name}_outliers_w", w[channels, :])])
        return g.op("Add", [self._int8(inliers, w, name), beside])

    def _int8(self, x: str, w: npt.NDArray[np.float32], name: str) -> str:
        g = self._g
        width_in, width_out = w.shape
        w_int8, w_scale = quantised_weights(w)
        rows = g.op("Reshape", [x, f"rows_of_{width_in}"])
        # Each row's range, 0 included, onto 0..255: x = scale * (q - zero).
        high = g.op("Max", [g.op("ReduceMax", [rows], axes=[-1], keepdims=0), "q_origin"])
        low = g.op("Min", [g.op("ReduceMin", [rows], axes=[-1], keepdims=0), "q_origin"])
        scale = g.op("Mul", [g.op("Max", [g.op("Sub", [high, low]), "q_tiny"]), "q_inv_levels"])
        zero = g.op("Round", [g.op("Div", [g.op("Neg", [low]), scale])])  # in 0..255
        rows_uint8 = g.op(
            "QuantizeLinear",
            [rows, scale, g.op("Cast", [zero], to=TensorProto.UINT8)],
            axis=0,
        )
        # The kernel takes one zero point for all of A, so it multiplies q as is
        # (zero point 0) and each row's zero comes off after: scale * zero * colsum(w).
        product = g.contrib(
            "MatMulIntegerToFloat",
            [
                rows_uint8,
                g.const(f"{name}_w_int8", w_int8),
                g.op("Unsqueeze", [scale, "axis_last_i64"]),  # [rows, 1]: a scale per row
                g.const(f"{name}_w_scale", w_scale),
            ],
        )
        column_sums = (w_int8.astype(np.float32).sum(axis=0) * w_scale).astype(np.float32)
        offset = g.op(
            "Mul",
            [
                g.op("Unsqueeze", [g.op("Mul", [scale, zero]), "axis_last_i64"]),
                g.const(f"{name}_w_column_sums", column_sums),
            ],
        )
        return g.op("Reshape", [g.op("Sub", [product, offset]), f"batch_seq_{width_out}"])


def quantised_weights(
    w: npt.NDArray[np.float32],
) -> tuple[npt.NDArray[np.int8], npt.NDArray[np.float32]]:
    """w [in, out] as int8 with a scale per output channel: for each channel, the
    clipping ratio of its largest value that rounds it with the least squared error."""
    largest = np.maximum(np.abs(w).max(axis=0), 1e-8).astype(np.float64)
    best_error = np.full(w.shape[1], np.inf)
    best_scale = largest / INT8_MAX
    for ratio in CLIPPING_RATIOS:
        scale = largest * ratio / INT8_MAX
        error = ((np.clip(np.round(w / scale), -INT8_MAX, INT8_MAX) * scale - w) ** 2).sum(axis=0)
        better = error < best_error
        best_error[better], best_scale[better] = error[better], scale[better]
    w_int8 = np.clip(np.round(w / best_scale), -INT8_MAX, INT8_MAX).astype(np.int8)
    return w_int8, best_scale.astype(np.float32)


def _skip_layer_norm(
    g: GraphBuilder, x: str, residual: str, weights: Weights, prefix: str, name: str, s: BertShape
) -> str:
    """LayerNorm(x + dense bias + residual), the bias of the dense layer before it."""
    return g.contrib(
        "SkipLayerNormalization",
        [
            x,
            residual,
            g.const(f"{name}_gamma", as_f32(weights[f"{prefix}.LayerNorm.weight"])),
            g.const(f"{name}_beta", as_f32(weights[f"{prefix}.LayerNorm.bias"])),
            g.const(f"{name}_dense_b", _bias(weights, prefix + ".dense")),
        ],
        epsilon=s.layer_norm_eps,
    )
