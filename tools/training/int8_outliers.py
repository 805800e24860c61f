"""Find the input channels the int8 MiniLM graph multiplies in fp32, and write
`grounding_sidecar/detection/embedding/minilm/export/int8_outliers.json`.

The int8 graph (`bert_int8`) quantises each token's activations with one scale, its
largest absolute value.  A channel far above the others takes that scale for itself
and leaves the rest a few levels.  This script builds the int8 graph with no channel
kept in fp32, reads the input of every feed-forward product on texts of the licensed
NLI training pairs (../shared/train/README.md: SNLI, MultiNLI and the others, premises
and hypotheses, a seeded sample), and lists each product's `--per-product` channels
with the largest absolute value seen.  The attention output projection's inputs have
no such channel (largest 3.2 against a median of 0.8 in the first layer), so it keeps
none.

    python -m tools.training.int8_outliers [--texts 400] [--per-product 2] [--seed 0]

Then `grounding-sidecar model fetch` builds the graph with the new list; its sha256
pin (`minilm/store.py`, INT8_GRAPH) has to move with it.  The inputs it reads are the
int8 graph's own, so they are the shipped list's only on a CPU with int8 dot-product
instructions: without them onnxruntime's kernels saturate, later layers' inputs move,
and the script says so (docs/embedders.md#without-int8-dot-products).
"""

from __future__ import annotations

import argparse
import json
import random
import sys
from pathlib import Path

import numpy as np
import onnxruntime as ort
from onnx import TensorProto, helper

from grounding_sidecar.common.cpus import int8_dot_products
from grounding_sidecar.detection.embedding.minilm.export.bert_int8 import (
    OUTLIERS_FILE,
    PRODUCT_INPUT_SUFFIX,
    build_int8_model,
)
from grounding_sidecar.detection.embedding.minilm.export.safetensors_np import read_safetensors
from grounding_sidecar.detection.embedding.minilm.runtime import (
    MAX_TOKENS,
    load_tokenizer,
    pad_sequences,
)
from grounding_sidecar.detection.embedding.minilm.store import (
    TOKENIZER,
    WEIGHTS,
    resolve_model_dir,
)
from tools.train_data import load_nli, nli_path

PRODUCTS_WITH_OUTLIERS = ("ffn_in", "ffn_out")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--texts", type=int, default=400)
    parser.add_argument("--per-product", type=int, default=2)
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--out", type=Path, default=OUTLIERS_FILE)
    args = parser.parse_args()

    if not int8_dot_products():
        print(
            "warning: this CPU has no int8 dot-product instructions; the int8 kernels "
            "saturate, so the channels found are not the shipped graph's",
            file=sys.stderr,
        )
    texts = sample_texts(args.texts, args.seed)
    largest = largest_inputs(texts)
    channels = {
        name: sorted(int(c) for c in np.argsort(-values, kind="stable")[: args.per_product])
        for name, values in largest.items()
        if name.split("_", 1)[1] in PRODUCTS_WITH_OUTLIERS
    }
    record = {
        "about": "input channels of the int8 MiniLM graph's products kept in fp32 "
        "(bert_int8.py); written by tools/training/int8_outliers.py",
        "texts": f"{len(texts)} premises and hypotheses of ../shared/train/nli.jsonl, "
        f"seed {args.seed}",
        "per_product": args.per_product,
        "channels": channels,
    }
    args.out.write_text(json.dumps(record, indent=1) + "\n")
    for name, chosen in channels.items():
        values = np.sort(largest[name])[::-1]
        shown = [round(float(v), 1) for v in values[:4]]
        print(f"{name}: {chosen} (largest {shown}, median {float(np.median(values)):.2f})")


def sample_texts(count: int, seed: int) -> list[str]:
    records = load_nli(nli_path())
    texts = sorted({t for r in records for t in (r.premise, r.hypothesis)})
    return random.Random(seed).sample(texts, count)


def largest_inputs(texts: list[str]) -> dict[str, np.ndarray]:
    """Each int8 product's largest absolute input value per channel, over `texts`."""
    model_dir = resolve_model_dir()
    model = build_int8_model(read_safetensors(model_dir / WEIGHTS.name), outliers={})
    inputs = [o for n in model.graph.node for o in n.output if o.endswith(PRODUCT_INPUT_SUFFIX)]
    for name in inputs:
        model.graph.output.append(helper.make_tensor_value_info(name, TensorProto.FLOAT, None))
    session = ort.InferenceSession(model.SerializeToString(), providers=["CPUExecutionProvider"])
    tokenizer = load_tokenizer(model_dir / TOKENIZER.name, MAX_TOKENS)
    largest: dict[str, np.ndarray] = {}
    for encoding in tokenizer.encode_batch(texts):
        ids, mask = pad_sequences([encoding.ids])  # one text a run: no padding rows
        outputs = session.run(inputs, {"input_ids": ids, "attention_mask": mask})
        for name, values in zip(inputs, outputs, strict=True):
            product = name.removesuffix(PRODUCT_INPUT_SUFFIX)
            seen = np.abs(values).reshape(-1, values.shape[-1]).max(axis=0)
            largest[product] = np.maximum(largest.get(product, seen), seen)
    return largest


if __name__ == "__main__":
    main()
