"""Experiment: a small interaction head over the embedder's frozen MiniLM token states.

    python -m tools.verifier.interaction_head [--limit N] [--holdout 4000] [--epochs 10]

The shipped verifier (tools/verifier/train.py) is a cross-encoder: a second MiniLM pass
over each (premise, hypothesis) pair.  This measures a cheaper design.  The `minilm`
embedder already computes the last hidden state of every premise and hypothesis for
retrieval (`MiniLMEmbedder.token_states`), so a head that only reads those states, each
text encoded on its own, would verify without a second encoder pass.

The head (well under 1M parameters): project the frozen 384-d states (plus an exact
token-match flag) to 128-d; one multi-head cross-attention layer from each side to the
other; ESIM-style composition of [x; a; x - a; x * a]; mean+max pooling of both sides;
an MLP to the three classes (entailed, contradicted, neither).  Trained with
class-weighted cross entropy on the `verifier` pairs of build/verifier/pairs.jsonl,
seeded, fixed epochs (no model selection on the holdout).

Measures on the `holdout` pairs (a seeded sample of --holdout of them), in the form of
train.py's `report`: accuracy, recall per class, entailed-vs-not balanced accuracy,
accuracy by rule and by dataset; plus the head's inference cost per pair (batch of 32,
the encoder excluded) and, for reference, the encoder's cost per text as the embedder
runs it.  Writes build/verifier/interaction_head.json and prints it.
"""

from __future__ import annotations

import argparse
import json
import random
import statistics
import time
from collections.abc import Sequence
from pathlib import Path
from typing import Any

import numpy as np
import numpy.typing as npt
import torch
from torch import nn

from grounding_sidecar.detection.embedding.minilm.runtime import MiniLMEmbedder, TokenStates
from tools.verifier.perturb import Label
from tools.verifier.train import length_batches, report, write_metrics

ROOT = Path(__file__).resolve().parents[2]
SEED = 20261201
MAX_TOKENS = 128  # per text, [CLS] and [SEP] included
STATE_DIM = 384
SPECIALS = frozenset({"[CLS]", "[SEP]", "[PAD]"})

# One text's cached input: hidden states (tokens x 384, float16 to halve memory) and
# its token strings (for the exact-match flag).
Cached = tuple[npt.NDArray[np.float16], list[str]]


def _truncated_states(embedder: MiniLMEmbedder, text: str, state: TokenStates) -> TokenStates:
    """The text cut so that it encodes to at most MAX_TOKENS tokens, then re-encoded (the
    states of a cut text differ from the first rows of the whole text's states)."""
    if len(state.tokens) <= MAX_TOKENS:
        return state
    end = state.offsets[MAX_TOKENS - 2][1]  # last word piece that fits before [SEP]
    (short,) = embedder.token_states([text[:end]])
    if len(short.tokens) <= MAX_TOKENS:
        return short
    keep = MAX_TOKENS - 1  # a cut that re-tokenised longer: keep the rows, end on [SEP]
    hidden = np.concatenate([short.hidden[:keep], short.hidden[-1:]])
    return TokenStates(
        short.tokens[:keep] + short.tokens[-1:], short.offsets[:keep] + short.offsets[-1:], hidden
    )


def encode_texts(
    embedder: MiniLMEmbedder, texts: Sequence[str], chunk: int = 256
) -> tuple[dict[str, Cached], float]:
    """Token states of each distinct text, and the encoder's seconds per text."""
    unique = sorted(set(texts))
    cache: dict[str, Cached] = {}
    started = time.perf_counter()
    for start in range(0, len(unique), chunk):
        batch = unique[start : start + chunk]
        for text, state in zip(batch, embedder.token_states(batch), strict=True):
            state = _truncated_states(embedder, text, state)
            cache[text] = (state.hidden.astype(np.float16), list(state.tokens))
        done = start + len(batch)
        if done % (chunk * 20) == 0 or done == len(unique):
            rate = done / (time.perf_counter() - started)
            print(f"token states {done}/{len(unique)} {rate:.1f} texts/s", flush=True)
    seconds = time.perf_counter() - started
    return cache, seconds / max(1, len(unique))


def _side(cached: list[Cached], others: list[Cached]) -> tuple[torch.Tensor, torch.Tensor]:
    """Padded (batch, tokens, 385) inputs, states plus exact-match flag, and the mask."""
    width = max(len(c[1]) for c in cached)
    x = torch.zeros((len(cached), width, STATE_DIM + 1))
    mask = torch.zeros((len(cached), width), dtype=torch.bool)
    for i, ((hidden, tokens), (_, other)) in enumerate(zip(cached, others, strict=True)):
        n = len(tokens)
        x[i, :n, :STATE_DIM] = torch.from_numpy(hidden.astype(np.float32))
        vocabulary = set(other) - SPECIALS
        flags = [1.0 if t in vocabulary else 0.0 for t in tokens]
        x[i, :n, STATE_DIM] = torch.tensor(flags)
        mask[i, :n] = True
    return x, mask


