"""How well the verifier reads real claims it never trained on, by premise and model
(docs/verifier.md#the-premise-a-study).

Reads the real pairs (labelled claims against their best passage) of one or more pairs
files (`build_pairs --premise passage|joined`) and scores the `calibration` and
`holdout` parts with one or more weight files: the claim AUROC of P(entailed) for
"supported", per set and part.  Needs the `train` extra (torch).

The study as run (after `make train-verifier`'s pairs, with the `train` extra):

    python -m tools.verifier.build_pairs --premise joined --out build/verifier/joined/pairs.jsonl
    python -m tools.verifier.train --pairs build/verifier/joined/pairs.jsonl \\
        --out build/verifier/joined/weights.f16.safetensors \\
        --metrics build/verifier/joined/metrics.json \\
        --reference build/verifier/joined/reference.json
    python -m tools.verifier.premise_study \\
        --pairs passage=build/verifier/pairs.jsonl joined=build/verifier/joined/pairs.jsonl \\
        --weights joined=build/verifier/joined/weights.f16.safetensors \\
        shipped=grounding_sidecar/detection/verifier/weights/verifier-minilm-l6.f16.safetensors
"""

from __future__ import annotations

import argparse
import json
from pathlib import Path

import numpy as np

from grounding_sidecar.detection.embedding.minilm.export.safetensors_np import read_safetensors
from grounding_sidecar.detection.embedding.minilm.store import WEIGHTS, default_model_dir
from grounding_sidecar.evaluation.agreement import auroc
from tools.verifier.perturb import Label
from tools.verifier.torch_model import from_minilm, load_weights
from tools.verifier.train import SEED, encode_pairs, pair_tokenizer, probabilities

PARTS = ("calibration", "holdout")


def _named(items: list[str]) -> dict[str, Path]:
    return {name: Path(path) for name, _, path in (item.partition("=") for item in items)}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--pairs", nargs="+", required=True, help="name=pairs.jsonl")
    parser.add_argument("--weights", nargs="+", required=True, help="name=weights.safetensors")
    args = parser.parse_args()
    tokenizer = pair_tokenizer()
    base = read_safetensors(default_model_dir() / WEIGHTS.name)
    print("| weights | premise | set | " + " | ".join(PARTS) + " |")
    print("|---|---|---|" + "---|" * len(PARTS))
    for weights_name, weights_path in _named(args.weights).items():
        model = from_minilm(base, SEED)
        load_weights(model, read_safetensors(weights_path))
        for premise_name, pairs_path in _named(args.pairs).items():
            records = [
                r
                for line in pairs_path.read_text(encoding="utf-8").splitlines()
                if (r := json.loads(line))["rule"] == "real" and r["part"] in PARTS
            ]
            encoded = encode_pairs(tokenizer, [(r["premise"], r["hypothesis"]) for r in records])
            entailed = probabilities(model, encoded)[:, Label.ENTAILED]
            for dataset in sorted({r["dataset"] for r in records}):
                cells = []
                for part in PARTS:
                    rows = [
                        i
                        for i, r in enumerate(records)
                        if r["dataset"] == dataset and r["part"] == part
                    ]
                    labels = [records[i]["label"] == Label.ENTAILED for i in rows]
                    area = auroc(np.asarray(entailed)[rows].tolist(), labels)
                    cells.append("-" if area is None else f"{area:.3f} ({len(rows)})")
                row = " | ".join([weights_name, premise_name, dataset, *cells])
                print(f"| {row} |")


if __name__ == "__main__":
    main()
