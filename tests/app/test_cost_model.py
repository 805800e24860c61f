"""The cost model: seconds per character, from the checks that completed."""

from __future__ import annotations

from grounding_sidecar.app.cost_model import CostModel


def test_the_cost_model_learns_from_completed_checks() -> None:
    model = CostModel()
    assert model.estimate(1000) == 0.0  # unknown until a check completed
    model.observe(1000, 0.5)
    assert model.estimate(1000) == 0.5
    model.observe(2000, 1.0)
    model.observe(100, 20.0)  # one stalled check does not move the median
    assert model.estimate(1000) == 0.5
