"""One fine-tuning stage of the verifier: `train` runs the NLI stage (nli.py) and then
the claim-pair stage through the same loop.  Each stage has its own AdamW optimiser and
its own schedule (linear warm-up over the first sixteenth of its steps, then linear
decay to zero), so the claim stage trains exactly as it does without the NLI stage,
only from the weights the NLI stage left.  The batch order comes from the caller's
seeded `random.Random`; torch's own seed and deterministic algorithms are set by
`train`."""

from __future__ import annotations

import random
import time
from collections.abc import Callable
from dataclasses import dataclass

import torch

from tools.training.verifier.torch_model import Verifier

# The loss of one batch: the model's logits and the rows (indices into the stage's
# pairs) they were computed for.
BatchLoss = Callable[[torch.Tensor, list[int]], torch.Tensor]


def padded(rows: list[list[int]]) -> tuple[torch.Tensor, torch.Tensor]:
    """Token ids padded with zeros to the longest row, and the attention mask."""
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


@dataclass(frozen=True, slots=True)
class StageReport:
    """What metrics.json records of a stage, so a full run can be sized from a smoke run."""

    pairs: int
    epochs: int
    steps: int
    seconds: float

    def as_dict(self) -> dict[str, float | int]:
        rate = self.pairs * self.epochs / self.seconds if self.seconds else 0.0
        return {
            "pairs": self.pairs,
            "epochs": self.epochs,
            "steps": self.steps,
            "seconds": round(self.seconds, 1),
            "pairs_per_second": round(rate, 2),
        }


@dataclass(frozen=True, slots=True)
class StagePlan:
    name: str
    epochs: int
    batch: int
    lr: float


def _schedule(optimiser: torch.optim.Optimizer, steps: int) -> torch.optim.lr_scheduler.LambdaLR:
    warmup = max(1, steps // 16)
    decay = max(1, steps - warmup)  # a one-step run warms up and decays in that step
    return torch.optim.lr_scheduler.LambdaLR(
        optimiser, lambda s: min((s + 1) / warmup, max(0.0, (steps - s) / decay))
    )


def fine_tune(
    model: Verifier,
    encoded: list[list[int]],
    loss_of: BatchLoss,
    plan: StagePlan,
    rng: random.Random,
) -> StageReport:
    """Train `model` in place on the tokenised pairs `encoded` for `plan.epochs` passes."""
    optimiser = torch.optim.AdamW(model.parameters(), lr=plan.lr, weight_decay=0.01)
    steps = plan.epochs * -(-len(encoded) // plan.batch)
    schedule = _schedule(optimiser, steps)
    step, seen, started = 0, 0, time.time()
    for _ in range(plan.epochs):
        for rows in length_batches([len(e) for e in encoded], plan.batch, rng):
            model.train()
            ids, mask = padded([encoded[i] for i in rows])
            loss = loss_of(model(ids, mask), rows)
            optimiser.zero_grad()
            loss.backward()
            torch.nn.utils.clip_grad_norm_(model.parameters(), 1.0)
            optimiser.step()
            schedule.step()
            step += 1
            seen += len(rows)
            if step % 50 == 0 or step == steps:
                rate = seen / (time.time() - started)
                print(
                    f"{plan.name} step {step}/{steps} loss {loss.item():.4f} {rate:.1f} pairs/s",
                    flush=True,
                )
    return StageReport(len(encoded), plan.epochs, steps, time.time() - started)
