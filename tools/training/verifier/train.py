"""Train the grounding verifier on CPU and write the shipped files: docs/verifier.md.

    python -m tools.training.verifier.train            (make train-verifier runs the whole chain)

Reads `build/verifier/pairs.jsonl` (tools/training/verifier/build_pairs.py), fine-tunes the
MiniLM-L6 encoder with a three-way head on the `verifier` pairs, one pass, seeded,
and writes:
  - the weights, fp16 safetensors (grounding_sidecar/detection/verifier/weights/);
  - its metrics on the held-out pairs (build/verifier/metrics.json, printed);
  - the fidelity reference: torch's probabilities on the 200 pairs of
    `own_text.fidelity_pairs`, computed from the fp16 weights as shipped
    (tests/detection/verifier/torch_reference.json), which the ONNX graph must match.
Needs the `train` extra (torch); nothing at run time does.
"""

from __future__ import annotations

import argparse
import json
import random
import time
from pathlib import Path

import numpy as np
import numpy.typing as npt
import torch
from tokenizers import Tokenizer

from grounding_sidecar.detection.embedding.minilm.export.safetensors_np import (
    read_safetensors,
    write_safetensors,
)
from grounding_sidecar.detection.embedding.minilm.store import TOKENIZER, WEIGHTS, default_model_dir
from grounding_sidecar.detection.verifier.store import SHIPPED_WEIGHTS_PATH, VERIFIER_MAX_TOKENS
from tools.training.verifier.metrics import report, write_metrics
from tools.training.verifier.own_text import fidelity_pairs
from tools.training.verifier.perturb import Label
from tools.training.verifier.torch_model import Verifier, export_weights, from_minilm, load_weights
from tools.training.verifier.wordnet import load_wordnet

ROOT = Path(__file__).resolve().parents[3]
REFERENCE_PATH = ROOT / "tests" / "detection" / "verifier" / "torch_reference.json"
SEED = 20261201


def pair_tokenizer() -> Tokenizer:
    tokenizer = Tokenizer.from_file(str(default_model_dir() / TOKENIZER.name))
    tokenizer.no_padding()
    tokenizer.enable_truncation(max_length=VERIFIER_MAX_TOKENS)
    return tokenizer


def encode_pairs(tokenizer: Tokenizer, pairs: list[tuple[str, str]]) -> list[list[int]]:
    return [list(e.ids) for e in tokenizer.encode_batch(pairs)]


def _batch(rows: list[list[int]]) -> tuple[torch.Tensor, torch.Tensor]:
    width = max(len(r) for r in rows)
    ids = torch.zeros((len(rows), width), dtype=torch.long)
    mask = torch.zeros((len(rows), width), dtype=torch.long)
    for i, row in enumerate(rows):
        ids[i, : len(row)] = torch.tensor(row)
        mask[i, : len(row)] = 1
    return ids, mask


def length_batches(lengths: list[int], size: int, rng: random.Random) -> list[list[int]]:
    """Shuffled, then sorted by length within windows of 50 batches: little padding,
    still random order."""
    order = list(range(len(lengths)))
    rng.shuffle(order)
    window = size * 50
    batches: list[list[int]] = []
    for start in range(0, len(order), window):
        chunk = sorted(order[start : start + window], key=lambda i: lengths[i])
        batches += [chunk[i : i + size] for i in range(0, len(chunk), size)]
    rng.shuffle(batches)
    return batches


