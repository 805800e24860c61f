"""`grounding-sidecar calibrate --fit CASES.jsonl --out PARAMS.json`: the calibrated
scorer's parameters fitted on a team's labelled cases, for the configured embedder and
verifier (docs/own-checker.md#calibration).

The cases (the schema `check --cases` reads) are split by document (a case's `group`,
else its sources): a held-out share of the documents is never fitted on and is
reported apart.  Cases are grouped into sets by their `dataset` field; each set weighs
the same in the fit, and the operating point is the threshold with the best mean
balanced accuracy over the sets (a set whose every case has a response label counts
the mean of its claim and response accuracy).  `calibration: PARAMS.json` then loads
what this writes; the metric definition version names the parameters' digest.
"""

from __future__ import annotations

import argparse
import hashlib
import json
from collections.abc import Sequence
from pathlib import Path

from grounding_sidecar.cli.options import bad_input
from grounding_sidecar.common.inputs import parse_case, read_case_lines
from grounding_sidecar.detection import EmbedderUnavailable, load_embedder
from grounding_sidecar.detection.contract import VerifierMode
from grounding_sidecar.detection.judging.calibration import CalibratedModel, load_calibration
from grounding_sidecar.detection.verifier.loading import load_verifier
from grounding_sidecar.evaluation.agreement import LabelledCase, label_case
from grounding_sidecar.evaluation.calibration_fit import (
    Recording,
    SetReport,
    TrainingRows,
    fit_sets,
    report_sets,
    support_floor_of,
    training_rows,
)

DEFAULT_HOLDOUT_SHARE = 0.2
_SALT = "calibrate-fit"


def add_fit_arguments(parser: argparse.ArgumentParser) -> None:
    fit = parser.add_argument_group("fitting the calibrated scorer (--fit)")
    fit.add_argument("--fit", metavar="CASES.jsonl", help="fit parameters on these cases")
    fit.add_argument("--out", metavar="PARAMS.json", type=Path, help="where --fit writes them")
    fit.add_argument(
        "--holdout-share",
        type=float,
        default=DEFAULT_HOLDOUT_SHARE,
        help=f"share of documents held out and reported apart (default {DEFAULT_HOLDOUT_SHARE})",
    )


def run_fit(args: argparse.Namespace) -> int:
    if args.out is None:
        return bad_input("--fit needs --out PARAMS.json")
    if not 0.0 <= args.holdout_share < 1.0:
        return bad_input(f"--holdout-share must be in [0, 1), got {args.holdout_share}")
    try:
        embedder = load_embedder(args.embedder)
        verifier = load_verifier(VerifierMode(args.verifier), verifier_model=args.verifier_model)
        labelled = [label_case(parse_case(raw, n)) for n, raw in read_case_lines(args.fit)]
    except (EmbedderUnavailable, ValueError) as exc:  # InputError is a ValueError
        return bad_input(str(exc))
    floor = support_floor_of(embedder)
    recording = Recording.of(embedder, verifier, floor)
    fit_cases, held_cases = split_by_document(labelled, args.holdout_share)
    fitting = {name: training_rows(recording, cases) for name, cases in fit_cases.items()}
    held_sets = {name: training_rows(recording, cases) for name, cases in held_cases.items()}
    problem = _unfittable(fitting)
    if problem is not None:
        return bad_input(problem)
    fitted_on = (
        f"{Path(args.fit).name}, fit part (claims: {{sizes}}), {args.holdout_share:.0%} of "
        "documents held out; equal weight per set; monotone logistic, l2=1; threshold: "
        "best mean BAcc over the sets"
    )
    model = fit_sets(recording, fitting, fitted_on, _with_responses(fit_cases))
    args.out.write_text(json.dumps(model.to_json(), indent=2) + "\n", encoding="utf-8")
    # What the configuration grades with when no file is given, on the same held-out claims.
    default = load_calibration(embedder, recording.verifier_tag)
    parts = {
        "fit": report_sets(model, fitting, floor),
        "held-out": report_sets(model, held_sets, floor),
        "held-out, shipped parameters": report_sets(default, held_sets, floor),
    }
    print(_summary(model, args.out, parts))
    return 0


def split_by_document(
    cases: Sequence[LabelledCase], holdout_share: float
) -> tuple[dict[str, list[LabelledCase]], dict[str, list[LabelledCase]]]:
    """(fit, held out) cases per set; no document on both sides."""
    fit: dict[str, list[LabelledCase]] = {}
    held: dict[str, list[LabelledCase]] = {}
    for case in cases:
        name = str(case.case.raw.get("dataset") or "cases")
        side = held if _held_out(case, holdout_share) else fit
        side.setdefault(name, []).append(case)
    return fit, held


def _held_out(case: LabelledCase, share: float) -> bool:
    document = str(case.case.raw.get("group") or "\n\x1e".join(case.case.sources))
    digest = hashlib.sha256(f"{_SALT}:{document}".encode()).hexdigest()
    return int(digest, 16) % 10_000 < share * 10_000


def _with_responses(sets: dict[str, list[LabelledCase]]) -> set[str]:
    return {name for name, cases in sets.items() if all(c.response is not None for c in cases)}


def _unfittable(sets: dict[str, TrainingRows]) -> str | None:
    labels = {int(label) for rows in sets.values() for label in rows.supported}
    if labels != {0, 1}:
        return (
            "--fit needs labelled claims of both kinds (supported and not) in the fit part; "
            f"found {sorted(labels) or 'none'}"
        )
    return None


def _summary(model: CalibratedModel, out: Path, parts: dict[str, dict[str, SetReport]]) -> str:
    lines = [
        f"wrote {out}: {model.tag}, threshold {model.threshold:.2f}",
        f"  embedder {model.embedder_tag}, verifier {model.verifier_tag or 'off'}",
        "",
        f"  {'set':<14} {'part':<29} claims   BAcc  AUROC  cosine AUROC",
    ]
    for part, reports in parts.items():
        for name, report in reports.items():
            lines.append(
                f"  {name:<14} {part:<29} {report.claims:>6} "
                f"{100 * report.balanced_accuracy:6.1f} {_percent(report.auroc):>6} "
                f"{_percent(report.cosine_auroc):>13}"
            )
    if not parts["held-out"]:
        lines.append("  (nothing held out: every document is in the fit part)")
    lines += ["", f"use it: `calibration: {out}` (YAML), --calibration {out} (check, calibrate)"]
    return "\n".join(lines)


def _percent(value: float | None) -> str:
    return "n/a" if value is None else f"{100 * value:.1f}"