Batch = tuple[torch.Tensor, torch.Tensor, torch.Tensor, torch.Tensor]


def make_batch(cache: dict[str, Cached], pairs: Sequence[dict[str, Any]]) -> Batch:
    premises = [cache[p["premise"]] for p in pairs]
    hypotheses = [cache[p["hypothesis"]] for p in pairs]
    p, p_mask = _side(premises, hypotheses)
    h, h_mask = _side(hypotheses, premises)
    return p, p_mask, h, h_mask


class InteractionHead(nn.Module):
    """Cross-attention + ESIM composition over two frozen token-state sequences."""

    def __init__(self, dim: int = 128, heads: int = 4, dropout: float = 0.1) -> None:
        super().__init__()
        self.project = nn.Sequential(nn.Linear(STATE_DIM + 1, dim), nn.LayerNorm(dim))
        self.attend = nn.MultiheadAttention(dim, heads, dropout=dropout, batch_first=True)
        self.compose = nn.Sequential(
            nn.Linear(4 * dim, dim), nn.GELU(), nn.Dropout(dropout), nn.LayerNorm(dim)
        )
        self.classify = nn.Sequential(
            nn.Linear(4 * dim, 2 * dim), nn.GELU(), nn.Dropout(dropout), nn.Linear(2 * dim, 3)
        )
        self.dropout = nn.Dropout(dropout)

    def _compare(
        self, x: torch.Tensor, other: torch.Tensor, x_mask: torch.Tensor, other_mask: torch.Tensor
    ) -> torch.Tensor:
        aligned, _ = self.attend(x, other, other, key_padding_mask=~other_mask, need_weights=False)
        composed: torch.Tensor = self.compose(torch.cat([x, aligned, x - aligned, x * aligned], -1))
        keep = x_mask.unsqueeze(-1)
        mean = (composed * keep).sum(1) / keep.sum(1).clamp(min=1)
        top = composed.masked_fill(~keep, float("-inf")).max(1).values
        return torch.cat([mean, top], -1)

    def forward(
        self, p: torch.Tensor, p_mask: torch.Tensor, h: torch.Tensor, h_mask: torch.Tensor
    ) -> torch.Tensor:
        p = self.dropout(self.project(p))
        h = self.dropout(self.project(h))
        hypothesis_side = self._compare(h, p, h_mask, p_mask)
        premise_side = self._compare(p, h, p_mask, h_mask)
        logits: torch.Tensor = self.classify(torch.cat([hypothesis_side, premise_side], -1))
        return logits


def probabilities(
    model: InteractionHead,
    cache: dict[str, Cached],
    pairs: Sequence[dict[str, Any]],
    size: int = 128,
) -> npt.NDArray[np.float32]:
    model.eval()
    out = np.zeros((len(pairs), 3), np.float32)
    order = sorted(range(len(pairs)), key=lambda i: len(cache[pairs[i]["premise"]][1]))
    with torch.no_grad():
        for start in range(0, len(order), size):
            rows = order[start : start + size]
            out[rows] = model(*make_batch(cache, [pairs[i] for i in rows])).softmax(-1).numpy()
    return out