def probabilities(model: Verifier, encoded: list[list[int]], size: int = 64) -> np.ndarray:
    model.eval()
    out = np.zeros((len(encoded), 3), np.float32)
    order = sorted(range(len(encoded)), key=lambda i: len(encoded[i]))
    with torch.no_grad():
        for start in range(0, len(order), size):
            rows = order[start : start + size]
            ids, mask = _batch([encoded[i] for i in rows])
            out[rows] = model(ids, mask).softmax(-1).numpy()
    return out


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--pairs", type=Path, default=ROOT / "build/verifier/pairs.jsonl")
    parser.add_argument("--out", type=Path, default=SHIPPED_WEIGHTS_PATH)
    parser.add_argument("--metrics", type=Path, default=ROOT / "build/verifier/metrics.json")
    parser.add_argument("--reference", type=Path, default=REFERENCE_PATH)
    parser.add_argument("--epochs", type=int, default=2)
    parser.add_argument("--batch", type=int, default=16)
    parser.add_argument("--lr", type=float, default=4e-5)
    parser.add_argument("--limit", type=int, help="first N training pairs (smoke runs)")
    parser.add_argument(
        "--real-copies",
        type=int,
        default=1,
        help="how many times each real (labelled) pair is trained on per epoch (a study)",
    )
    args = parser.parse_args()

    started = time.time()
    random.seed(SEED)
    np.random.seed(SEED)
    torch.manual_seed(SEED)
    torch.use_deterministic_algorithms(True)
    rng = random.Random(SEED)
    records = [json.loads(line) for line in args.pairs.read_text(encoding="utf-8").splitlines()]
    train = [r for r in records if r["part"] == "verifier"][: args.limit]
    train += [r for r in train if r["rule"] == "real"] * (args.real_copies - 1)
    holdout = [r for r in records if r["part"] == "holdout"]
    if args.limit:
        holdout = rng.sample(holdout, min(len(holdout), args.limit))
    tokenizer = pair_tokenizer()
    encoded = encode_pairs(tokenizer, [(r["premise"], r["hypothesis"]) for r in train])
    labels = torch.tensor([r["label"] for r in train])
    counts = torch.bincount(labels, minlength=3).float()
    class_weights = counts.sum() / (3 * counts.clamp(min=1))

    model = from_minilm(read_safetensors(default_model_dir() / WEIGHTS.name), SEED)
    optimiser = torch.optim.AdamW(model.parameters(), lr=args.lr, weight_decay=0.01)
    steps = args.epochs * -(-len(train) // args.batch)
    warmup = max(1, steps // 16)
    schedule = torch.optim.lr_scheduler.LambdaLR(
        optimiser, lambda s: min((s + 1) / warmup, max(0.0, (steps - s) / (steps - warmup)))
    )
    loss_fn = torch.nn.CrossEntropyLoss(weight=class_weights)
    step, seen, train_started = 0, 0, time.time()
    for _ in range(args.epochs):
        for rows in length_batches([len(e) for e in encoded], args.batch, rng):
            model.train()
            ids, mask = _batch([encoded[i] for i in rows])
            loss = loss_fn(model(ids, mask), labels[rows])
            optimiser.zero_grad()
            loss.backward()
            torch.nn.utils.clip_grad_norm_(model.parameters(), 1.0)
            optimiser.step()
            schedule.step()
            step += 1
            seen += len(rows)
            if step % 50 == 0 or step == steps:
                rate = seen / (time.time() - train_started)
                print(f"step {step}/{steps} loss {loss.item():.4f} {rate:.1f} pairs/s", flush=True)
    train_seconds = time.time() - train_started

    # What ships is fp16; every number below is measured on the weights as shipped.
    shipped: dict[str, npt.NDArray[np.generic]] = {
        k: v.astype(np.float16) for k, v in export_weights(model).items()
    }
    args.out.parent.mkdir(parents=True, exist_ok=True)
    write_safetensors(args.out, shipped)
    load_weights(model, shipped)
    holdout_encoded = encode_pairs(tokenizer, [(r["premise"], r["hypothesis"]) for r in holdout])
    metrics = {
        "seed": SEED,
        "training_pairs": len(train),
        "training_labels": {Label(k).name.lower(): int(n) for k, n in enumerate(counts.tolist())},
        "epochs": args.epochs,
        "real_copies": args.real_copies,
        "batch": args.batch,
        "lr": args.lr,
        "max_tokens": VERIFIER_MAX_TOKENS,
        "train_seconds": round(train_seconds, 1),
        "threads": torch.get_num_threads(),
        "holdout": report(holdout, probabilities(model, holdout_encoded)),
    }
    reference_pairs = fidelity_pairs(load_wordnet())
    reference_probs = probabilities(model, encode_pairs(tokenizer, reference_pairs))
    args.reference.parent.mkdir(parents=True, exist_ok=True)
    args.reference.write_text(
        json.dumps(
            [
                {"premise": p, "hypothesis": h, "probabilities": [round(float(x), 6) for x in row]}
                for (p, h), row in zip(reference_pairs, reference_probs, strict=True)
            ],
            indent=1,
        )
        + "\n",
        encoding="utf-8",
    )
    metrics["total_seconds"] = round(time.time() - started, 1)
    write_metrics(args.metrics, metrics)


if __name__ == "__main__":
    main()
