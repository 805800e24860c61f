"""Compare calibrated-scorer variants on the claims `tools.studies.calibration_study`
recorded: each variant is fitted on the calibration parts and its operating point
chosen there exactly as `tools.training.fit_calibration` does, then reported on the
held-out parts (and the measurement-only sets) beside the previous and the shipped
default.  With the recording, this is how a change to the scorer or to the rules after
it (`later_rules`: the addition rule, the contradiction override) is measured before it
ships, offline and in seconds.

    python -m tools.studies.calibration_variants [--addition] [--study build/study/claims.npz ...]
    python -m tools.studies.calibration_variants --study NEW.npz --against OLD.npz
    python -m tools.studies.calibration_variants --contradiction-bars
"""

from __future__ import annotations

import argparse
import json
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

import numpy as np

from grounding_sidecar.detection.judging.calibration import CalibratedModel, params_path
from grounding_sidecar.detection.judging.features import (
    FEATURE_NAMES,
    VERIFIER_LOGIT_CLIP,
    Feature,
)
from grounding_sidecar.evaluation.agreement import auroc
from grounding_sidecar.evaluation.calibration_fit import THRESHOLD_CANDIDATES
from grounding_sidecar.evaluation.fitting import fit_monotone_logistic
from tools.studies.calibration_study import OUT
from tools.studies.later_rules import addition_study, compare_recordings, contradiction_bars
from tools.studies.recording import (
    CONTRADICTED,
    ENTAILED,
    FIT_SETS,
    REPORT_SETS,
    VERIFIER_COLUMNS,
    BoolArray,
    Build,
    FloatArray,
    Scored,
    Study,
    lexical_features,
    logits,
    print_intervals,
    reading_column,
    recorded,
    report,
    set_scores,
    with_columns,
)

Fitted = tuple[FloatArray, FloatArray, FloatArray, float]  # mean, scale, weights, bias


def _log_odds(x: FloatArray, fitted: Fitted) -> FloatArray:
    mean, scale, weights, bias = fitted
    return np.asarray(((x - mean) / scale) @ weights + bias)


@dataclass(frozen=True)
class Variant:
    name: str
    build: Build
    uses_verifier: bool = True
    # "mean": fit_calibration's rule; "min_gain": the threshold whose smallest gain over
    # the previous default, over the fit sets' calibration parts, is largest.
    threshold_rule: str = "mean"


def _nothing(study: Study) -> tuple[FloatArray, tuple[Feature, ...]]:
    return np.zeros((len(study["case"]), 0)), ()


def _previous_logit(study: Study) -> FloatArray:
    """The previous default's log-odds (the shipped verifier-off parameters)."""
    model = CalibratedModel.from_json(json.loads(params_path("minilm").read_text(encoding="utf-8")))
    return model.log_odds(np.asarray(study["features"], dtype=np.float64))


def _lexical_stage(
    parts: tuple[str, ...], set_weights: dict[str, float]
) -> Callable[[Study], FloatArray]:
    """Log-odds of a lexical-only scorer fitted on these parts (no verifier reading:
    the verifier's own training part is fair game for the lexical features)."""

    def column(study: Study) -> FloatArray:
        x, features = lexical_features(study)
        rows = np.zeros(len(x), dtype=bool)
        for part in parts:
            rows |= _fit_rows(study, part)
        return _log_odds(x, _fit(study, x, features, rows, set_weights))

    return column


def _best_of(index: int, *keys: str) -> Callable[[Study], FloatArray]:
    """The largest of several readings' log-odds."""

    def column(study: Study) -> FloatArray:
        stacked = np.stack([logits(np.asarray(study[k], dtype=np.float64))[:, index] for k in keys])
        return np.asarray(stacked.max(axis=0), np.float64)

    return column


_TWO_PARTS = ("verifier", "calibration")


_BIGRAMS = FEATURE_NAMES.index("bigram_containment_sources")


def _where_reworded(key: str, index: int) -> Callable[[Study], FloatArray]:
    """A reading's log-odds times the share of the claim's bigrams no source has: the
    verifier's word weighs most where the claim's own words say least."""

    def column(study: Study) -> FloatArray:
        reworded = 1.0 - np.asarray(study["features"], dtype=np.float64)[:, _BIGRAMS]
        shifted = reading_column(key, index)(study) + VERIFIER_LOGIT_CLIP
        return np.asarray(shifted * reworded, np.float64)

    return column


