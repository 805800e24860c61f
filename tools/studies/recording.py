"""A recording of `tools.studies.calibration_study` (build/study/claims.npz) and what
the calibration studies measure on it: the scorer's features built from its columns,
BAcc and AUROC per set and part, the fit sets' calibration scores weighed as
`tools.training.fit_calibration` weighs them, the defaults as the grader ran them, and
paired-bootstrap intervals between two scorers."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

import numpy as np
import numpy.typing as npt

from grounding_sidecar.detection.judging.features import (
    FEATURES,
    VERIFIER_LOGIT_CLIP,
    Feature,
    clipped_log_odds,
)
from grounding_sidecar.evaluation.agreement import auroc, balanced_accuracy
from grounding_sidecar.evaluation.bootstrap import bootstrap_interval, group_members
from grounding_sidecar.evaluation.calibration_fit import THRESHOLD_CANDIDATES

FloatArray = npt.NDArray[np.float64]
BoolArray = npt.NDArray[np.bool_]
FIT_SETS = ("attrbench", "factcheckgpt", "wice", "summedits", "rag")
REPORT_SETS = (
    "attrbench",
    "factcheckgpt",
    "wice",
    "summedits",
    "feversym",
    "faithbench",
    "rewrites",
    "rag",
)
RESPONSE_SETS = frozenset({"summedits", "faithbench"})


@dataclass(frozen=True)
class Study:
    columns: dict[str, npt.NDArray[np.generic]]

    @classmethod
    def load(cls, paths: list[Path]) -> Study:
        """One study from several recordings (their case numbers kept apart)."""
        parts: list[dict[str, npt.NDArray[np.generic]]] = []
        offset = 0
        for path in paths:
            with np.load(path) as data:
                columns = {key: data[key] for key in data.files}
            columns["case"] = np.asarray(columns["case"]) + offset
            offset = int(np.max(columns["case"])) + 1
            parts.append(columns)
        common = set.intersection(*(set(p) for p in parts))
        return cls({key: np.concatenate([p[key] for p in parts]) for key in sorted(common)})

    def __getitem__(self, key: str) -> npt.NDArray[np.generic]:
        return self.columns[key]

    def mask(self, dataset: str, part: str | None) -> BoolArray:
        rows = self["dataset"] == dataset
        if part is not None and dataset not in ("feversym", "faithbench"):
            rows &= self["part"] == part
        return np.asarray(rows, dtype=bool)


def logits(readings: FloatArray) -> FloatArray:
    """The scorer's log-odds of each reading; a reading not taken counts as the clip's
    floor, as `features.verifier_features` has it."""
    return np.where(np.isnan(readings), -VERIFIER_LOGIT_CLIP, clipped_log_odds(readings))


Build = Callable[[Study], tuple[FloatArray, tuple[Feature, ...]]]


def lexical_features(study: Study) -> tuple[FloatArray, tuple[Feature, ...]]:
    return np.asarray(study["features"], dtype=np.float64), FEATURES


Column = tuple[str, Callable[[Study], FloatArray], int]


def with_columns(*parts: Column, base: Build = lexical_features) -> Build:
    """`base`'s features and these columns (name, values, direction)."""

    def build(study: Study) -> tuple[FloatArray, tuple[Feature, ...]]:
        x, features = base(study)
        columns = [x] + [column(study)[:, None] for _, column, _ in parts]
        extra = tuple(Feature(name, direction) for name, _, direction in parts)
        return np.hstack(columns), features + extra

    return build


def reading_column(key: str, index: int) -> Callable[[Study], FloatArray]:
    return lambda study: logits(np.asarray(study[key], dtype=np.float64))[:, index]


ENTAILED, CONTRADICTED = 0, 1


VERIFIER_COLUMNS: tuple[Column, ...] = (
    ("entailed", reading_column("best", ENTAILED), +1),
    ("contradicted", reading_column("best", CONTRADICTED), -1),
)


@dataclass(frozen=True)
class Scored:
    p: FloatArray  # P(supported), 0 where a later rule takes support away
    threshold: float


def _flagged(scored: Scored, rows: BoolArray) -> BoolArray:
    return np.asarray(scored.p[rows] < scored.threshold, dtype=bool)


def response_bacc(study: Study, scored: Scored, rows: BoolArray) -> float | None:
    flagged = _flagged(scored, rows)
    cases = np.asarray(study["case"])[rows]
    failed = np.asarray(study["response_failed"], dtype=bool)[rows]
    has = np.asarray(study["has_response"], dtype=bool)[rows]
    unique, index = np.unique(cases, return_inverse=True)
    any_flagged = np.zeros(len(unique), dtype=bool)
    np.logical_or.at(any_flagged, index, flagged)
    label = np.zeros(len(unique), dtype=bool)
    label[index] = failed
    keep = np.zeros(len(unique), dtype=bool)
    keep[index] = has
    return balanced_accuracy(any_flagged[keep], label[keep])


