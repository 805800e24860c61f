"""Compare calibrated-scorer variants on the claims `tools/studies/calibration_study.py`
recorded: each variant is fitted on the calibration parts and its operating point
chosen there exactly as `tools/training/fit_calibration.py` does, then reported on the held-out
parts (and the measurement-only sets) beside the previous and the shipped default.

    python -m tools.studies.calibration_variants [--addition] [--study build/study/claims.npz ...]
    python -m tools.studies.calibration_variants --study NEW.npz --against OLD.npz
    python -m tools.studies.calibration_variants --contradiction-bars
"""

from __future__ import annotations

import argparse
import functools
import json
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

import numpy as np
import numpy.typing as npt

from grounding_sidecar.detection.embedding.minilm.runtime import DEFAULT_THRESHOLD
from grounding_sidecar.detection.judging.calibration import CalibratedModel, params_path
from grounding_sidecar.detection.judging.features import (
    FEATURES,
    VERIFIER_LOGIT_CLIP,
    Feature,
    clipped_log_odds,
)
from grounding_sidecar.detection.judging.judges import (
    CONTRADICTION_MARGIN,
    VERIFIER_CONTRADICTION,
)
from grounding_sidecar.evaluation.agreement import auroc, balanced_accuracy
from grounding_sidecar.evaluation.fitting import fit_monotone_logistic
from tools.studies.calibration_study import OUT
from tools.training.fit_calibration import THRESHOLD_CANDIDATES

FloatArray = npt.NDArray[np.float64]
BoolArray = npt.NDArray[np.bool_]
FIT_SETS = ("factcheckgpt", "wice", "summedits", "rag")
# The override's "similar passage": MiniLM's cosine threshold less the margin.
NEAR_COSINE = DEFAULT_THRESHOLD - CONTRADICTION_MARGIN
REPORT_SETS = ("factcheckgpt", "wice", "summedits", "feversym", "faithbench", "rewrites", "rag")
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


Fitted = tuple[FloatArray, FloatArray, FloatArray, float]  # mean, scale, weights, bias


def _log_odds(x: FloatArray, fitted: Fitted) -> FloatArray:
    mean, scale, weights, bias = fitted
    return np.asarray(((x - mean) / scale) @ weights + bias)


Build = Callable[[Study], tuple[FloatArray, tuple[Feature, ...]]]


@dataclass(frozen=True)
class Variant:
    name: str
    build: Build
    uses_verifier: bool = True
    # "mean": fit_calibration's rule; "min_gain": the threshold whose smallest gain over
    # the previous default, over the fit sets' calibration parts, is largest.
    threshold_rule: str = "mean"


def _lexical(study: Study) -> tuple[FloatArray, tuple[Feature, ...]]:
    return np.asarray(study["features"], dtype=np.float64), FEATURES


Column = tuple[str, Callable[[Study], FloatArray], int]


def _with(*parts: Column, base: Build = _lexical) -> Build:
    """`base`'s features and these columns (name, values, direction)."""

    def build(study: Study) -> tuple[FloatArray, tuple[Feature, ...]]:
        x, features = base(study)
        columns = [x] + [column(study)[:, None] for _, column, _ in parts]
        extra = tuple(Feature(name, direction) for name, _, direction in parts)
        return np.hstack(columns), features + extra

    return build


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
        x, features = _lexical(study)
        rows = np.zeros(len(x), dtype=bool)
        for part in parts:
            rows |= _fit_rows(study, part)
        return _log_odds(x, _fit(study, x, features, rows, set_weights))

    return column


def _reading(key: str, index: int) -> Callable[[Study], FloatArray]:
    return lambda study: logits(np.asarray(study[key], dtype=np.float64))[:, index]


def _best_of(index: int, *keys: str) -> Callable[[Study], FloatArray]:
    """The largest of several readings' log-odds."""

    def column(study: Study) -> FloatArray:
        stacked = np.stack([logits(np.asarray(study[k], dtype=np.float64))[:, index] for k in keys])
        return np.asarray(stacked.max(axis=0), np.float64)

    return column


