"""The verifier's NLI stage: docs/verifier.md#nli-pre-training.

Before the claim pairs, the verifier learns what entailment is from the licensed,
human-labelled NLI pairs of tools/train_data.py.  Three-label records train the
three-way head with cross-entropy (entailment, contradiction, neutral map to ENTAILED,
CONTRADICTED, NEITHER).  A two-label `not_entailment` record says only that the
hypothesis is not entailed: it trains P(entailed) against the other two classes
together, loss = -log(1 - P(entailed)), which is the same whichever of the two holds
the probability, so it never teaches the split between them.  A two-label
`entailment` record is -log P(entailed), the same loss as a three-label one.
No class weights: the pairs train in the proportions the sources give (of 67,070:
23,099 entailment, 13,326 contradiction, 13,119 neutral, 17,526 not_entailment); the
claim stage after it is class-weighted.
"""

from __future__ import annotations

import torch

from tools.train_data import NliLabel, NliRecord
from tools.training.verifier.perturb import Label

# The target of a two-label `not_entailment` record: one past the three classes.
NOT_ENTAILED = len(Label)
TARGETS = {
    NliLabel.ENTAILMENT: int(Label.ENTAILED),
    NliLabel.CONTRADICTION: int(Label.CONTRADICTED),
    NliLabel.NEUTRAL: int(Label.NEITHER),
    NliLabel.NOT_ENTAILED: NOT_ENTAILED,
}
_OTHERS = [int(Label.CONTRADICTED), int(Label.NEITHER)]


def targets(records: list[NliRecord]) -> torch.Tensor:
    return torch.tensor([TARGETS[r.label] for r in records], dtype=torch.long)


def nli_loss(logits: torch.Tensor, target: torch.Tensor) -> torch.Tensor:
    """Mean loss of a batch: cross-entropy for the three classes, -log(1 - P(entailed))
    (the log of P(contradicted) + P(neither)) for NOT_ENTAILED."""
    log_probs = logits.log_softmax(-1)
    two_label = target == NOT_ENTAILED
    three_way = -log_probs.gather(1, target.clamp(max=NOT_ENTAILED - 1)[:, None])[:, 0]
    not_entailed = -log_probs[:, _OTHERS].logsumexp(-1)
    return torch.where(two_label, not_entailed, three_way).mean()


def label_counts(records: list[NliRecord]) -> dict[str, int]:
    return {label.value: sum(r.label is label for r in records) for label in NliLabel}
