"""The verifier's files and their pins (docs/verifier.md#files).

The trained weights ship inside the package as fp16 safetensors (trained by
`make train-verifier`); `grounding-sidecar model fetch` builds the fp32 ONNX graph
from them into the model directory, beside the MiniLM files.  Both are pinned by
sha256: a changed file is refused, never run under the same version.
"""

from __future__ import annotations

from pathlib import Path

from grounding_sidecar.detection.embedding.minilm.store import PinnedFile

# Tokens per (passage, claim) pair, [CLS] and both [SEP]s included; the longer side
# is cut first.  Training used the same limit.
VERIFIER_MAX_TOKENS = 128
WEIGHTS_DIR = Path(__file__).parent / "weights"
SHIPPED_WEIGHTS_PATH = WEIGHTS_DIR / "verifier-minilm-l6.f16.safetensors"
# Written by `make train-verifier` (tools/training/verifier/train.py), checked by
# tools/training/verifier/pin.py.
SHIPPED_WEIGHTS = PinnedFile(
    SHIPPED_WEIGHTS_PATH.name,
    "980ea67654a8985be2b0a76a633756a7342799ad55cdb6a64ca3f2da1e584ced",
    45143590,
)
# Built by `grounding-sidecar model fetch` from SHIPPED_WEIGHTS (bert_onnx.build_classifier).
VERIFIER_GRAPH = PinnedFile(
    "verifier.onnx",
    "44b22f628468ddff9391ca328545c8a60e21a25b9489503d10aec84da4c8324e",
    90278742,
)
# v2: the verifier's reading also decides the addition rule (judges.py), so the same
# graph grades differently than under v1; v3: its contradiction override needs a
# contrast the rationale can name (consistency.find_contrast).
VERIFIER_VERSION = "ver-v3"
# The contrast table (detection/text/contrasts.py, sha256[:8]) that VERIFIER_VERSION
# grades with: a new table needs a new version (tests/detection/verifier/test_store.py).
VERSION_CONTRAST_TABLE = "0bc0c3e9"


def verifier_graph_path(model_dir: Path) -> Path:
    return model_dir / VERIFIER_GRAPH.name