ENTAILED, CONTRADICTED = 0, 1
_VERIFIER_COLUMNS: tuple[Column, ...] = (
    ("entailed", _reading("best", ENTAILED), +1),
    ("contradicted", _reading("best", CONTRADICTED), -1),
)
_TWO_PARTS = ("verifier", "calibration")
VARIANTS = [
    Variant("no verifier (refit)", _lexical, uses_verifier=False),
    Variant("shipped recipe", _with(*_VERIFIER_COLUMNS)),
    Variant(
        "+ best of two passages",
        _with(*_VERIFIER_COLUMNS, ("entailed_top2", _best_of(ENTAILED, "best", "second"), +1)),
    ),
    Variant(
        "+ joined neighbours",
        _with(*_VERIFIER_COLUMNS, ("entailed_joined", _reading("joined", ENTAILED), +1)),
    ),
    Variant(
        "+ two passages + joined",
        _with(
            *_VERIFIER_COLUMNS,
            ("entailed_any", _best_of(ENTAILED, "best", "second", "joined"), +1),
        ),
    ),
    Variant(
        "previous log-odds + verifier",
        _with(("previous", _previous_logit, +1), *_VERIFIER_COLUMNS, base=_nothing),
    ),
    Variant(
        "previous log-odds + verifier, min gain",
        _with(("previous", _previous_logit, +1), *_VERIFIER_COLUMNS, base=_nothing),
        threshold_rule="min_gain",
    ),
    Variant(
        "previous log-odds + entailed, min gain",
        _with(("previous", _previous_logit, +1), _VERIFIER_COLUMNS[0], base=_nothing),
        threshold_rule="min_gain",
    ),
    Variant(
        "two stages",
        _with(("lexical", _lexical_stage(_TWO_PARTS, {}), +1), *_VERIFIER_COLUMNS, base=_nothing),
    ),
    Variant(
        "two stages, SummEdits x2",
        _with(
            ("lexical", _lexical_stage(_TWO_PARTS, {"summedits": 2.0}), +1),
            *_VERIFIER_COLUMNS,
            base=_nothing,
        ),
    ),
]


@dataclass(frozen=True)
class Scored:
    p: FloatArray  # P(supported), 0 where a later rule takes support away
    threshold: float


def _flagged(scored: Scored, rows: BoolArray) -> BoolArray:
    return np.asarray(scored.p[rows] < scored.threshold, dtype=bool)


def _response_bacc(study: Study, scored: Scored, rows: BoolArray) -> float | None:
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


def _claim_bacc(study: Study, scored: Scored, rows: BoolArray) -> float | None:
    unsupported = ~np.asarray(study["supported"], dtype=bool)[rows]
    return balanced_accuracy(_flagged(scored, rows), unsupported)


def _set_scores(study: Study, scored: Scored) -> list[float]:
    """BAcc of each fit set's calibration part (SummEdits: the mean of its claim and
    response BAcc), as fit_calibration weighs them."""
    cells = []
    for name in FIT_SETS:
        rows = study.mask(name, "calibration")
        claim = _claim_bacc(study, scored, rows) or 0.0
        if name == "summedits":
            claim = (claim + (_response_bacc(study, scored, rows) or 0.0)) / 2
        cells.append(claim)
    return cells


def _operating_point(study: Study, p: FloatArray, rule: str = "mean") -> float:
    """ "mean": fit_calibration's rule, the best mean BAcc over the fit sets;
    "min_gain": the best smallest gain over the previous default."""
    previous = _set_scores(study, recorded(study, "before")) if rule == "min_gain" else []

    def score(t: float) -> float:
        cells = _set_scores(study, Scored(p, t))
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


def recorded(study: Study, which: str) -> Scored:
    """The previous (`before`) or shipped (`after`) default as the grader ran it."""
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
            claim = _claim_bacc(study, scored, mask)
            labels = np.asarray(study["supported"], bool)[mask].tolist()
            area = auroc(scored.p[mask].tolist(), labels)
            cells.append(f"{100 * (claim or 0):.1f} ({area or 0:.3f})")
            if name in RESPONSE_SETS:
                cells.append(f"{100 * (_response_bacc(study, scored, mask) or 0):.1f}")
        print(f"| {label} | {scored.threshold:.2f} | " + " | ".join(cells) + " |")


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
    cases = np.asarray(study["case"])[rows]
    unique, index = np.unique(cases, return_inverse=True)
    members = [rows[index == i] for i in range(len(unique))]
    measure = _response_bacc if responses else _claim_bacc

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

    rng = np.random.default_rng(seed)
    samples = [difference(rng.integers(0, len(members), len(members))) for _ in range(draws)]
    low, high = np.percentile(samples, [2.5, 97.5])
    return difference(np.arange(len(members))), float(low), float(high)


