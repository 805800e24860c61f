"""`grounding-sidecar calibrate CASES.jsonl`: agreement of the grader with labels.

Prints agreement by claim class and by verdict (each with its denominator), the
response-level confusion, claim-level AUROC and the metric definition version.
With `--baseline FILE` it exits 1 when agreement on any class, verdict or
response label fell by more than `--tolerance` against the stored report, so a
drift toward leniency (or strictness) shows.  With `--sweep` it also grades the
cases under the cosine rule at similarity thresholds 0.30 to 0.95 and prints claim
and response balanced accuracy per threshold: the evidence for choosing
`similarity-threshold` on your own labelled answers.  With `--fit` instead of the
cases it fits the calibrated scorer's parameters on them (calibrate_fit.py).  Exit 2:
bad input.
"""

from __future__ import annotations

import argparse
import dataclasses
import json
from pathlib import Path
from typing import Any

from grounding_sidecar.cli.calibrate_fit import add_fit_arguments, run_fit
from grounding_sidecar.cli.options import add_grading_arguments, bad_input, build_grader
from grounding_sidecar.common.inputs import (
    InputError,
    parse_case,
    parse_json,
    read_case_lines,
    read_text,
)
from grounding_sidecar.detection import ClaimPolicy, Embedder, EmbedderUnavailable
from grounding_sidecar.evaluation.agreement import (
    AgreementReport,
    SweepRow,
    evaluate,
    label_case,
    regressions,
    threshold_sweep,
)

EXIT_REGRESSION = 1


def register(subparsers: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    parser = subparsers.add_parser(
        "calibrate",
        help="measure agreement with labelled cases",
        description=__doc__,
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    parser.add_argument(
        "cases", metavar="CASES.jsonl", nargs="?", help="labelled cases to measure agreement on"
    )
    add_grading_arguments(parser)
    add_fit_arguments(parser)
    parser.add_argument("--baseline", metavar="FILE", help="compare with a stored report")
    parser.add_argument(
        "--tolerance", type=float, default=0.02, help="allowed drop in any rate (default 0.02)"
    )
    parser.add_argument("--write-baseline", metavar="FILE", help="store this report as JSON")
    parser.add_argument(
        "--sweep",
        action="store_true",
        help="also sweep the cosine rule's similarity threshold (0.30-0.95)",
    )
    parser.add_argument("--json", action="store_true", help="print the report as JSON")
    parser.set_defaults(handler=run)


def run(args: argparse.Namespace) -> int:
    if (args.cases is None) == (args.fit is None):
        return bad_input("give either CASES.jsonl (measure) or --fit CASES.jsonl (fit)")
    if args.fit is not None:
        return run_fit(args)
    try:
        grader = build_grader(args)
        labelled = [label_case(parse_case(raw, n)) for n, raw in read_case_lines(args.cases)]
        baseline = _read_baseline(args.baseline) if args.baseline else None
    except (EmbedderUnavailable, ValueError) as exc:  # InputError is a ValueError
        return bad_input(str(exc))
    policy = ClaimPolicy(args.policy)
    report = evaluate(grader, labelled, policy)
    data = report.to_json()
    sweep = (
        threshold_sweep(grader.embedder, labelled, policy, min_claim_words=args.min_claim_words)
        if args.sweep
        else None
    )
    if sweep is not None:
        data["sweep"] = [dataclasses.asdict(row) for row in sweep]
    if args.write_baseline:
        Path(args.write_baseline).write_text(json.dumps(data, indent=2) + "\n", encoding="utf-8")
    print(json.dumps(data) if args.json else render(report, sweep, grader.embedder))
    if baseline is None:
        return 0
    if baseline.get("version") != data["version"]:
        print(f"note: baseline version {baseline.get('version')} differs from {data['version']}")
    found = regressions(data, baseline, args.tolerance)
    for line in found:
        print(f"REGRESSION {line}")
    return EXIT_REGRESSION if found else 0


def _read_baseline(path: str) -> dict[str, Any]:
    data = parse_json(read_text(path), path)
    if not isinstance(data, dict):
        raise InputError(f"{path}: a baseline is a JSON object")
    return data


def render(
    report: AgreementReport, sweep: list[SweepRow] | None = None, embedder: Embedder | None = None
) -> str:
    lines = [f"version: {report.version}", f"cases: {report.cases}", ""]
    for title, agreement in (
        ("claim class", report.by_class),
        ("claim verdict", report.by_verdict),
        ("response label", report.response),
    ):
        lines.append(f"agreement by {title}:")
        for group, (agreed, total) in sorted(agreement.counts.items()):
            lines.append(f"  {group:<18} {agreed:>5}/{total:<5} {agreed / total:6.1%}")
    lines.append("")
    lines.append("response confusion (label -> verdict):")
    for (label, predicted), count in sorted(report.response_confusion.items()):
        lines.append(f"  {label:>8} -> {predicted:<8} {count}")
    auc = report.claim_auroc
    lines.append("")
    lines.append(f"claim AUROC: {'n/a' if auc is None else f'{auc:.3f}'}")
    lines.append(f"cases fully agreeing: {report.agreed_cases}/{report.cases}")
    if report.unaligned_claims:
        lines.append(f"labelled claims not found in their answer: {report.unaligned_claims}")
    if sweep:
        lines += ["", *_render_sweep(sweep, embedder)]
    return "\n".join(lines)


def _render_sweep(sweep: list[SweepRow], embedder: Embedder | None) -> list[str]:
    def percent(value: float | None) -> str:
        return "   n/a" if value is None else f"{100 * value:6.1f}"

    lines = [
        "similarity-threshold sweep (cosine rule):",
        "  threshold  claim BAcc  response BAcc  claims flagged",
    ]
    for row in sweep:
        lines.append(
            f"  {row.threshold:9.2f}  {percent(row.claim_bacc):>10}  "
            f"{percent(row.response_bacc):>13}  {row.flagged_share:14.1%}"
        )
    scored = [row for row in sweep if row.claim_bacc is not None]
    if scored:
        best = max(scored, key=lambda row: row.claim_bacc or 0.0)
        default = (
            f"; the embedder's default is {embedder.default_threshold:.2f}" if embedder else ""
        )
        lines.append(
            f"best claim BAcc: {percent(best.claim_bacc).strip()} at {best.threshold:.2f}{default}"
        )
    return lines
