"""The metrics the calibrated scorer is judged by: AUROC and balanced accuracy."""

from __future__ import annotations

import itertools

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from grounding_sidecar.evaluation.agreement import auroc, balanced_accuracy


@settings(max_examples=200, deadline=None)
@given(st.lists(st.tuples(st.integers(0, 5), st.booleans()), min_size=2, max_size=30))
def test_auroc_equals_the_pairwise_definition(pairs: list[tuple[int, bool]]) -> None:
    scores = [float(s) for s, _ in pairs]
    labels = [label for _, label in pairs]
    positives = [s for s, label in pairs if label]
    negatives = [s for s, label in pairs if not label]
    result = auroc(scores, labels)
    if not positives or not negatives:
        assert result is None
        return
    wins = sum(
        1.0 if p > n else 0.5 if p == n else 0.0 for p, n in itertools.product(positives, negatives)
    )
    assert result == pytest.approx(wins / (len(positives) * len(negatives)))


def test_balanced_accuracy() -> None:
    assert balanced_accuracy([True, False, False, False], [True, True, False, False]) == 0.75
    assert balanced_accuracy([True], [True]) is None
