"""`grounding-sidecar check`: grade one answer, or a file of labelled cases.

Exit codes: 0 pass, 1 fail, 3 unknown, 2 bad input (one line on stderr, never a
traceback).  With `--cases`, 0 means every line was graded and 2 that some line
was bad (its output line carries `error`; the other lines are still graded).
"""

from __future__ import annotations

import argparse
import contextlib
import json
import sys
from pathlib import Path
from typing import IO, Any

from grounding_sidecar.cli.options import (
    add_grading_arguments,
    bad_input,
    build_grader,
    positive_int,
)
from grounding_sidecar.common.inputs import (
    InputError,
    parse_case,
    read_case_lines,
    read_sources_file,
    read_text,
)
from grounding_sidecar.detection import (
    CheckResult,
    ClaimPolicy,
    EmbedderUnavailable,
    Grader,
    ResponseVerdict,
    SourceLimits,
)

EXIT_CODES = {ResponseVerdict.PASS: 0, ResponseVerdict.FAIL: 1, ResponseVerdict.UNKNOWN: 3}
EXAMPLE_PATH = Path(__file__).parent / "examples" / "refund.json"


def register(subparsers: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    parser = subparsers.add_parser(
        "check",
        help="grade an answer against sources",
        description=__doc__,
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    inputs = parser.add_argument_group("what to check")
    inputs.add_argument("--sources", metavar="FILE", help="JSON list of source strings")
    inputs.add_argument(
        "--source", metavar="TEXT", action="append", default=[], help="a source (repeatable)"
    )
    inputs.add_argument("--answer", metavar="TEXT", help="the answer to check")
    inputs.add_argument("--answer-file", metavar="FILE", help="read the answer from FILE")
    inputs.add_argument(
        "--question",
        metavar="TEXT",
        help="the user's question: an answer too short to grade is read with it",
    )
    inputs.add_argument("--cases", metavar="FILE.jsonl", help="grade every case of a JSONL file")
    inputs.add_argument("--out", metavar="FILE", help="with --cases: write results here")
    inputs.add_argument(
        "--example", action="store_true", help="check the bundled example (a refund answer)"
    )
    add_grading_arguments(parser)
    grading = parser.add_argument_group("source limits")
    grading.add_argument("--max-sources", type=positive_int, default=50)
    grading.add_argument("--max-source-length", type=positive_int, default=10_000)
    parser.add_argument("--json", action="store_true", help="print the result as JSON")
    parser.set_defaults(handler=run)


def run(args: argparse.Namespace) -> int:
    try:
        grader = build_grader(args)
    except (EmbedderUnavailable, ValueError) as exc:
        return bad_input(str(exc))
    limits = SourceLimits(args.max_sources, args.max_source_length)
    policy = ClaimPolicy(args.policy)
    try:
        if args.cases:
            return _run_cases(grader, args, limits, policy)
        answer, sources = _single_input(args)
    except InputError as exc:
        return bad_input(str(exc))
    result = grader.check(
        answer,
        sources,
        limits=limits,
        policy=policy,
        references=args.reference,
        question=args.question,
    )
    if args.json:
        print(json.dumps(result.to_dict(), ensure_ascii=False))
    else:
        print(render_table(result))
        print(f"detectors: {grader.detectors()}")
    return EXIT_CODES[result.verdict]


def _single_input(args: argparse.Namespace) -> tuple[str, list[str]]:
    if args.example:
        example = json.loads(EXAMPLE_PATH.read_text(encoding="utf-8"))
        return example["answer"], example["sources"]
    if (args.answer is None) == (args.answer_file is None):
        raise InputError("give exactly one of --answer or --answer-file (or --cases, --example)")
    answer = args.answer if args.answer is not None else read_text(args.answer_file)
    sources = list(args.source)
    if args.sources:
        sources.extend(read_sources_file(args.sources))
    return answer, sources


def _run_cases(
    grader: Grader, args: argparse.Namespace, limits: SourceLimits, policy: ClaimPolicy
) -> int:
    lines = read_case_lines(args.cases)
    bad_lines = 0
    progress = _Progress(len(lines)) if sys.stderr.isatty() else None
    with contextlib.ExitStack() as stack:
        output: IO[str] = sys.stdout
        if args.out:
            try:
                output = stack.enter_context(open(args.out, "w", encoding="utf-8"))
            except OSError as exc:
                raise InputError(f"cannot write {args.out}: {exc.strerror or exc}") from None
        for done, (line_number, raw_line) in enumerate(lines, start=1):
            record: dict[str, Any]
            try:
                case = parse_case(raw_line, line_number)
            except InputError as exc:
                bad_lines += 1
                record = {"id": None, "line": line_number, "error": str(exc)}
            else:
                result = grader.check(
                    case.answer,
                    case.sources,
                    limits=limits,
                    policy=policy,
                    references=[*args.reference, *case.references],
                    question=case.question,
                )
                record = {"id": case.id, **result.to_dict()}
            output.write(json.dumps(record, ensure_ascii=False) + "\n")
            if progress:
                progress.show(done)
        output.flush()
    if progress:
        progress.finish()
    if bad_lines:
        return bad_input(f"{args.cases}: {bad_lines} of {len(lines)} lines could not be graded")
    return 0


class _Progress:
    """A one-line progress bar on stderr, only when stderr is a terminal."""

    def __init__(self, total: int) -> None:
        self.total = max(total, 1)

    def show(self, done: int) -> None:
        filled = 30 * done // self.total
        sys.stderr.write(f"\r[{'#' * filled}{'.' * (30 - filled)}] {done}/{self.total}")
        sys.stderr.flush()

    def finish(self) -> None:
        sys.stderr.write("\n")


def render_table(result: CheckResult) -> str:
    """A readable report: one row per claim, then the response verdict."""
    header = ("#", "verdict", "score", "evidence", "claim", "rationale")
    rows = [
        (
            str(number),
            grade.verdict.value,
            "-" if grade.score is None else f"{grade.score:.2f}",
            ",".join(e.passage_id for e in grade.evidence) or "-",
            _shorten(grade.text, 60),
            _shorten(grade.rationale, 50),
        )
        for number, grade in enumerate(result.claims, start=1)
    ]
    widths = [max(len(row[i]) for row in [header, *rows]) for i in range(len(header))]
    lines = [
        "  ".join(cell.ljust(width) for cell, width in zip(row, widths, strict=True)).rstrip()
        for row in [header, *rows]
    ]
    lines.insert(1, "  ".join("-" * width for width in widths))
    for skipped in result.skipped_claims:
        lines.append(f"skipped ({skipped.reason.value}): {_shorten(skipped.text, 70)}")
    for dropped in result.dropped_sources:
        lines.append(
            f"dropped source {dropped.source_index} ({dropped.reason.value}, "
            f"{dropped.length} chars)"
        )
    reasons = ", ".join(reason.value for reason in result.reasons)
    lines.append("")
    lines.append(f"verdict: {result.verdict.value.upper()} ({reasons})")
    lines.append(f"version: {result.version}")
    return "\n".join(lines)


def _shorten(text: str, width: int) -> str:
    flat = " ".join(text.split())
    return flat if len(flat) <= width else flat[: width - 1] + "…"
