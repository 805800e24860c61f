"""The paired bootstrap: groups drawn together, the interval, undefined draws left out."""

from __future__ import annotations

import numpy as np

from grounding_sidecar.evaluation.bootstrap import bootstrap_interval, group_members


def test_group_members_lists_each_groups_positions_in_sorted_group_order() -> None:
    members = group_members(["b", "a", "b", "c", "a"])
    assert [m.tolist() for m in members] == [[1, 4], [0, 2], [3]]
    assert group_members([]) == []


def test_interval_covers_a_constant_difference_exactly() -> None:
    assert bootstrap_interval(5, lambda drawn: 2.0, draws=50, seed=1) == (2.0, 2.0)


def test_interval_of_a_mean_brackets_the_mean_and_is_seeded() -> None:
    values = np.array([0.0, 1.0, 2.0, 3.0, 4.0, 5.0, 6.0, 7.0])

    def mean(drawn: np.ndarray) -> float:
        return float(values[drawn].mean())

    low, high = bootstrap_interval(len(values), mean, draws=500, seed=3) or (0.0, 0.0)
    assert low < 3.5 < high
    assert high - low < 4
    assert bootstrap_interval(len(values), mean, draws=500, seed=3) == (low, high)


def test_draws_where_the_difference_is_undefined_are_left_out() -> None:
    assert bootstrap_interval(4, lambda drawn: None, draws=20, seed=0) is None
    assert bootstrap_interval(0, lambda drawn: 1.0, draws=20, seed=0) is None
    only_some = bootstrap_interval(4, lambda drawn: 1.0 if 0 in drawn else None, draws=200, seed=0)
    assert only_some == (1.0, 1.0)
