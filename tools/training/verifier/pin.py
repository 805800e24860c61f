"""Pin the verifier's files: docs/verifier.md#retraining.

    python -m tools.training.verifier.pin            # compare the weights file with its pin
    python -m tools.training.verifier.pin --write    # pin it (and the graph built from it)

Compares the weights that `tools/training/verifier/train.py` wrote with the pins in
`grounding_sidecar/detection/verifier/store.py` (a retrain on this kind of machine
should reproduce them: the training is seeded and deterministic); `--write`
rebuilds the ONNX graph from the weights and writes both pins into store.py, with the
digest of the directory `grounding-sidecar model export` will write from that graph.
"""

from __future__ import annotations

import argparse
import hashlib
import re
from pathlib import Path

from grounding_sidecar.detection.embedding.minilm.export.bert_onnx import build_classifier
from grounding_sidecar.detection.embedding.minilm.export.safetensors_np import read_safetensors
from grounding_sidecar.detection.embedding.minilm.store import resolve_model_dir, sha256_of
from grounding_sidecar.detection.verifier import store
from grounding_sidecar.detection.verifier.export import exported_texts
from grounding_sidecar.detection.verifier.model import GRAPH_FILE, digest_of, shipped_description

STORE_PATH = Path(store.__file__)


def _replace_pin(text: str, variable: str, sha256: str, size: int) -> str:
    pattern = re.compile(rf'({variable} = PinnedFile\(\s*[^,]+,\s*)"[0-9a-f]{{64}}",\s*\d+,?\s*\)')
    if not pattern.search(text):
        raise SystemExit(f"no {variable} pin in {STORE_PATH}")
    return pattern.sub(rf'\g<1>"{sha256}",\n    {size},\n)', text)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--write", action="store_true")
    args = parser.parse_args()
    weights = store.SHIPPED_WEIGHTS_PATH
    digest, size = sha256_of(weights), weights.stat().st_size
    same = digest == store.SHIPPED_WEIGHTS.sha256
    print(f"{weights.name}: sha256 {digest}, {size} bytes")
    print(f"  same as the committed pin: {'yes' if same else 'no'}", flush=True)
    if not args.write:
        return
    graph = build_classifier(read_safetensors(weights)).SerializeToString()
    graph_digest = hashlib.sha256(graph).hexdigest()
    text = STORE_PATH.read_text(encoding="utf-8")
    text = _replace_pin(text, "SHIPPED_WEIGHTS", digest, size)
    text = _replace_pin(text, "VERIFIER_GRAPH", graph_digest, len(graph))
    directory = _export_digest(graph_digest)
    text = re.sub(
        r'(SHIPPED_DIRECTORY_DIGEST = )"[0-9a-f]{64}"', rf'\g<1>"{directory}"', text, count=1
    )
    STORE_PATH.write_text(text, encoding="utf-8")
    print(f"verifier.onnx: sha256 {graph_digest}, {len(graph)} bytes; pins written to {STORE_PATH}")
    print(f"  `model export` directory digest {directory}")


def _export_digest(graph_sha256: str) -> str:
    """What `grounding-sidecar model export` will write with this graph, by digest."""
    texts = exported_texts(shipped_description(resolve_model_dir()))
    hashes = {name: hashlib.sha256(text.encode()).hexdigest() for name, text in texts.items()}
    return digest_of({GRAPH_FILE: graph_sha256, **hashes})


if __name__ == "__main__":
    main()