@dataclass(frozen=True)
class AdditionRule:
    """judges._without_addition with bars of its own: a claim restating at least
    `restated` of its best passage's content words and adding at least `added` that no
    source uses loses its support when the verifier's reading passes the gate."""

    restated: float
    added: int
    gate: str  # "neither": P(neither) >= bar; "entailed": P(entailed) < bar
    bar: float

    def fires(self, study: Study) -> BoolArray:
        best = np.asarray(study["best"], dtype=np.float64)
        read = ~np.isnan(best[:, ENTAILED])
        if self.gate == "neither":
            gate = np.nan_to_num(best[:, 2], nan=0.0) >= self.bar
        else:
            gate = np.nan_to_num(best[:, ENTAILED], nan=1.0) < self.bar
        return np.asarray(
            read
            & gate
            & (np.asarray(study["restated"], np.float64) >= self.restated)
            & (np.asarray(study["added"], np.int_) >= self.added),
            dtype=bool,
        )

    def __str__(self) -> str:
        sign = ">=" if self.gate == "neither" else "<"
        return (
            f"restated >= {self.restated:.1f}, added >= {self.added}, {self.gate} {sign} {self.bar}"
        )


ADDITION_RULES = [
    AdditionRule(restated, added, gate, bar)
    for restated in (0.6, 0.7, 0.8, 0.9, 1.0)
    for added in (1, 2, 3, 4)
    for gate, bars in (("neither", (0.5, 0.7, 0.9, 0.95)), ("entailed", (0.1, 0.3, 0.5, 1.01)))
    # entailed < 1.01: no gate, the lexical bars alone
    for bar in bars
]


ADDITION_TOLERANCE = 0.005  # of BAcc: half a point
ADDITION_GATE = ("entailed", 0.5)


def shipped_probability(study: Study) -> FloatArray:
    """The shipped scorer's P(supported) of every claim before any later rule (the
    recorded one is 0 where a rule overruled the claim)."""
    x, _ = _with(*_VERIFIER_COLUMNS)(study)
    model = CalibratedModel.from_json(
        json.loads(params_path("minilm", with_verifier=True).read_text(encoding="utf-8"))
    )
    return 1.0 / (1.0 + np.exp(-model.log_odds(x)))


def with_addition(
    study: Study, probability: FloatArray, threshold: float, rule: AdditionRule | None
) -> Scored:
    """The shipped scorer (`probability`, `threshold`) with `rule` as the addition rule
    (None: none)."""
    kept = np.asarray(study["kept_before_addition"], dtype=bool)
    if rule is not None:
        kept = kept & ~rule.fires(study)
    return Scored(np.where(kept, probability, 0.0), threshold)


def addition_study(study: Study, shipped: Scored) -> AdditionRule:
    """Every addition rule against none, chosen on the calibration parts (the rule is
    below) and reported on the held-out parts."""
    probability = shipped_probability(study)

    @functools.cache
    def scored(rule: AdditionRule | None) -> Scored:
        return with_addition(study, probability, shipped.threshold, rule)

    none = scored(None)
    baseline = _set_scores(study, none)
    rewrites = study.mask("rewrites", "calibration")

    @functools.cache
    def gains(rule: AdditionRule) -> tuple[float, ...]:
        cells = _set_scores(study, scored(rule))
        return tuple(c - b for c, b in zip(cells, baseline, strict=True))

    @functools.cache
    def rewrite_gain(rule: AdditionRule) -> float:
        return (_claim_bacc(study, scored(rule), rewrites) or 0.0) - (
            _claim_bacc(study, none, rewrites) or 0.0
        )

    # A rule may lower no fit set's calibration part; of those with the shipped gate
    # (P(entailed) < 0.5: the verifier does not read the passage as entailing the
    # claim), the strictest in its lexical bars (a false "unsupported" refuses a
    # grounded answer) whose rewrite gain is within ADDITION_TOLERANCE of the best.
    # The gate's bar is not chosen on the rewrites: their invented qualifiers come
    # from the phrase lists the verifier trained on, so its confidence on them is
    # higher than on qualifiers it never saw.
    harmless = [rule for rule in ADDITION_RULES if min(gains(rule)) >= 0]
    best_gain = max(rewrite_gain(rule) for rule in harmless)
    ranked = sorted(harmless, key=lambda rule: (rewrite_gain(rule), float(np.mean(gains(rule)))))
    chosen = max(
        (
            rule
            for rule in harmless
            if (rule.gate, rule.bar) == ADDITION_GATE
            and rewrite_gain(rule) >= best_gain - ADDITION_TOLERANCE
        ),
        key=lambda rule: (rule.restated, rule.added),
    )
    print(
        "\naddition rules, calibration gains over none in points: rewrites, " + ", ".join(FIT_SETS)
    )
    for rule in [*ranked[-6:][::-1], chosen]:
        cells = [rewrite_gain(rule), *gains(rule)]
        print(f"  {rule}: " + ", ".join(f"{100 * g:+.1f}" for g in cells))
    print(f"chosen: {chosen}")
    rows = {"no addition rule": none}
    shown = [chosen, *[rule for rule in ranked[-2:][::-1] if rule != chosen]]
    rows.update({str(rule): scored(rule) for rule in shown})
    for part in ("calibration", "holdout"):
        report(study, rows, part)
    fired = chosen.fires(study) & np.asarray(study["kept_before_addition"], dtype=bool)
    for name in REPORT_SETS:
        for part in ("calibration", "holdout"):
            rows_in = study.mask(name, part) & fired
            supported = np.asarray(study["supported"], bool)[rows_in]
            print(
                f"  chosen rule fires on {name} {part}: {rows_in.sum()} claims, "
                f"{supported.sum()} of them supported"
            )
            if name in ("feversym", "faithbench"):
                break
    print_intervals(study, none, scored(chosen), "chosen addition rule minus none")
    return chosen


