"""The NLI stage's loss on tiny tensors (torch, from the `train` extra: `make test` installs it)."""

from __future__ import annotations

import pytest
import torch

from tools.train_data import NliLabel, NliRecord
from tools.training.verifier import nli
from tools.training.verifier.perturb import Label

E, C, N = int(Label.ENTAILED), int(Label.CONTRADICTED), int(Label.NEITHER)


def _records(*labels: NliLabel) -> list[NliRecord]:
    return [NliRecord("p", "h", label, "snli-dev", "CC-BY-SA-4.0") for label in labels]


def test_labels_map_to_the_verifier_classes_and_not_entailed_to_none_of_them() -> None:
    records = _records(*NliLabel)
    assert nli.targets(records).tolist() == [E, N, C, nli.NOT_ENTAILED]
    assert nli.NOT_ENTAILED not in (E, C, N)
    assert nli.label_counts(records) == {label.value: 1 for label in NliLabel}


def test_three_label_records_are_cross_entropy() -> None:
    logits = torch.tensor([[1.0, -0.5, 0.3], [0.2, 0.9, -1.0], [0.0, 0.4, 2.0]])
    target = torch.tensor([E, C, N])
    expected = torch.nn.functional.cross_entropy(logits, target)
    assert torch.allclose(nli.nli_loss(logits, target), expected)


def test_not_entailed_is_minus_log_of_one_minus_p_entailed() -> None:
    logits = torch.tensor([[1.0, -0.5, 0.3], [-2.0, 0.9, -1.0]])
    target = torch.full((2,), nli.NOT_ENTAILED)
    p_entailed = logits.softmax(-1)[:, E]
    expected = -torch.log1p(-p_entailed).mean()
    assert torch.allclose(nli.nli_loss(logits, target), expected)


def test_a_not_entailed_step_lowers_p_entailed() -> None:
    logits = torch.tensor([[1.0, -0.5, 0.3]], requires_grad=True)
    nli.nli_loss(logits, torch.tensor([nli.NOT_ENTAILED])).backward()
    assert logits.grad is not None
    stepped = logits.detach() - 0.5 * logits.grad
    assert stepped.softmax(-1)[0, E] < logits.detach().softmax(-1)[0, E]


def _split_gradient(target: int) -> float:
    """The gradient of the loss with respect to the contradicted/neither split (the
    log-odds between them), P(entailed) held fixed."""
    entailed = torch.tensor(0.7)
    rest = torch.tensor(-0.2)  # log(P(contradicted) + P(neither)) up to the shared constant
    split = torch.tensor(0.8, requires_grad=True)
    share = torch.sigmoid(split)
    logits = torch.stack([entailed, rest + torch.log(share), rest + torch.log(1 - share)])
    nli.nli_loss(logits[None, :], torch.tensor([target])).backward()
    assert split.grad is not None
    return float(split.grad)


def test_not_entailed_leaves_the_contradicted_neither_split_untouched() -> None:
    assert _split_gradient(nli.NOT_ENTAILED) == pytest.approx(0.0, abs=1e-7)
    # A three-way label does move it: the test can see a split gradient.
    assert abs(_split_gradient(N)) > 0.1
    assert abs(_split_gradient(C)) > 0.1
