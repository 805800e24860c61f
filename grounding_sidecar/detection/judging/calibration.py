"""The calibrated scorer: evidence features -> P(supported), with shipped parameters.

A small logistic model over `features.FEATURES`, each weight constrained to its
feature's direction.  Parameters live in `params/calibrated-<embedder>.json`,
are fitted by `tools/training/fit_calibration.py` (with `evaluation/fitting.py`) on
redistributable data only, and
name the embedder version they were fitted for: loading them for another model
is an error, never a silent mismatch.  The metric definition version names the
parameter file by hash, so results under different parameters never mix.
"""

from __future__ import annotations

import hashlib
import json
from dataclasses import dataclass
from functools import cached_property
from pathlib import Path
from typing import Any

import numpy as np
import numpy.typing as npt

from grounding_sidecar.detection.embedding.base import (
    Embedder,
    EmbedderUnavailable,
    weights_tag,
)
from grounding_sidecar.detection.judging.features import FEATURE_NAMES, FEATURES_WITH_VERIFIER
from grounding_sidecar.detection.verifier.model import shipped_version_tag

PARAMS_DIR = Path(__file__).parent / "params"
CALIBRATION_VERSION = "cal-v1"

FloatArray = npt.NDArray[np.float64]


@dataclass(frozen=True)
class CalibratedModel:
    embedder_tag: str
    features: tuple[str, ...]
    mean: FloatArray
    scale: FloatArray
    weights: FloatArray
    bias: float
    threshold: float  # P(supported) a claim needs
    fitted_on: str
    verifier_tag: str | None = None  # the verifier whose probabilities are features

    def __post_init__(self) -> None:
        expected = _feature_names(self.verifier_tag is not None)
        if self.features != expected:
            raise ValueError(f"parameters are for features {self.features}, not {expected}")
        arrays = (self.mean, self.scale, self.weights)
        if any(a.shape != (len(expected),) or not np.isfinite(a).all() for a in arrays):
            raise ValueError(f"mean, scale and weights need {len(expected)} finite numbers each")
        if (self.scale <= 0).any():
            raise ValueError("every scale must be positive")

    @property
    def uses_verifier(self) -> bool:
        return self.verifier_tag is not None

    @cached_property
    def tag(self) -> str:
        digest = hashlib.sha256(json.dumps(self.to_json(), sort_keys=True).encode()).hexdigest()
        return f"{CALIBRATION_VERSION}@{digest[:8]}"

    def probability(self, features: FloatArray) -> FloatArray:
        """P(supported) for one feature vector or a matrix of them."""
        return np.asarray(1.0 / (1.0 + np.exp(-self.log_odds(features))), dtype=np.float64)

    def log_odds(self, features: npt.NDArray[np.float64]) -> npt.NDArray[np.float64]:
        """The linear part of `probability`: log P / (1 - P)."""
        return np.asarray(((features - self.mean) / self.scale) @ self.weights + self.bias)

    def to_json(self) -> dict[str, Any]:
        return {
            "version": CALIBRATION_VERSION,
            "embedder_tag": self.embedder_tag,
            "features": list(self.features),
            "mean": [round(float(v), 6) for v in self.mean],
            "scale": [round(float(v), 6) for v in self.scale],
            "weights": [round(float(v), 6) for v in self.weights],
            "bias": round(float(self.bias), 6),
            "threshold": round(float(self.threshold), 4),
            "fitted_on": self.fitted_on,
            **({"verifier_tag": self.verifier_tag} if self.verifier_tag else {}),
        }

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> CalibratedModel:
        return cls(
            embedder_tag=str(data["embedder_tag"]),
            features=tuple(data["features"]),
            mean=np.asarray(data["mean"], dtype=np.float64),
            scale=np.asarray(data["scale"], dtype=np.float64),
            weights=np.asarray(data["weights"], dtype=np.float64),
            bias=float(data["bias"]),
            threshold=float(data["threshold"]),
            fitted_on=str(data["fitted_on"]),
            verifier_tag=str(data["verifier_tag"]) if data.get("verifier_tag") else None,
        )


def _feature_names(with_verifier: bool) -> tuple[str, ...]:
    return tuple(f.name for f in FEATURES_WITH_VERIFIER) if with_verifier else FEATURE_NAMES


def params_path(embedder_name: str, *, with_verifier: bool = False) -> Path:
    suffix = "+verifier" if with_verifier else ""
    return PARAMS_DIR / f"calibrated-{embedder_name}{suffix}.json"


def load_calibration_file(
    path: Path | str,
    embedder: Embedder,
    verifier_tag: str | None = None,
    *,
    refit: str = "`grounding-sidecar calibrate --fit`",
) -> CalibratedModel:
    """Parameters fitted for exactly this embedder and verifier (None: fitted without
    one), or `EmbedderUnavailable` naming how to `refit` them."""
    try:
        model = CalibratedModel.from_json(json.loads(Path(path).read_text(encoding="utf-8")))
    except (OSError, UnicodeDecodeError, ValueError, KeyError, TypeError) as exc:
        raise EmbedderUnavailable(f"calibration {path} is not usable: {exc}") from exc
    # Fitted for the weights: the fp32 fit serves the int8 graph of the same weights.
    if weights_tag(model.embedder_tag) != weights_tag(embedder.version_tag):
        raise EmbedderUnavailable(
            f"calibration {path} was fitted for {model.embedder_tag}, not "
            f"{embedder.version_tag}; refit it with {refit}"
        )
    if model.verifier_tag != verifier_tag:
        raise EmbedderUnavailable(
            f"calibration {path} was fitted for verifier {model.verifier_tag or 'off'}, not "
            f"{verifier_tag or 'off'}; refit it with {refit}"
        )
    return model


def load_calibration(embedder: Embedder, verifier_tag: str | None = None) -> CalibratedModel:
    """The shipped parameters for this exact embedder and verifier, or
    `EmbedderUnavailable`.  The verifier's probabilities are features only for the
    shipped verifier, whose parameters were fitted on them; with any other (a team's
    own checker, docs/own-checker.md#calibration) the verifier-off parameters apply,
    and its readings act through the overrides alone."""
    if verifier_tag is not None and verifier_tag != shipped_version_tag():
        verifier_tag = None
    path = params_path(embedder.name, with_verifier=verifier_tag is not None)
    return load_calibration_file(
        path, embedder, verifier_tag, refit="tools/training/fit_calibration.py"
    )