def print_intervals(study: Study, first: Scored, second: Scored, title: str) -> None:
    """`second` minus `first` on every held-out set, with paired-bootstrap intervals."""
    print(f"\n{title}, held-out claim BAcc, paired bootstrap 95%:")
    for name in REPORT_SETS[:-1]:
        mid, low, high = paired_interval(study, first, second, name)
        print(f"  {name}: {mid:+.1f} ({low:+.1f} to {high:+.1f})")
        if name in RESPONSE_SETS:
            mid, low, high = paired_interval(study, first, second, name, responses=True)
            print(f"  {name} responses: {mid:+.1f} ({low:+.1f} to {high:+.1f})")


def _contradicted(study: Study) -> FloatArray:
    """The verifier's P(contradicted) on the best passage, 0 where it did not read."""
    return np.nan_to_num(np.asarray(study["best"], np.float64)[:, CONTRADICTED], nan=0.0)


def _fired_cells(study: Study, fired: BoolArray, *, by_part: bool) -> str:
    """Per set: claims `fired` marks / of them labelled supported, by part or whole."""
    supported = np.asarray(study["supported"], bool)
    cells = []
    for name in REPORT_SETS[:-1]:
        whole = not by_part or name in ("feversym", "faithbench")  # never split
        for part in (None,) if whole else ("calibration", "holdout"):
            rows = study.mask(name, part) & fired
            cells.append(f"{name} {part or 'whole'} {rows.sum()}/{(rows & supported).sum()}")
    return ", ".join(cells)


def compare_recordings(study: Study, earlier: Study) -> None:
    """The shipped default as `earlier` recorded it against this recording's (the same
    claims graded by two versions of the grader), and where the verifier's
    contradiction override fired: claims the rules without the verifier keep and the
    rules with it do not, with P(contradicted) at the override's bar."""
    for key in ("case", "dataset", "part", "supported"):
        if not np.array_equal(study[key], earlier[key]):
            raise SystemExit(f"the recordings hold different claims ({key} differs)")
    before, after = recorded(earlier, "after"), recorded(study, "after")
    rows = {"previous default": recorded(study, "before"), "earlier": before, "now": after}
    for part in ("calibration", "holdout"):
        report(study, rows, part)
    print_intervals(study, before, after, "now minus earlier")
    print("\ncontradiction override, claims it fired on / of them labelled supported:")
    for label, recording in (("earlier", earlier), ("now", study)):
        fired = (
            np.asarray(recording["kept_before"], bool)
            & ~np.asarray(recording["kept_after"], bool)
            & (_contradicted(recording) >= VERIFIER_CONTRADICTION)
        )
        print(f"  {label}: " + _fired_cells(study, fired, by_part=True))


CONTRADICTION_BARS = (0.5, 0.7, 0.8, 0.9, 0.95, VERIFIER_CONTRADICTION)


def contradiction_bars(study: Study, shipped: Scored) -> None:
    """The shipped default with the override's P(contradicted) bar lowered, its word
    conditions kept (a word outside the sources, a contrast it can name; the study
    records them): BAcc by part, and how many claims each bar takes support from."""
    near = np.asarray(study["cosine"], np.float64) >= NEAR_COSINE
    explained = np.asarray(study["explained"], dtype=bool) & near
    rows: dict[str, Scored] = {}
    for bar in CONTRADICTION_BARS:
        fires = explained & (_contradicted(study) >= bar)
        rows[f"bar {bar:.2f}"] = Scored(np.where(fires, 0.0, shipped.p), shipped.threshold)
        print(
            f"bar {bar:.2f}: fires on / of them supported: "
            + _fired_cells(study, fires, by_part=False)
        )
    for part in ("calibration", "holdout"):
        report(study, rows, part)


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
