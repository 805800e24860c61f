"""Two recordings of the quality benchmark compared: per set, each number before and
after and the difference with a 95% paired bootstrap over documents (a document's
claims and answers are drawn together, as the held-out split keeps them).

    python -m benchmarks.quality --record build/quality/before.jsonl   (on the old tree)
    python -m benchmarks.quality --record build/quality/after.jsonl
    python -m benchmarks.quality_compare build/quality/before.jsonl build/quality/after.jsonl \\
        [--pair minilm/calibrated+verifier=minilm/calibrated+verifier ...]

By default every configuration (embedder/rule) in both files is compared with itself;
`--pair BEFORE=AFTER` compares two named ones (e.g. the shipped rule against the
cosine rule of the same recording: pass the same file twice).  Only claims present in
both are compared, matched by set, case and position.
"""

from __future__ import annotations

import argparse
import json
from pathlib import Path
from typing import Any

import numpy as np
import numpy.typing as npt

from benchmarks.quality_metrics import COLUMNS, Graded, as_graded, metric
from grounding_sidecar.evaluation.bootstrap import bootstrap_interval, group_members

SEED = 11
DRAWS = 1000

Key = tuple[str, str, int]  # set, case, the claim's position in its case


def read_recording(path: Path) -> dict[str, dict[Key, dict[str, Any]]]:
    """Configuration ("embedder/rule") -> claim key -> its recorded line."""
    out: dict[str, dict[Key, dict[str, Any]]] = {}
    position: dict[tuple[str, str, str], int] = {}
    for line in path.read_text(encoding="utf-8").splitlines():
        record = json.loads(line)
        configuration = f"{record['embedder']}/{record['rule']}"
        at = (configuration, record["set"], record["case"])
        position[at] = position.get(at, -1) + 1
        out.setdefault(configuration, {})[(record["set"], record["case"], position[at])] = record
    return out


Comparison = tuple[float | None, float | None, tuple[float, float] | None]


def compare_set(before: Graded, after: Graded, documents: list[str]) -> dict[str, Comparison]:
    """Per column: before, after, and the 95% interval of after minus before."""
    # Each document's answers, each answer's rows: what one draw takes together.
    answers_of = [
        [rows[before.case[rows] == case] for case in dict.fromkeys(before.case[rows].tolist())]
        for rows in group_members(documents)
    ]
    everything = [run for runs in answers_of for run in runs]
    out = {}
    for column in COLUMNS:
        value = metric(column)

        def gain(drawn: npt.NDArray[np.int_], value: Any = value) -> float | None:
            runs = [run for i in drawn for run in answers_of[i]]
            a, b = value(before, runs), value(after, runs)
            return None if a is None or b is None else b - a

        interval = bootstrap_interval(len(answers_of), gain, draws=DRAWS, seed=SEED)
        out[column] = (value(before, everything), value(after, everything), interval)
    return out


def comparisons(
    before: dict[Key, dict[str, Any]], after: dict[Key, dict[str, Any]]
) -> dict[str, dict[str, Comparison]]:
    """Per set, the comparison of the claims both recordings graded."""
    shared = [key for key in before if key in after]
    out = {}
    for name in dict.fromkeys(key[0] for key in shared):
        keys = [key for key in shared if key[0] == name]
        cases = {case: n for n, case in enumerate(dict.fromkeys(key[1] for key in keys))}
        documents = [before[key]["document"] for key in keys]
        out[name] = compare_set(
            as_graded([before[k] for k in keys], cases),
            as_graded([after[k] for k in keys], cases),
            documents,
        )
    return out


def _cell(before: float | None, after: float | None, interval: tuple[float, float] | None) -> str:
    if before is None or after is None:
        return "n/a"
    span = "" if interval is None else f" ({interval[0]:+.1f} to {interval[1]:+.1f})"
    mark = "**" if interval is not None and (interval[0] > 0 or interval[1] < 0) else ""
    return f"{before:.1f} → {after:.1f}, {mark}{after - before:+.1f}{mark}{span}"


def format_table(title: str, table: dict[str, dict[str, Comparison]]) -> str:
    lines = [f"{title} (AUROC and BAcc in points; bold: the 95% interval excludes 0)", ""]
    lines.append("| data | " + " | ".join(COLUMNS) + " |")
    lines.append("|---" * (1 + len(COLUMNS)) + "|")
    for name, cells in table.items():
        lines.append(f"| {name} | " + " | ".join(_cell(*cells[c]) for c in COLUMNS) + " |")
    return "\n".join(lines)


def main() -> None:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("before", type=Path)
    parser.add_argument("after", type=Path)
    parser.add_argument("--pair", action="append", help="BEFORE_CONFIG=AFTER_CONFIG")
    args = parser.parse_args()
    before, after = read_recording(args.before), read_recording(args.after)
    pairs = (
        [tuple(p.split("=", 1)) for p in args.pair]
        if args.pair
        else [(c, c) for c in before if c in after]
    )
    for first, second in pairs:
        title = first if first == second else f"{first} → {second}"
        print(format_table(title, comparisons(before[first], after[second])), end="\n\n")


if __name__ == "__main__":
    main()
