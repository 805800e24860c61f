"""Train the grounding verifier on CPU and write the shipped files: docs/verifier.md.

    python -m tools.training.verifier.train            (make train-verifier runs the whole chain)

Two stages in one seeded run, from the MiniLM-L6 encoder with a three-way head:
  1. NLI (nli.py): the licensed NLI pairs of tools/train_data.py, `--nli-epochs` passes
     (default one).  Read from `--nli PATH`, by default nli.jsonl in
     GROUNDING_SIDECAR_TRAIN_DIR (<repo>/../shared/train).  Without that file the run
     stops with an error rather than quietly train a different model; `--nli none`
     skips the stage on purpose (the recipe before NLI pre-training).
  2. Claims: the `verifier` pairs of `build/verifier/pairs.jsonl`
     (tools/training/verifier/build_pairs.py), class-weighted cross-entropy, `--epochs`.
Each stage has its own optimiser and warm-up/decay schedule (stage.py).  The shipped
weights are `--nli-share` of the NLI stage's weights and the rest of the claim stage's
(average.py; 0 ships the claim stage's as they end).  `--mixed`
trains one stage instead: the NLI and claim pairs shuffled together, `--nli-epochs`
passes, every pair under the NLI loss (no class weights), a recipe to measure against
the two stages (docs/verifier.md#nli-pre-training).  Two options build the scorer's
reader measured in docs/verifier.md#the-nli-stage-as-the-scorers-reader-measured-and-not-shipped:
`--start WEIGHTS` starts from weights this script wrote (the NLI stage's, with
`--nli none`) instead of the bare encoder, and `--without-swaps` leaves out the claim
pairs that change one word or value to contradict their premise.  It writes:
  - the weights, fp16 safetensors (grounding_sidecar/detection/verifier/weights/), and
    the NLI stage's alone (build/verifier/nli-stage.f16.safetensors, for studies);
  - its metrics on the held-out pairs and each stage's pairs, seconds and pairs/s
    (build/verifier/metrics.json, printed);
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
from typing import Any

import numpy as np
import torch
from tokenizers import Tokenizer

from grounding_sidecar.detection.embedding.minilm.export.safetensors_np import (
    read_safetensors,
    write_safetensors,
)
from grounding_sidecar.detection.embedding.minilm.store import TOKENIZER, WEIGHTS, default_model_dir
from grounding_sidecar.detection.verifier.store import SHIPPED_WEIGHTS_PATH, VERIFIER_MAX_TOKENS
from tools.train_data import NliRecord, load_nli, nli_path
from tools.training.verifier import nli
from tools.training.verifier.average import Weights, as_shipped, averaged
from tools.training.verifier.metrics import report, write_metrics
from tools.training.verifier.own_text import fidelity_pairs
from tools.training.verifier.perturb import CONTRADICTING, Label
from tools.training.verifier.stage import StagePlan, StageReport, fine_tune, padded
from tools.training.verifier.torch_model import Verifier, export_weights, from_minilm, load_weights
from tools.training.verifier.wordnet import load_wordnet

ROOT = Path(__file__).resolve().parents[3]
REFERENCE_PATH = ROOT / "tests" / "detection" / "verifier" / "torch_reference.json"
SEED = 20261201
SKIP_NLI = "none"
# The NLI stage's share of the shipped weights (average.py).
NLI_SHARE = 0.0


def pair_tokenizer() -> Tokenizer:
    tokenizer = Tokenizer.from_file(str(default_model_dir() / TOKENIZER.name))
    tokenizer.no_padding()
    tokenizer.enable_truncation(max_length=VERIFIER_MAX_TOKENS)
    return tokenizer


def encode_pairs(tokenizer: Tokenizer, pairs: list[tuple[str, str]]) -> list[list[int]]:
    return [list(e.ids) for e in tokenizer.encode_batch(pairs)]


def probabilities(model: Verifier, encoded: list[list[int]], size: int = 64) -> np.ndarray:
    model.eval()
    out = np.zeros((len(encoded), 3), np.float32)
    order = sorted(range(len(encoded)), key=lambda i: len(encoded[i]))
    with torch.no_grad():
        for start in range(0, len(order), size):
            rows = order[start : start + size]
            ids, mask = padded([encoded[i] for i in rows])
            out[rows] = model(ids, mask).softmax(-1).numpy()
    return out


def is_swap(rule: str) -> bool:
    """Whether a claim pair's rule changes one word or value to contradict its premise
    (perturb.CONTRADICTING, and the templates' swaps, "template:<group>")."""
    return rule in CONTRADICTING or rule.startswith("template:")


def _arguments() -> argparse.Namespace:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--pairs", type=Path, default=ROOT / "build/verifier/pairs.jsonl")
    parser.add_argument("--out", type=Path, default=SHIPPED_WEIGHTS_PATH)
    parser.add_argument(
        "--nli-stage-out", type=Path, default=ROOT / "build/verifier/nli-stage.f16.safetensors"
    )
    parser.add_argument("--metrics", type=Path, default=ROOT / "build/verifier/metrics.json")
    parser.add_argument("--reference", type=Path, default=REFERENCE_PATH)
    parser.add_argument("--epochs", type=int, default=2, help="passes over the claim pairs")
    parser.add_argument("--batch", type=int, default=16)
    parser.add_argument("--lr", type=float, default=4e-5, help="peak rate of both stages")
    parser.add_argument("--limit", type=int, help="first N training pairs (smoke runs)")
    parser.add_argument(
        "--real-copies",
        type=int,
        default=1,
        help="how many times each real (labelled) pair is trained on per epoch (a study)",
    )
    parser.add_argument(
        "--nli",
        help=f"the NLI pairs (default: {nli_path()}); '{SKIP_NLI}' skips the NLI stage",
    )
    parser.add_argument("--nli-epochs", type=int, default=1, help="passes over the NLI pairs")
    parser.add_argument("--nli-limit", type=int, help="a seeded sample of N NLI pairs (smoke runs)")
    parser.add_argument(
        "--nli-share",
        type=float,
        default=NLI_SHARE,
        help="the NLI stage's share of the shipped weights, 0 to 1 (average.py)",
    )
    parser.add_argument(
        "--start",
        type=Path,
        help="start from these weights (fp16 safetensors this script wrote) instead of MiniLM",
    )
    parser.add_argument(
        "--without-swaps",
        action="store_true",
        help="leave out the claim pairs that swap one word or value (is_swap)",
    )
    parser.add_argument(
        "--mixed",
        action="store_true",
        help="one stage: the NLI and claim pairs shuffled together, --nli-epochs passes",
    )
    args = parser.parse_args()
    if args.mixed and args.nli == SKIP_NLI:
        parser.error(f"--mixed trains on the NLI pairs: it cannot take --nli {SKIP_NLI}")
    if not 0.0 <= args.nli_share <= 1.0:
        parser.error(f"--nli-share is a share, 0 to 1, not {args.nli_share}")
    if args.nli_share and (args.mixed or args.nli == SKIP_NLI):
        parser.error("--nli-share averages with the NLI stage: two stages, the NLI pairs")
    if args.nli != SKIP_NLI:
        path = Path(args.nli) if args.nli else nli_path()
        if not path.is_file():
            parser.error(
                f"no NLI pairs at {path}: set GROUNDING_SIDECAR_TRAIN_DIR, pass --nli PATH, "
                f"or --nli {SKIP_NLI} to train without the NLI stage (a different model)"
            )
        args.nli = path
    return args


def _nli_records(args: argparse.Namespace) -> list[NliRecord]:
    if args.nli == SKIP_NLI:
        return []
    records = load_nli(args.nli)
    if args.nli_limit is not None:
        # A sample across every source: the file is ordered by source.
        records = random.Random(SEED).sample(records, min(len(records), args.nli_limit))
    return records


def _nli_stage(
    model: Verifier, tokenizer: Tokenizer, args: argparse.Namespace, rng: random.Random
) -> dict[str, Any]:
    records = _nli_records(args)
    if not records:
        return {"skipped": True}
    encoded = encode_pairs(tokenizer, [(r.premise, r.hypothesis) for r in records])
    target = nli.targets(records)
    plan = StagePlan("nli", args.nli_epochs, args.batch, args.lr)
    done = fine_tune(
        model, encoded, lambda logits, rows: nli.nli_loss(logits, target[rows]), plan, rng
    )
    return {"path": str(args.nli), "labels": nli.label_counts(records), **done.as_dict()}


def _mixed_stage(
    model: Verifier,
    tokenizer: Tokenizer,
    claims: tuple[list[list[int]], torch.Tensor],
    args: argparse.Namespace,
    rng: random.Random,
) -> dict[str, Any]:
    """The NLI pairs and the claim pairs in one shuffled stage, under the NLI loss."""
    records = _nli_records(args)
    encoded, labels = claims
    nli_encoded = encode_pairs(tokenizer, [(r.premise, r.hypothesis) for r in records])
    target = torch.cat([nli.targets(records), labels])
    plan = StagePlan("mixed", args.nli_epochs, args.batch, args.lr)
    done = fine_tune(
        model,
        nli_encoded + encoded,
        lambda logits, rows: nli.nli_loss(logits, target[rows]),
        plan,
        rng,
    )
    return {
        "path": str(args.nli),
        "nli_pairs": len(records),
        "claim_pairs": len(encoded),
        **done.as_dict(),
    }


def _stages(
    model: Verifier,
    tokenizer: Tokenizer,
    claims: tuple[list[list[int]], torch.Tensor],
    args: argparse.Namespace,
    rng: random.Random,
) -> tuple[dict[str, dict[str, Any]], Weights | None]:
    """Train `model` in place by the chosen recipe; each stage's report, and the
    weights the NLI stage left (fp16; None without a separate NLI stage)."""
    if args.mixed:
        return {"mixed": _mixed_stage(model, tokenizer, claims, args, rng)}, None
    nli_stage = _nli_stage(model, tokenizer, args, rng)
    nli_weights = None if nli_stage.get("skipped") else as_shipped(export_weights(model))
    claim_stage = _claim_stage(model, *claims, args, rng)
    return {"nli": nli_stage, "claims": claim_stage.as_dict()}, nli_weights


def _claim_stage(
    model: Verifier,
    encoded: list[list[int]],
    labels: torch.Tensor,
    args: argparse.Namespace,
    rng: random.Random,
) -> StageReport:
    counts = torch.bincount(labels, minlength=3).float()
    loss_fn = torch.nn.CrossEntropyLoss(weight=counts.sum() / (3 * counts.clamp(min=1)))
    plan = StagePlan("claims", args.epochs, args.batch, args.lr)
    return fine_tune(model, encoded, lambda logits, rows: loss_fn(logits, labels[rows]), plan, rng)


def _write_reference(model: Verifier, tokenizer: Tokenizer, path: Path) -> None:
    pairs = fidelity_pairs(load_wordnet())
    probs = probabilities(model, encode_pairs(tokenizer, pairs))
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(
        json.dumps(
            [
                {"premise": p, "hypothesis": h, "probabilities": [round(float(x), 6) for x in row]}
                for (p, h), row in zip(pairs, probs, strict=True)
            ],
            indent=1,
        )
        + "\n",
        encoding="utf-8",
    )


def main() -> None:
    args = _arguments()
    started = time.time()
    random.seed(SEED)
    np.random.seed(SEED)
    torch.manual_seed(SEED)
    torch.use_deterministic_algorithms(True)
    rng = random.Random(SEED)
    records = [json.loads(line) for line in args.pairs.read_text(encoding="utf-8").splitlines()]
    train = [
        r
        for r in records
        if r["part"] == "verifier" and not (args.without_swaps and is_swap(r["rule"]))
    ][: args.limit]
    train += [r for r in train if r["rule"] == "real"] * (args.real_copies - 1)
    holdout = [r for r in records if r["part"] == "holdout"]
    if args.limit:
        holdout = rng.sample(holdout, min(len(holdout), args.limit))
    tokenizer = pair_tokenizer()
    encoded = encode_pairs(tokenizer, [(r["premise"], r["hypothesis"]) for r in train])
    labels = torch.tensor([r["label"] for r in train])

    model = from_minilm(read_safetensors(default_model_dir() / WEIGHTS.name), SEED)
    if args.start is not None:
        load_weights(model, read_safetensors(args.start))
    stages, nli_weights = _stages(model, tokenizer, (encoded, labels), args, rng)

    # What ships is fp16; every number below is measured on the weights as shipped.
    shipped = as_shipped(export_weights(model))
    if nli_weights is not None:
        args.nli_stage_out.parent.mkdir(parents=True, exist_ok=True)
        write_safetensors(args.nli_stage_out, nli_weights)
        shipped = averaged(nli_weights, shipped, args.nli_share)
    args.out.parent.mkdir(parents=True, exist_ok=True)
    write_safetensors(args.out, shipped)
    load_weights(model, shipped)
    holdout_encoded = encode_pairs(tokenizer, [(r["premise"], r["hypothesis"]) for r in holdout])
    counts = torch.bincount(labels, minlength=3).tolist()
    metrics = {
        "seed": SEED,
        "training_pairs": len(train),
        "training_labels": {Label(k).name.lower(): int(n) for k, n in enumerate(counts)},
        "epochs": args.epochs,
        "real_copies": args.real_copies,
        "batch": args.batch,
        "lr": args.lr,
        "nli_share": args.nli_share,
        "start": None if args.start is None else str(args.start),
        "without_swaps": args.without_swaps,
        "max_tokens": VERIFIER_MAX_TOKENS,
        "stages": stages,
        "train_seconds": round(sum(stage.get("seconds", 0.0) for stage in stages.values()), 1),
        "threads": torch.get_num_threads(),
        "holdout": report(holdout, probabilities(model, holdout_encoded)),
    }
    _write_reference(model, tokenizer, args.reference)
    metrics["total_seconds"] = round(time.time() - started, 1)
    write_metrics(args.metrics, metrics)


if __name__ == "__main__":
    main()