def claim_bacc(study: Study, scored: Scored, rows: BoolArray) -> float | None:
    unsupported = ~np.asarray(study["supported"], dtype=bool)[rows]
    return balanced_accuracy(_flagged(scored, rows), unsupported)


def set_scores(study: Study, scored: Scored) -> list[float]:
    """BAcc of each fit set's calibration part (SummEdits: the mean of its claim and
    response BAcc), as fit_calibration weighs them."""
    cells = []
    for name in FIT_SETS:
        rows = study.mask(name, "calibration")
        claim = claim_bacc(study, scored, rows) or 0.0
        if name == "summedits":
            claim = (claim + (response_bacc(study, scored, rows) or 0.0)) / 2
        cells.append(claim)
    return cells


def recorded(study: Study, which: str) -> Scored:
    """The previous (`before`) or shipped (`after`) default as the grader ran it: its
    verdicts exactly.  A claim a rule overruled gets P 0 here, under every threshold
    tried; the grader reports the calibrated scorer's probability under its threshold
    (judgement.OVERRULED_SHARE), which orders such claims but never decides them, so
    AUROC replayed from a recording ranks them lower than the grader does."""
    kept = np.asarray(study[f"kept_{which}"], dtype=bool)
    p = np.where(kept, np.asarray(study[f"{which}_p"], dtype=np.float64), 0.0)
    supported = np.asarray(study[f"{which}_supported"], dtype=bool)
    # The threshold is the one that reproduces the grader's verdicts.
    for t in THRESHOLD_CANDIDATES:
        if np.array_equal(p >= t, supported):
            return Scored(p, t)
    raise SystemExit(f"{which}: no threshold reproduces the grader's verdicts")


def report(study: Study, rows: dict[str, Scored], part: str) -> None:
    header = []
    for name in REPORT_SETS:
        header.append(name)
        if name in RESPONSE_SETS:
            header.append(f"{name} resp")
    print(f"\n{part} parts, BAcc % (claim AUROC in brackets)")
    print("| variant | t | " + " | ".join(header) + " |")
    print("|---" * (2 + len(header)) + "|")
    for label, scored in rows.items():
        cells = []
        for name in REPORT_SETS:
            mask = study.mask(name, part)
            if not mask.any():
                cells.append("-")
                if name in RESPONSE_SETS:
                    cells.append("-")
                continue
            claim = claim_bacc(study, scored, mask)
            labels = np.asarray(study["supported"], bool)[mask].tolist()
            area = auroc(scored.p[mask].tolist(), labels)
            cells.append(f"{100 * (claim or 0):.1f} ({area or 0:.3f})")
            if name in RESPONSE_SETS:
                cells.append(f"{100 * (response_bacc(study, scored, mask) or 0):.1f}")
        print(f"| {label} | {scored.threshold:.2f} | " + " | ".join(cells) + " |")


def paired_interval(
    study: Study,
    first: Scored,
    second: Scored,
    name: str,
    *,
    responses: bool = False,
    draws: int = 2000,
    seed: int = 7,
) -> tuple[float, float, float]:
    """`second` minus `first` in held-out claim (or response) BAcc, in points, with a 95%
    interval from a paired bootstrap over cases (a case's claims stay together, as the
    split keeps them)."""
    rows = np.flatnonzero(study.mask(name, "holdout"))
    members = [rows[group] for group in group_members(np.asarray(study["case"])[rows])]
    measure = response_bacc if responses else claim_bacc

    def difference(chosen: npt.NDArray[np.int_]) -> float:
        picked = np.concatenate([members[i] for i in chosen])
        sample = Study({key: np.asarray(v)[picked] for key, v in study.columns.items()})
        # Each drawn case gets a number of its own: a case drawn twice counts twice.
        sizes = [len(members[i]) for i in chosen]
        sample.columns["case"] = np.repeat(np.arange(len(chosen)), sizes)
        everything = np.ones(len(picked), dtype=bool)
        a = measure(sample, Scored(first.p[picked], first.threshold), everything) or 0.0
        b = measure(sample, Scored(second.p[picked], second.threshold), everything) or 0.0
        return 100 * (b - a)

    interval = bootstrap_interval(len(members), difference, draws=draws, seed=seed)
    assert interval is not None  # `difference` is defined on every draw
    return difference(np.arange(len(members))), *interval


def print_intervals(study: Study, first: Scored, second: Scored, title: str) -> None:
    """`second` minus `first` on every held-out set, with paired-bootstrap intervals."""
    print(f"\n{title}, held-out claim BAcc, paired bootstrap 95%:")
    for name in REPORT_SETS[:-1]:
        if not study.mask(name, "holdout").any():
            continue  # a set the recording left out (`calibration_study --sets`)
        mid, low, high = paired_interval(study, first, second, name)
        print(f"  {name}: {mid:+.1f} ({low:+.1f} to {high:+.1f})")
        if name in RESPONSE_SETS:
            mid, low, high = paired_interval(study, first, second, name, responses=True)
            print(f"  {name} responses: {mid:+.1f} ({low:+.1f} to {high:+.1f})")
