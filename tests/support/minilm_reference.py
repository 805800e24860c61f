"""An fp32 reference for all-MiniLM-L6-v2, in plain numpy, for the fidelity test.

Deliberately independent of the shipped ONNX graph and of its builder: its own
safetensors reader, HF weight layout used as-is (no fused QKV, no folded scale or
token-type table), exact GELU through `math.erf`, one sentence at a time with no
padding, so a masking or batching bug in the graph shows as a mismatch.
"""

from __future__ import annotations

import json
import math
import struct
from pathlib import Path

import numpy as np
import numpy.typing as npt

F32 = npt.NDArray[np.float32]
_erf = np.frompyfunc(math.erf, 1, 1)


def load_weights(path: Path) -> dict[str, F32]:
    raw = path.read_bytes()
    (n,) = struct.unpack("<Q", raw[:8])
    header = json.loads(raw[8 : 8 + n])
    out: dict[str, F32] = {}
    for name, info in header.items():
        if name == "__metadata__" or info["dtype"] != "F32":
            continue
        a, b = info["data_offsets"]
        out[name] = np.frombuffer(raw[8 + n + a : 8 + n + b], "<f4").reshape(info["shape"])
    return out


def _layer_norm(x: F32, w: F32, b: F32, eps: float = 1e-12) -> F32:
    mean = x.mean(-1, keepdims=True)
    var = ((x - mean) ** 2).mean(-1, keepdims=True)
    return ((x - mean) / np.sqrt(var + eps) * w + b).astype(np.float32)


def _gelu(x: F32) -> F32:
    return (0.5 * x * (1.0 + _erf(x / math.sqrt(2.0)).astype(np.float64))).astype(np.float32)


def _dense(x: F32, w: dict[str, F32], prefix: str) -> F32:
    return (x @ w[f"{prefix}.weight"].T + w[f"{prefix}.bias"]).astype(np.float32)


def encode(w: dict[str, F32], ids: list[int], heads: int = 12) -> F32:
    """Mean-pooled, L2-normalised sentence embedding of one token-id sequence."""
    seq = len(ids)
    x = (
        w["embeddings.word_embeddings.weight"][ids]
        + w["embeddings.position_embeddings.weight"][:seq]
        + w["embeddings.token_type_embeddings.weight"][0]
    )
    x = _layer_norm(x, w["embeddings.LayerNorm.weight"], w["embeddings.LayerNorm.bias"])
    hidden = x.shape[1]
    dim = hidden // heads
    layer = 0
    while f"encoder.layer.{layer}.attention.self.query.weight" in w:
        p = f"encoder.layer.{layer}"
        q = _dense(x, w, f"{p}.attention.self.query").reshape(seq, heads, dim).transpose(1, 0, 2)
        k = _dense(x, w, f"{p}.attention.self.key").reshape(seq, heads, dim).transpose(1, 0, 2)
        v = _dense(x, w, f"{p}.attention.self.value").reshape(seq, heads, dim).transpose(1, 0, 2)
        scores = q @ k.transpose(0, 2, 1) / math.sqrt(dim)
        scores = scores - scores.max(-1, keepdims=True)
        probs = np.exp(scores)
        probs /= probs.sum(-1, keepdims=True)
        ctx = (probs @ v).transpose(1, 0, 2).reshape(seq, hidden)
        attn = _dense(ctx, w, f"{p}.attention.output.dense")
        x = _layer_norm(
            attn + x,
            w[f"{p}.attention.output.LayerNorm.weight"],
            w[f"{p}.attention.output.LayerNorm.bias"],
        )
        h = _gelu(_dense(x, w, f"{p}.intermediate.dense"))
        h = _dense(h, w, f"{p}.output.dense")
        x = _layer_norm(h + x, w[f"{p}.output.LayerNorm.weight"], w[f"{p}.output.LayerNorm.bias"])
        layer += 1
    pooled = x.mean(0)
    return (pooled / np.linalg.norm(pooled)).astype(np.float32)
