"""Write the all-MiniLM-L6-v2 BERT encoder as an fp32 ONNX graph, without torch.

Used only at install time (`grounding-sidecar model fetch`), so the `onnx`
package is an install-time extra, never a run-time dependency.  The graph is the
plain BERT forward pass written with standard opset-17 operators:

    embeddings (word + position + token-type 0) -> LayerNorm
    6 x [ fused QKV MatMul -> 12-head scaled dot-product attention with the padding
          mask -> output projection -> residual + LayerNorm -> FFN with exact (erf)
          GELU -> residual + LayerNorm ]
    masked mean pooling over the last hidden state -> `sentence_embedding`

Two algebraic folds keep the graph small; both are exact up to fp32 rounding:
token-type embedding 0 is added into the position table (single-segment inputs
never use type 1), and the 1/sqrt(head_dim) attention scale is multiplied into
the query weights.  Every field of the model proto is set explicitly (IR version,
opset, producer, names), so the same weights always give the same bytes and the
file can be pinned by sha256.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

import numpy as np
import numpy.typing as npt
import onnx
from onnx import TensorProto, helper

OPSET = 17
CONTRIB_DOMAIN = "com.microsoft"
CONTRIB_OPSET = 1
IR_VERSION = 8
PRODUCER = "grounding-sidecar.bert_onnx"
PRODUCER_VERSION = "1"
# Masked keys get this added before softmax: exp() of it underflows to exactly 0.
MASK_NEGATIVE = -1.0e9


@dataclass(frozen=True, slots=True)
class BertShape:
    hidden: int = 384
    heads: int = 12
    layers: int = 6
    intermediate: int = 1536
    layer_norm_eps: float = 1e-12


Weights = dict[str, npt.NDArray[np.generic]]


class GraphBuilder:
    """Collects nodes and initializers with unique, deterministic names."""

    def __init__(self) -> None:
        self.nodes: list[onnx.NodeProto] = []
        self.inits: list[onnx.TensorProto] = []
        self._count = 0

    def const(self, name: str, array: npt.NDArray[np.generic]) -> str:
        arr = np.array(array, order="C", copy=True)  # keeps 0-d scalars 0-d
        dtype = helper.np_dtype_to_tensor_dtype(arr.dtype)
        self.inits.append(helper.make_tensor(name, dtype, list(arr.shape), arr.tobytes(), raw=True))
        return name

    def op(self, op_type: str, inputs: list[str], **attrs: Any) -> str:
        self._count += 1
        out = f"{op_type.lower()}_{self._count}"
        self.nodes.append(helper.make_node(op_type, inputs, [out], name=f"n{self._count}", **attrs))
        return out

    def contrib(self, op_type: str, inputs: list[str], **attrs: Any) -> str:
        """An onnxruntime operator (`com.microsoft` domain): fused kernels the standard
        opset has no name for."""
        self._count += 1
        out = f"{op_type.lower()}_{self._count}"
        self.nodes.append(
            helper.make_node(
                op_type, inputs, [out], name=f"n{self._count}", domain=CONTRIB_DOMAIN, **attrs
            )
        )
        return out


def as_f32(array: npt.NDArray[np.generic]) -> npt.NDArray[np.float32]:
    return np.asarray(array, dtype=np.float32)


def as_i64(values: list[int]) -> npt.NDArray[np.int64]:
    return np.asarray(values, dtype=np.int64)


def build_model(weights: Weights, shape: BertShape | None = None) -> onnx.ModelProto:
    """The encoder graph for a BERT checkpoint in Hugging Face naming."""
    s = shape or BertShape()
    g = GraphBuilder()
    hidden, pooled = _encoder(g, weights, s)
    g.nodes.append(helper.make_node("Identity", [hidden], ["last_hidden_state"], name="out_h"))
    g.nodes.append(helper.make_node("Identity", [pooled], ["sentence_embedding"], name="out_e"))
    outputs = [
        helper.make_tensor_value_info(
            "last_hidden_state", TensorProto.FLOAT, ["batch", "seq", s.hidden]
        ),
        helper.make_tensor_value_info("sentence_embedding", TensorProto.FLOAT, ["batch", s.hidden]),
    ]
    return finished_model(g, "minilm_l6_encoder", outputs)


# The verifier's head in the weights file (docs/verifier.md#design).
CLASSIFIER_WEIGHT = "verifier.head.weight"
CLASSIFIER_BIAS = "verifier.head.bias"


def build_classifier(weights: Weights, shape: BertShape | None = None) -> onnx.ModelProto:
    """The same encoder with a linear head over the mean-pooled state and a softmax:
    `probabilities`, [batch, classes].  Used for the verifier, a cross-encoder whose
    input is `[CLS] passage [SEP] claim [SEP]`."""
    s = shape or BertShape()
    g = GraphBuilder()
    _, pooled = _encoder(g, weights, s)
    w = g.const("head_w", as_f32(weights[CLASSIFIER_WEIGHT]).T)
    b = g.const("head_b", as_f32(weights[CLASSIFIER_BIAS]))
    logits = g.op("Add", [g.op("MatMul", [pooled, w]), b])
    g.nodes.append(helper.make_node("Softmax", [logits], ["probabilities"], name="out_p", axis=-1))
    classes = int(np.asarray(weights[CLASSIFIER_BIAS]).shape[0])
    outputs = [
        helper.make_tensor_value_info("probabilities", TensorProto.FLOAT, ["batch", classes])
    ]
    return finished_model(g, "minilm_l6_classifier", outputs)


def finished_model(
    g: GraphBuilder, name: str, outputs: list[onnx.ValueInfoProto], *, contrib: bool = False
) -> onnx.ModelProto:
    inputs = [
        helper.make_tensor_value_info("input_ids", TensorProto.INT64, ["batch", "seq"]),
        helper.make_tensor_value_info("attention_mask", TensorProto.INT64, ["batch", "seq"]),
    ]
    graph = helper.make_graph(g.nodes, name, inputs, outputs, g.inits)
    opsets = [helper.make_opsetid("", OPSET)]
    if contrib:
        opsets.append(helper.make_opsetid(CONTRIB_DOMAIN, CONTRIB_OPSET))
    model = helper.make_model(
        graph,
        opset_imports=opsets,
        producer_name=PRODUCER,
        producer_version=PRODUCER_VERSION,
    )
    model.ir_version = IR_VERSION
    # The checker knows no onnxruntime operator; onnxruntime checks those when it loads.
    onnx.checker.check_model(model, full_check=not contrib)
    return model


def _encoder(g: GraphBuilder, weights: Weights, s: BertShape) -> tuple[str, str]:
    """Nodes from the inputs to the last hidden state and its masked mean pooling."""
    head_dim = s.hidden // s.heads
    x, mask_f = embeddings(g, weights, s)

    # Additive attention bias, [B, 1, 1, S]: 0 for real tokens, MASK_NEGATIVE for padding.
    inverted = g.op("Sub", ["one_f32", mask_f])
    bias = g.op("Mul", [inverted, "mask_negative"])
    bias = g.op("Unsqueeze", [bias, g.const("axes_bias", as_i64([1, 2]))])

    g.const("qkv_shape", as_i64([0, 0, 3, s.heads, head_dim]))
    g.const("merge_shape", as_i64([0, 0, s.hidden]))
    scale = np.float32(1.0 / np.sqrt(head_dim))
    for i in range(s.layers):
        p = f"encoder.layer.{i}"
        wq = as_f32(weights[f"{p}.attention.self.query.weight"]).T * scale
        bq = as_f32(weights[f"{p}.attention.self.query.bias"]) * scale
        wk = as_f32(weights[f"{p}.attention.self.key.weight"]).T
        bk = as_f32(weights[f"{p}.attention.self.key.bias"])
        wv = as_f32(weights[f"{p}.attention.self.value.weight"]).T
        bv = as_f32(weights[f"{p}.attention.self.value.bias"])
        w_qkv = g.const(f"l{i}_qkv_w", np.concatenate([wq, wk, wv], axis=1))
        b_qkv = g.const(f"l{i}_qkv_b", np.concatenate([bq, bk, bv]))

        qkv = g.op("Add", [g.op("MatMul", [x, w_qkv]), b_qkv])
        qkv = g.op("Reshape", [qkv, "qkv_shape"])  # [B, S, 3, H, D]
        qkv = g.op("Transpose", [qkv], perm=[2, 0, 3, 1, 4])  # [3, B, H, S, D]
        q = g.op("Gather", [qkv, g.const(f"l{i}_idx_q", np.asarray(0, np.int64))], axis=0)
        k = g.op("Gather", [qkv, g.const(f"l{i}_idx_k", np.asarray(1, np.int64))], axis=0)
        v = g.op("Gather", [qkv, g.const(f"l{i}_idx_v", np.asarray(2, np.int64))], axis=0)
        k_t = g.op("Transpose", [k], perm=[0, 1, 3, 2])
        scores = g.op("Add", [g.op("MatMul", [q, k_t]), bias])
        probs = g.op("Softmax", [scores], axis=-1)
        ctx = g.op("MatMul", [probs, v])  # [B, H, S, D]
        ctx = g.op("Transpose", [ctx], perm=[0, 2, 1, 3])
        ctx = g.op("Reshape", [ctx, "merge_shape"])
        attn = _linear(g, ctx, weights, f"{p}.attention.output.dense", f"l{i}_attn_out")
        x = _layer_norm(
            g, g.op("Add", [attn, x]), weights, f"{p}.attention.output.LayerNorm", s.layer_norm_eps
        )

        h = _linear(g, x, weights, f"{p}.intermediate.dense", f"l{i}_ffn_in")
        h = _gelu(g, h)
        h = _linear(g, h, weights, f"{p}.output.dense", f"l{i}_ffn_out")
        x = _layer_norm(g, g.op("Add", [h, x]), weights, f"{p}.output.LayerNorm", s.layer_norm_eps)

    hidden = g.op("Identity", [x])
    return hidden, mean_pool(g, hidden, mask_f)


def embeddings(g: GraphBuilder, weights: Weights, s: BertShape) -> tuple[str, str]:
    """Word + (position + token type 0) embeddings after their LayerNorm, [B, S, H], and
    the attention mask as floats, [B, S]; also the scalar constants every layer uses."""
    g.const("word_embeddings", as_f32(weights["embeddings.word_embeddings.weight"]))
    pos = as_f32(weights["embeddings.position_embeddings.weight"])
    type0 = as_f32(weights["embeddings.token_type_embeddings.weight"])[0]
    g.const("position_type0_embeddings", pos + type0[None, :])
    g.const("ids_to_seq_start", as_i64([1]))
    g.const("ids_to_seq_end", as_i64([2]))
    g.const("zero_i64", as_i64([0]))
    g.const("one_f32", np.asarray(1.0, np.float32))
    g.const("mask_negative", np.asarray(MASK_NEGATIVE, np.float32))
    g.const("axis1", as_i64([1]))
    g.const("tiny", np.asarray(1e-9, np.float32))
    g.const("gelu_inv_sqrt2", np.asarray(1.0 / np.sqrt(2.0), np.float32))
    g.const("gelu_half", np.asarray(0.5, np.float32))

    words = g.op("Gather", ["word_embeddings", "input_ids"])
    ids_shape = g.op("Shape", ["input_ids"])
    seq_len = g.op("Slice", [ids_shape, "ids_to_seq_start", "ids_to_seq_end"])
    positions = g.op("Slice", ["position_type0_embeddings", "zero_i64", seq_len, "zero_i64"])
    x = g.op("Add", [words, positions])
    x = _layer_norm(g, x, weights, "embeddings.LayerNorm", s.layer_norm_eps)
    mask_f = g.op("Cast", ["attention_mask"], to=TensorProto.FLOAT)
    return x, mask_f


def mean_pool(g: GraphBuilder, hidden: str, mask_f: str) -> str:
    """Masked mean pooling: sum of real-token states / count of real tokens."""
    mask3 = g.op("Unsqueeze", [mask_f, g.const("axis_last", as_i64([2]))])
    summed = g.op("ReduceSum", [g.op("Mul", [hidden, mask3]), "axis1"], keepdims=0)
    counts = g.op("ReduceSum", [mask3, "axis1"], keepdims=0)
    return g.op("Div", [summed, g.op("Max", [counts, "tiny"])])


def _linear(g: GraphBuilder, x: str, weights: Weights, prefix: str, name: str) -> str:
    # Hugging Face stores Linear weights as [out, in]; MatMul wants [in, out].
    w = g.const(f"{name}_w", as_f32(weights[f"{prefix}.weight"]).T)
    b = g.const(f"{name}_b", as_f32(weights[f"{prefix}.bias"]))
    return g.op("Add", [g.op("MatMul", [x, w]), b])


def _layer_norm(g: GraphBuilder, x: str, weights: Weights, prefix: str, eps: float) -> str:
    gamma = g.const(f"{prefix}.gamma", as_f32(weights[f"{prefix}.weight"]))
    beta = g.const(f"{prefix}.beta", as_f32(weights[f"{prefix}.bias"]))
    return g.op("LayerNormalization", [x, gamma, beta], axis=-1, epsilon=eps)


def _gelu(g: GraphBuilder, x: str) -> str:
    # Exact GELU, 0.5 * x * (1 + erf(x / sqrt(2))), as BERT's "gelu" activation.
    erf = g.op("Erf", [g.op("Mul", [x, "gelu_inv_sqrt2"])])
    return g.op("Mul", [g.op("Mul", [x, "gelu_half"]), g.op("Add", [erf, "one_f32"])])