def head_ms_per_pair(
    model: InteractionHead,
    cache: dict[str, Cached],
    pairs: Sequence[dict[str, Any]],
    rng: random.Random,
    size: int = 32,
    repeats: int = 30,
) -> dict[str, Any]:
    """Milliseconds per pair of the head alone, batches of `size` random holdout pairs,
    inputs already padded (the encoder and the padding excluded), on 1 and 2 threads."""
    model.eval()
    batches = [make_batch(cache, rng.sample(list(pairs), size)) for _ in range(repeats)]
    result: dict[str, Any] = {"batch": size, "repeats": repeats}
    threads = torch.get_num_threads()
    with torch.no_grad():
        for count in (1, 2):
            torch.set_num_threads(count)
            for batch in batches[:3]:
                model(*batch)
            timings: list[float] = []
            for batch in batches:
                started = time.perf_counter()
                model(*batch)
                timings.append((time.perf_counter() - started) * 1000 / size)
            result[f"threads_{count}"] = {
                "median_ms_per_pair": round(statistics.median(timings), 4),
                "mean_ms_per_pair": round(statistics.mean(timings), 4),
            }
    torch.set_num_threads(threads)
    return result


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--pairs", type=Path, default=ROOT / "build/verifier/pairs.jsonl")
    parser.add_argument("--out", type=Path, default=ROOT / "build/verifier/interaction_head.json")
    parser.add_argument("--limit", type=int, help="first N training pairs (and N holdout pairs)")
    parser.add_argument("--holdout", type=int, default=4000, help="seeded holdout sample size")
    parser.add_argument("--epochs", type=int, default=10)
    parser.add_argument("--batch", type=int, default=32)
    parser.add_argument("--lr", type=float, default=1e-3)
    parser.add_argument("--dim", type=int, default=128)
    parser.add_argument(
        "--threads",
        type=int,
        default=2,
        help="torch and onnxruntime threads (1 if cores are shared)",
    )
    args = parser.parse_args()

    started = time.time()
    torch.set_num_threads(args.threads)
    random.seed(SEED)
    np.random.seed(SEED)
    torch.manual_seed(SEED)
    rng = random.Random(SEED)
    records = [json.loads(line) for line in args.pairs.read_text(encoding="utf-8").splitlines()]
    train = [r for r in records if r["part"] == "verifier"][: args.limit]
    holdout = [r for r in records if r["part"] == "holdout"]
    sample = min(len(holdout), args.limit or args.holdout)
    holdout = rng.sample(holdout, sample)

    embedder = MiniLMEmbedder(intra_op_threads=args.threads)
    texts = [r[k] for r in train + holdout for k in ("premise", "hypothesis")]
    cache, encoder_seconds_per_text = encode_texts(embedder, texts)
    encode_seconds = time.time() - started

    labels = torch.tensor([r["label"] for r in train])
    counts = torch.bincount(labels, minlength=3).float()
    class_weights = counts.sum() / (3 * counts.clamp(min=1))
    model = InteractionHead(args.dim)
    parameters = sum(p.numel() for p in model.parameters())
    print(f"head parameters {parameters}", flush=True)
    optimiser = torch.optim.AdamW(model.parameters(), lr=args.lr, weight_decay=0.01)
    steps = args.epochs * -(-len(train) // args.batch)
    warmup = max(1, steps // 20)
    schedule = torch.optim.lr_scheduler.LambdaLR(
        optimiser, lambda s: min((s + 1) / warmup, max(0.0, (steps - s) / (steps - warmup)))
    )
    loss_fn = nn.CrossEntropyLoss(weight=class_weights)
    train_started = time.time()
    epoch_losses: list[float] = []
    for epoch in range(args.epochs):
        losses: list[float] = []
        lengths = [len(cache[p["premise"]][1]) + len(cache[p["hypothesis"]][1]) for p in train]
        for rows in length_batches(lengths, args.batch, rng):
            model.train()
            loss = loss_fn(model(*make_batch(cache, [train[i] for i in rows])), labels[rows])
            optimiser.zero_grad()
            loss.backward()
            torch.nn.utils.clip_grad_norm_(model.parameters(), 1.0)
            optimiser.step()
            schedule.step()
            losses.append(loss.item())
        epoch_losses.append(round(statistics.mean(losses), 4))
        elapsed = time.time() - train_started
        print(f"epoch {epoch + 1}/{args.epochs} loss {epoch_losses[-1]} {elapsed:.0f}s", flush=True)
    train_seconds = time.time() - train_started

    holdout_report = report(holdout, probabilities(model, cache, holdout))
    metrics = {
        "design": "frozen MiniLM token states (premise, hypothesis encoded separately) "
        "+ cross-attention/ESIM interaction head",
        "seed": SEED,
        "training_pairs": len(train),
        "training_labels": {Label(k).name.lower(): int(n) for k, n in enumerate(counts.tolist())},
        "holdout_sampled": len(holdout),
        "max_tokens_per_text": MAX_TOKENS,
        "distinct_texts_encoded": len(cache),
        "head_parameters": parameters,
        "dim": args.dim,
        "epochs": args.epochs,
        "batch": args.batch,
        "lr": args.lr,
        "threads": args.threads,
        "epoch_losses": epoch_losses,
        "encode_seconds": round(encode_seconds, 1),
        "encoder_ms_per_text_batch1": round(1000 * encoder_seconds_per_text, 3),
        "train_seconds": round(train_seconds, 1),
        "head_cost": head_ms_per_pair(model, cache, holdout, rng),
        "holdout": holdout_report,
        "confusion_note": "confusion keys are true->predicted (0 entailed, 1 contradicted, "
        "2 neither)",
    }
    metrics["total_seconds"] = round(time.time() - started, 1)
    write_metrics(args.out, metrics)


if __name__ == "__main__":
    main()
