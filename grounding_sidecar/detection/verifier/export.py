"""The shipped verifier written as a model directory (`grounding-sidecar model export`):
the layout a user's checker comes in (docs/own-checker.md#layout), so the shipped
model and a user's load through the same path.

The files are derived from the pinned ones byte for byte the same way every time
(the graph copied; the tokenizer's JSON with the verifier's truncation and no
padding; a config naming the labels in the graph's output order), so the
directory's digest is pinned too (store.SHIPPED_DIRECTORY_DIGEST) and, loaded from
there, the model keeps the shipped version and calibration.
"""

from __future__ import annotations

import json
import shutil
from pathlib import Path
from typing import Any

from grounding_sidecar.detection.verifier.model import (
    CONFIG_FILE,
    GRAPH_FILE,
    PROJECT_KEY,
    SHIPPED_LABELS,
    TOKENIZER_FILE,
    Truncation,
    VerifierModel,
    shipped_model,
)

_LABEL_NAMES = {"entailed": "entailment", "contradicted": "contradiction", "neither": "neutral"}


def export_shipped(out_dir: Path, model_dir: Path | str | None = None) -> VerifierModel:
    """Write the shipped verifier (built in `model_dir`) into `out_dir`; the model read."""
    model = shipped_model(model_dir)
    out_dir.mkdir(parents=True, exist_ok=True)
    shutil.copyfile(model.graph, out_dir / GRAPH_FILE)
    for name, text in exported_texts(model).items():
        (out_dir / name).write_text(text, encoding="utf-8")
    return model


def exported_texts(model: VerifierModel) -> dict[str, str]:
    """The export's tokenizer.json and config.json, as written (the graph is a copy)."""
    tokenizer = json.loads(model.tokenizer.read_text(encoding="utf-8"))
    return {
        TOKENIZER_FILE: _dumps(_for_pairs(tokenizer, model)),
        CONFIG_FILE: _dumps(_config(model)),
    }


def _for_pairs(tokenizer: dict[str, Any], model: VerifierModel) -> dict[str, Any]:
    """The tokenizer as the verifier reads pairs; the loader sets the same again."""
    return {
        **tokenizer,
        "truncation": {
            "direction": "Right",
            "max_length": model.max_tokens,
            "strategy": "LongestFirst",
            "stride": 0,
        },
        "padding": None,
    }


def _config(model: VerifierModel) -> dict[str, Any]:
    columns = {
        "entailed": SHIPPED_LABELS.entailed,
        "contradicted": SHIPPED_LABELS.contradicted,
        "neither": SHIPPED_LABELS.neither,
    }
    id2label = {str(column): _LABEL_NAMES[kind] for kind, column in columns.items()}
    return {
        "architectures": ["BertForSequenceClassification"],
        "model_type": "bert",
        "id2label": dict(sorted(id2label.items())),
        "label2id": {name: int(column) for column, name in sorted(id2label.items())},
        "max_position_embeddings": 512,
        "pad_token_id": model.pad_id,
        PROJECT_KEY: {
            "max_tokens": model.max_tokens,
            "truncation": Truncation.LONGEST_FIRST.value,
            "languages": sorted(model.languages or ()),
        },
    }


def _dumps(document: dict[str, Any]) -> str:
    return json.dumps(document, indent=2, ensure_ascii=False) + "\n"
