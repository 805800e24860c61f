"""The monotone logistic fit behind the calibrated scorer's parameters
(calibration_fit.py: `grounding-sidecar calibrate --fit` and
`tools/training/fit_calibration.py`).  Never used at run time: the server only loads
parameters (`detection/judging/calibration.py`)."""

from __future__ import annotations

from collections.abc import Sequence

import numpy as np
import numpy.typing as npt

from grounding_sidecar.detection.judging.features import FEATURES, Feature

FloatArray = npt.NDArray[np.float64]


def fit_monotone_logistic(
    features: FloatArray,
    supported: npt.NDArray[np.int_],
    *,
    sample_weight: FloatArray | None = None,
    feature_set: Sequence[Feature] = FEATURES,
    l2: float = 1.0,
    iterations: int = 4000,
    learning_rate: float = 0.5,
) -> tuple[FloatArray, FloatArray, FloatArray, float]:
    """Projected gradient descent on standardised features.

    Returns (mean, scale, weights, bias).  After every step each weight is
    clipped to its feature's direction (zero if the data pull the other way).
    """
    mean = features.mean(axis=0)
    # A feature constant over the data carries nothing; scale 1 keeps it finite (a scale
    # near zero would be written as 0 in the parameter file and divide by it there).
    spread = features.std(axis=0)
    scale = np.where(spread > 1e-6, spread, 1.0)
    x = (features - mean) / scale
    y = supported.astype(np.float64)
    weight = np.ones(len(y)) if sample_weight is None else sample_weight.astype(np.float64)
    total = weight.sum()
    directions = np.array([feature.direction for feature in feature_set], dtype=np.float64)
    coefficients = np.zeros(x.shape[1])
    bias = 0.0
    for _ in range(iterations):
        probability = 1.0 / (1.0 + np.exp(-(x @ coefficients + bias)))
        residual = (probability - y) * weight
        coefficients -= learning_rate * (x.T @ residual / total + l2 * coefficients / total)
        bias -= learning_rate * residual.sum() / total
        coefficients = np.where(
            directions > 0, np.maximum(coefficients, 0.0), np.minimum(coefficients, 0.0)
        )
    return mean, scale, coefficients, float(bias)
