"""The verifier in torch, for training only: the same forward pass as the ONNX graph
that `minilm/export/bert_onnx.py` writes (embeddings with token type 0, six BERT
layers with exact GELU, masked mean pooling), plus the three-way head.

Parameter names are Hugging Face's, so the MiniLM safetensors load as they are
and the trained weights go back through the same ONNX builder.
"""

from __future__ import annotations

import math

import numpy as np
import numpy.typing as npt
import torch
from torch import nn

HIDDEN, HEADS, LAYERS, INTERMEDIATE, EPS = 384, 12, 6, 1536, 1e-12
CLASSES = 3
HEAD_WEIGHT, HEAD_BIAS = "verifier.head.weight", "verifier.head.bias"


class _Layer(nn.Module):
    def __init__(self) -> None:
        super().__init__()
        self.query = nn.Linear(HIDDEN, HIDDEN)
        self.key = nn.Linear(HIDDEN, HIDDEN)
        self.value = nn.Linear(HIDDEN, HIDDEN)
        self.attention_out = nn.Linear(HIDDEN, HIDDEN)
        self.attention_norm = nn.LayerNorm(HIDDEN, eps=EPS)
        self.ffn_in = nn.Linear(HIDDEN, INTERMEDIATE)
        self.ffn_out = nn.Linear(INTERMEDIATE, HIDDEN)
        self.output_norm = nn.LayerNorm(HIDDEN, eps=EPS)
        self.dropout = nn.Dropout(0.1)

    def forward(self, x: torch.Tensor, bias: torch.Tensor) -> torch.Tensor:
        batch, seq, _ = x.shape
        head_dim = HIDDEN // HEADS

        def heads(t: torch.Tensor) -> torch.Tensor:
            return t.view(batch, seq, HEADS, head_dim).transpose(1, 2)

        q, k, v = heads(self.query(x)), heads(self.key(x)), heads(self.value(x))
        scores = q @ k.transpose(-1, -2) / math.sqrt(head_dim) + bias
        context = (scores.softmax(-1) @ v).transpose(1, 2).reshape(batch, seq, HIDDEN)
        x = self.attention_norm(x + self.dropout(self.attention_out(context)))
        h = self.ffn_out(nn.functional.gelu(self.ffn_in(x)))
        return self.output_norm(x + self.dropout(h))


class Verifier(nn.Module):
    def __init__(self, vocab: int, positions: int) -> None:
        super().__init__()
        self.words = nn.Embedding(vocab, HIDDEN)
        self.positions = nn.Embedding(positions, HIDDEN)
        self.type0 = nn.Parameter(torch.zeros(HIDDEN))
        self.embedding_norm = nn.LayerNorm(HIDDEN, eps=EPS)
        self.layers = nn.ModuleList(_Layer() for _ in range(LAYERS))
        self.dropout = nn.Dropout(0.1)
        self.head = nn.Linear(HIDDEN, CLASSES)

    def forward(self, ids: torch.Tensor, mask: torch.Tensor) -> torch.Tensor:
        """Logits, [batch, 3]: entailed, contradicted, neither."""
        seq = ids.shape[1]
        x = self.words(ids) + self.positions.weight[:seq] + self.type0
        x = self.embedding_norm(x)
        mask_f = mask.to(x.dtype)
        bias = ((1.0 - mask_f) * -1.0e9)[:, None, None, :]
        for layer in self.layers:
            x = layer(x, bias)
        pooled = (x * mask_f[..., None]).sum(1) / mask_f.sum(1, keepdim=True).clamp(min=1e-9)
        logits: torch.Tensor = self.head(self.dropout(pooled))
        return logits


def _pairs(model: Verifier) -> list[tuple[str, torch.Tensor]]:
    """(Hugging Face name, parameter) for every weight of the encoder and head."""
    out: list[tuple[str, torch.Tensor]] = [
        ("embeddings.word_embeddings.weight", model.words.weight),
        ("embeddings.position_embeddings.weight", model.positions.weight),
        ("embeddings.LayerNorm.weight", model.embedding_norm.weight),
        ("embeddings.LayerNorm.bias", model.embedding_norm.bias),
        (HEAD_WEIGHT, model.head.weight),
        (HEAD_BIAS, model.head.bias),
    ]
    for i, layer in enumerate(model.layers):
        assert isinstance(layer, _Layer)
        p = f"encoder.layer.{i}"
        for name, module in (
            ("attention.self.query", layer.query),
            ("attention.self.key", layer.key),
            ("attention.self.value", layer.value),
            ("attention.output.dense", layer.attention_out),
            ("attention.output.LayerNorm", layer.attention_norm),
            ("intermediate.dense", layer.ffn_in),
            ("output.dense", layer.ffn_out),
            ("output.LayerNorm", layer.output_norm),
        ):
            out.append((f"{p}.{name}.weight", module.weight))
            out.append((f"{p}.{name}.bias", module.bias))
    return out


def from_minilm(weights: dict[str, npt.NDArray[np.generic]], seed: int) -> Verifier:
    """The MiniLM encoder's weights, with a freshly initialised (seeded) head."""
    vocab, _ = weights["embeddings.word_embeddings.weight"].shape
    positions, _ = weights["embeddings.position_embeddings.weight"].shape
    torch.manual_seed(seed)
    model = Verifier(int(vocab), int(positions))
    nn.init.normal_(model.head.weight, std=0.02)
    nn.init.zeros_(model.head.bias)
    with torch.no_grad():
        for name, parameter in _pairs(model):
            if name in weights:
                parameter.copy_(torch.from_numpy(np.asarray(weights[name], np.float32)))
        type0 = np.asarray(weights["embeddings.token_type_embeddings.weight"], np.float32)[0]
        model.type0.copy_(torch.from_numpy(type0))
    return model


def export_weights(model: Verifier) -> dict[str, npt.NDArray[np.generic]]:
    """Hugging Face-named fp32 arrays; the token-type table's row 0 is `type0`
    (single-segment inputs: docs/verifier.md#design)."""
    out: dict[str, npt.NDArray[np.generic]] = {
        name: parameter.detach().cpu().numpy().astype(np.float32)
        for name, parameter in _pairs(model)
    }
    out["embeddings.token_type_embeddings.weight"] = (
        model.type0.detach().cpu().numpy().astype(np.float32)[None, :]
    )
    return out


def load_weights(model: Verifier, weights: dict[str, npt.NDArray[np.generic]]) -> None:
    with torch.no_grad():
        for name, parameter in _pairs(model):
            parameter.copy_(torch.from_numpy(np.asarray(weights[name], np.float32)))
        model.type0.copy_(
            torch.from_numpy(
                np.asarray(weights["embeddings.token_type_embeddings.weight"], np.float32)[0]
            )
        )
