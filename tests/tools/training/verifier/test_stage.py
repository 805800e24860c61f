"""One fine-tuning stage: the seeded batch order, the padding, and a short pass on a
tiny model (torch, from the `train` extra: `make test` installs it)."""

from __future__ import annotations

import random

import torch

from tools.training.verifier import stage, train
from tools.training.verifier.stage import StagePlan
from tools.training.verifier.torch_model import Verifier


def test_length_batches_cover_every_row_once_in_seeded_order() -> None:
    lengths = [random.Random(1).randrange(5, 60) for _ in range(300)]
    first = stage.length_batches(lengths, 16, random.Random(train.SEED))
    again = stage.length_batches(lengths, 16, random.Random(train.SEED))
    assert first == again
    assert sorted(i for batch in first for i in batch) == list(range(300))
    assert all(len(batch) <= 16 for batch in first)


def test_rows_are_padded_to_the_longest_with_a_mask() -> None:
    ids, mask = stage.padded([[5, 6, 7], [8]])
    assert ids.tolist() == [[5, 6, 7], [8, 0, 0]]
    assert mask.tolist() == [[1, 1, 1], [1, 0, 0]]


def _tiny_run() -> tuple[stage.StageReport, dict[str, torch.Tensor]]:
    torch.manual_seed(3)
    torch.use_deterministic_algorithms(True)
    model = Verifier(vocab=20, positions=8)
    encoded = [[1, 2, 3], [4, 5], [6, 7, 8, 9], [10], [11, 12]]
    labels = torch.tensor([0, 1, 2, 0, 1])

    def loss_of(logits: torch.Tensor, rows: list[int]) -> torch.Tensor:
        return torch.nn.functional.cross_entropy(logits, labels[rows])

    report = stage.fine_tune(
        model, encoded, loss_of, StagePlan("tiny", 2, 2, 1e-3), random.Random(5)
    )
    return report, {k: v.detach().clone() for k, v in model.state_dict().items()}


def test_a_stage_reports_its_pairs_and_steps_and_is_deterministic() -> None:
    report, weights = _tiny_run()
    assert (report.pairs, report.epochs, report.steps) == (5, 2, 6)
    recorded = report.as_dict()
    assert recorded["pairs"] == 5 and recorded["steps"] == 6
    assert recorded["pairs_per_second"] > 0
    _, again = _tiny_run()
    assert all(torch.equal(weights[k], again[k]) for k in weights)
