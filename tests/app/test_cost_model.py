"""The cost model: seconds per character, from the checks that completed."""

from __future__ import annotations

from grounding_sidecar.app.cost_model import CostModel


def test_the_cost_model_learns_from_completed_checks() -> None:
    model = CostModel()
    assert model.estimate(1000) == 0.0  # unknown until a check completed
    model.observe(1000, 0.5, check=True)
    assert model.estimate(1000) == 0.5
    model.observe(2000, 1.0, check=True)
    model.observe(100, 20.0, check=True)  # one stalled check does not move the median
    assert model.estimate(1000) == 0.5


def test_the_tail_is_what_nine_checks_in_ten_stay_under() -> None:
    model = CostModel(0.001)
    for seconds in (1.0, 1.0, 1.2):  # too few checks to read a tail: the median
        model.observe(1000, seconds, check=True)
    assert model.estimate_tail(1000) == model.estimate(1000) == 1.0
    for seconds in (0.9, 0.8, 1.0, 1.1, 1.3, 1.4, 5.0, 0.95):
        model.observe(1000, seconds, check=True)
    # 11 checks: the 10th of them in order of cost (nearest rank of 0.9 x 11).
    assert abs(model.estimate(1000) - 1.0) < 1e-9
    assert abs(model.estimate_tail(1000) - 1.4) < 1e-9


def test_steps_ahead_of_a_check_move_the_median_but_not_the_checks_tail() -> None:
    model = CostModel()
    for _ in range(10):
        model.observe(1000, 1.0, check=True)  # checks: 1 ms a character
    for _ in range(20):
        model.observe(100, 1.0, check=False)  # sentences the verifier read: 10 ms
    assert abs(model.estimate(1000) - 10.0) < 1e-9  # the window's median: mostly steps
    assert abs(model.estimate_tail(1000) - 1.0) < 1e-9  # the checks' own
