"""A small synthetic recording in the form `tools.studies.calibration_study` writes:
claims of every reported set and part whose scores follow their labels, so that every
fit has both classes and the recorded defaults reproduce at a threshold of 0.5.  The
claims and labels are the same whatever the seed, which draws the scores: two seeds
are two recordings of the same claims."""

from __future__ import annotations

from pathlib import Path

import numpy as np

from grounding_sidecar.detection.judging.features import FEATURES
from tools.studies.recording import REPORT_SETS

SETS = REPORT_SETS
PARTS = ("verifier", "calibration", "holdout")
CASES_PER_PART = 12
CLAIMS_PER_CASE = 2


def write_recording(path: Path, seed: int = 3, sets: tuple[str, ...] = SETS) -> Path:
    labels = np.random.default_rng(0)
    rng = np.random.default_rng(seed)
    rows: dict[str, list[object]] = {}
    case = 0
    for dataset in sets:
        for part in PARTS:
            for _ in range(CASES_PER_PART):
                failed = False
                for _ in range(CLAIMS_PER_CASE):
                    supported = bool(labels.random() < 0.5)
                    failed |= not supported
                    _claim(rows, rng, supported, dataset, part, case)
                rows.setdefault("response_failed", []).extend([failed] * CLAIMS_PER_CASE)
                case += 1
    columns = {key: np.asarray(values) for key, values in rows.items()}
    np.savez_compressed(path, **columns)  # type: ignore[arg-type]
    return path


def _claim(
    rows: dict[str, list[object]],
    rng: np.random.Generator,
    supported: bool,
    dataset: str,
    part: str,
    case: int,
) -> None:
    cosine = float(np.clip(rng.normal(0.75 if supported else 0.55, 0.1), 0.0, 1.0))
    entailed = float(np.clip(rng.normal(0.7 if supported else 0.3, 0.2), 0.01, 0.98))
    contradicted = (1.0 - entailed) * float(rng.random())
    best = (entailed, contradicted, 1.0 - entailed - contradicted)
    after_p = float(np.clip(cosine + rng.normal(0, 0.1), 0.0, 1.0))
    before_p = float(np.clip(cosine + rng.normal(0, 0.15), 0.0, 1.0))
    kept = bool(rng.random() < 0.9)
    kept_before = kept or bool(rng.random() < 0.5)
    values: dict[str, object] = {
        "explained": bool(rng.random() < 0.2),
        "features": rng.normal(cosine, 0.1, len(FEATURES)),
        "restated": 0.0,  # no addition rule fires: the addition study keeps every claim
        "added": 0,
        "best": best,
        "second": (np.nan, np.nan, np.nan) if rng.random() < 0.3 else best,
        "joined": best,
        "cosine": cosine,
        "after_supported": kept and after_p >= 0.5,
        "before_supported": kept_before and before_p >= 0.5,
        "after_p": after_p,
        "before_p": before_p,
        "kept_after": kept,
        "kept_before_addition": kept,
        "kept_before": kept_before,
        "dataset": dataset,
        "part": part,
        "case": case,
        "supported": supported,
        "contradictory": not supported and contradicted > 0.5,
        "has_response": dataset in ("summedits", "faithbench"),
        "grader_supported": kept and after_p >= 0.5,
    }
    for key, value in values.items():
        rows.setdefault(key, []).append(value)
