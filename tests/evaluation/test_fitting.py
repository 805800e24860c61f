"""Fitting the calibrated scorer: monotone in each feature's direction."""

from __future__ import annotations

import numpy as np

from grounding_sidecar.detection.judging.calibration import CalibratedModel
from grounding_sidecar.detection.judging.features import FEATURE_NAMES, FEATURES
from grounding_sidecar.evaluation.agreement import auroc
from grounding_sidecar.evaluation.fitting import fit_monotone_logistic


def test_fit_keeps_every_weight_on_its_features_side() -> None:
    rng = np.random.default_rng(0)
    x = rng.normal(size=(400, len(FEATURES)))
    # Labels that pull feature 0 (direction +1) the wrong way and feature 6 the right way.
    logits = -2.0 * x[:, 0] - 1.5 * x[:, 6]
    y = (rng.random(400) < 1 / (1 + np.exp(-logits))).astype(int)
    _, _, weights, _ = fit_monotone_logistic(x, y)
    directions = np.array([f.direction for f in FEATURES])
    assert np.all(weights * directions >= 0)
    assert weights[0] == 0.0  # clipped, not reversed
    assert weights[6] < -0.3  # learned where the direction allows it


def test_fit_separates_a_separable_signal() -> None:
    rng = np.random.default_rng(1)
    x = rng.normal(size=(300, len(FEATURES)))
    y = (x[:, 0] > 0).astype(int)
    mean, scale, weights, bias = fit_monotone_logistic(x, y)
    model = CalibratedModel("tag", FEATURE_NAMES, mean, scale, weights, bias, 0.5, "test")
    assert auroc(model.probability(x), y.astype(bool)) > 0.95


def test_a_constant_feature_gets_scale_one_and_the_model_stays_finite() -> None:
    rng = np.random.default_rng(2)
    x = rng.normal(size=(200, len(FEATURES)))
    x[:, 3] = 0.25  # e.g. no claim in the data has a number
    y = (x[:, 0] > 0).astype(int)
    mean, scale, weights, bias = fit_monotone_logistic(x, y)
    assert scale[3] == 1.0
    model = CalibratedModel("tag", FEATURE_NAMES, mean, scale, weights, bias, 0.5, "test")
    reloaded = CalibratedModel.from_json(model.to_json())
    assert np.isfinite(reloaded.probability(x)).all()