VARIANTS = [
    Variant("no verifier (refit)", lexical_features, uses_verifier=False),
    Variant("shipped recipe", with_columns(*VERIFIER_COLUMNS)),
    Variant(
        "+ best of two passages",
        with_columns(
            *VERIFIER_COLUMNS, ("entailed_top2", _best_of(ENTAILED, "best", "second"), +1)
        ),
    ),
    Variant(
        "+ joined neighbours",
        with_columns(
            *VERIFIER_COLUMNS, ("entailed_joined", reading_column("joined", ENTAILED), +1)
        ),
    ),
    Variant(
        "+ two passages + joined",
        with_columns(
            *VERIFIER_COLUMNS,
            ("entailed_any", _best_of(ENTAILED, "best", "second", "joined"), +1),
        ),
    ),
    Variant(
        "+ entailed where reworded",
        with_columns(
            *VERIFIER_COLUMNS, ("entailed_reworded", _where_reworded("best", ENTAILED), +1)
        ),
    ),
    Variant(
        "+ both where reworded",
        with_columns(
            *VERIFIER_COLUMNS,
            ("entailed_reworded", _where_reworded("best", ENTAILED), +1),
            ("contradicted_reworded", _where_reworded("best", CONTRADICTED), -1),
        ),
    ),
    Variant(
        "previous log-odds + verifier",
        with_columns(("previous", _previous_logit, +1), *VERIFIER_COLUMNS, base=_nothing),
    ),
    Variant(
        "previous log-odds + verifier, min gain",
        with_columns(("previous", _previous_logit, +1), *VERIFIER_COLUMNS, base=_nothing),
        threshold_rule="min_gain",
    ),
    Variant(
        "previous log-odds + entailed, min gain",
        with_columns(("previous", _previous_logit, +1), VERIFIER_COLUMNS[0], base=_nothing),
        threshold_rule="min_gain",
    ),
    Variant(
        "two stages",
        with_columns(
            ("lexical", _lexical_stage(_TWO_PARTS, {}), +1), *VERIFIER_COLUMNS, base=_nothing
        ),
    ),
    Variant(
        "two stages, SummEdits x2",
        with_columns(
            ("lexical", _lexical_stage(_TWO_PARTS, {"summedits": 2.0}), +1),
            *VERIFIER_COLUMNS,
            base=_nothing,
        ),
    ),
]


def _operating_point(study: Study, p: FloatArray, rule: str = "mean") -> float:
    """ "mean": fit_calibration's rule, the best mean BAcc over the fit sets;
    "min_gain": the best smallest gain over the previous default."""
    previous = set_scores(study, recorded(study, "before")) if rule == "min_gain" else []

    def score(t: float) -> float:
        cells = set_scores(study, Scored(p, t))
        if rule == "min_gain":
            return min(c - b for c, b in zip(cells, previous, strict=True))
        return float(np.mean(cells))

    return max(THRESHOLD_CANDIDATES, key=score)


def _fit_rows(study: Study, part: str) -> BoolArray:
    rows = np.zeros(len(study["case"]), dtype=bool)
    for name in FIT_SETS:
        rows |= study.mask(name, part)
    return rows


def _fit(
    study: Study,
    x: FloatArray,
    features: tuple[Feature, ...],
    rows: BoolArray,
    set_weights: dict[str, float],
) -> Fitted:
    """fit_calibration's fit on `rows`: each set weighs the same (times `set_weights`)."""
    dataset = np.asarray(study["dataset"])
    weight = np.zeros(len(x))
    for name in FIT_SETS:
        in_set = rows & (dataset == name)
        if in_set.any():
            weight[in_set] = set_weights.get(name, 1.0) / in_set.sum()
    weight = weight[rows] * (rows.sum() / weight[rows].sum())
    supported = np.asarray(study["supported"], dtype=np.int_)
    return fit_monotone_logistic(
        x[rows], supported[rows], sample_weight=weight, feature_set=features
    )


def fit(study: Study, variant: Variant) -> Scored:
    x, features = variant.build(study)
    fitted = _fit(study, x, features, _fit_rows(study, "calibration"), {})
    p = 1.0 / (1.0 + np.exp(-_log_odds(x, fitted)))
    kept = np.asarray(study["kept_after" if variant.uses_verifier else "kept_before"], dtype=bool)
    p = np.where(kept, p, 0.0)
    return Scored(p, _operating_point(study, p, variant.threshold_rule))


def signals(study: Study) -> None:
    """Claim AUROC of P(entailed) on the best passage and of the best cosine alone, by
    part: how well each signal generalises beyond the data it was fitted on."""
    entailed = np.nan_to_num(np.asarray(study["best"], dtype=np.float64)[:, ENTAILED], nan=-1.0)
    columns = {"P(entailed)": entailed, "cosine": np.asarray(study["cosine"], np.float64)}
    print("\nclaim AUROC alone, parts verifier / calibration / holdout")
    for name in REPORT_SETS:
        cells = []
        for label, values in columns.items():
            areas = []
            for part in ("verifier", "calibration", "holdout"):
                rows = study.mask(name, part)
                labels = np.asarray(study["supported"], bool)[rows].tolist()
                area = auroc(values[rows].tolist(), labels) if rows.any() else None
                areas.append("-" if area is None else f"{area:.2f}")
            cells.append(f"{label} {' / '.join(areas)}")
        print(f"  {name}: " + "; ".join(cells))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--study", type=Path, nargs="+", default=[OUT])
    parser.add_argument("--addition", action="store_true", help="only the addition rule's study")
    parser.add_argument(
        "--contradiction-bars",
        action="store_true",
        help="only the contradiction override's bar, with its word conditions",
    )
    parser.add_argument(
        "--against",
        type=Path,
        help="an earlier recording of the same claims: compare its shipped default with this one's",
    )
    args = parser.parse_args()
    study = Study.load(args.study)
    if args.addition:
        addition_study(study, recorded(study, "after"))
        return
    if args.against is not None:
        compare_recordings(study, Study.load([args.against]))
        return
    if args.contradiction_bars:
        contradiction_bars(study, recorded(study, "after"))
        return
    rows = {"previous default": recorded(study, "before"), "shipped": recorded(study, "after")}
    for variant in VARIANTS:
        rows[variant.name] = fit(study, variant)
    for part in ("calibration", "holdout"):
        report(study, rows, part)
    signals(study)
    print_intervals(
        study, rows["previous default"], rows["shipped"], "shipped minus previous default"
    )


if __name__ == "__main__":
    main()
