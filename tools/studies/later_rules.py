"""The rules that run after the calibrated scorer, replayed on a recording of
`tools.studies.calibration_study`: the addition rule's bars, chosen on the calibration
parts; the contradiction override's P(contradicted) bar, its word conditions kept; and
where the override fired in two recordings of the same claims."""

from __future__ import annotations

import functools
import json
from dataclasses import dataclass

import numpy as np

from grounding_sidecar.detection.embedding.minilm.runtime import DEFAULT_THRESHOLD
from grounding_sidecar.detection.judging.calibration import CalibratedModel, params_path
from grounding_sidecar.detection.judging.overrides import (
    CONTRADICTION_MARGIN,
    VERIFIER_CONTRADICTION,
)
from tools.studies.recording import (
    CONTRADICTED,
    ENTAILED,
    FIT_SETS,
    REPORT_SETS,
    VERIFIER_COLUMNS,
    BoolArray,
    FloatArray,
    Scored,
    Study,
    claim_bacc,
    print_intervals,
    recorded,
    report,
    set_scores,
    with_columns,
)

# The override's "similar passage": MiniLM's cosine threshold less the margin.
NEAR_COSINE = DEFAULT_THRESHOLD - CONTRADICTION_MARGIN


@dataclass(frozen=True)
class AdditionRule:
    """overrides._without_addition with bars of its own: a claim restating at least
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
    recorded one is 0 where a rule overruled the claim: `recording.recorded`)."""
    x, _ = with_columns(*VERIFIER_COLUMNS)(study)
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
    baseline = set_scores(study, none)
    rewrites = study.mask("rewrites", "calibration")

    @functools.cache
    def gains(rule: AdditionRule) -> tuple[float, ...]:
        cells = set_scores(study, scored(rule))
        return tuple(c - b for c, b in zip(cells, baseline, strict=True))

    @functools.cache
    def rewrite_gain(rule: AdditionRule) -> float:
        return (claim_bacc(study, scored(rule), rewrites) or 0.0) - (
            claim_bacc(study, none, rewrites) or 0.0
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
