"""One graded claim as the quality benchmark records it, and the four numbers it
reports from a set of them (claim and response AUROC and balanced accuracy), defined
once for the benchmark's table and for quality_compare's paired bootstrap."""

from __future__ import annotations

import dataclasses
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

import numpy as np
import numpy.typing as npt

from grounding_sidecar.evaluation.agreement import auroc, balanced_accuracy

COLUMNS = ("claim AUROC", "claim BAcc", "response AUROC", "response BAcc")


@dataclass(frozen=True, slots=True)
class ClaimRecord:
    """A labelled claim graded: `unsupported` is 1 - P(supported); `verdict` its
    verdict (supported, unsupported or contradictory), `flagged` when it is not
    supported; `bad` when its label is not.  The response fields are its
    answer's (the same on every claim of a case; `response_bad` None when the case
    has no response label)."""

    case: str
    document: str
    unsupported: float
    verdict: str
    flagged: bool
    bad: bool
    response_flagged: bool
    response_bad: bool | None
    verified: bool = False  # whether the verifier read the claim


@dataclass(frozen=True, slots=True)
class Graded:
    """One configuration's claims on one set, in a fixed order, as arrays."""

    unsupported: npt.NDArray[np.float64]
    flagged: npt.NDArray[np.bool_]
    bad: npt.NDArray[np.bool_]
    response_flagged: npt.NDArray[np.bool_]
    response_bad: npt.NDArray[np.float64]  # 1, 0, or NaN without a label
    case: npt.NDArray[np.int_]  # the claim's case, numbered within the set


def as_graded(records: list[dict[str, Any]], cases: dict[str, int]) -> Graded:
    def column(name: str) -> list[Any]:
        return [r[name] for r in records]

    return Graded(
        np.array(column("unsupported"), dtype=np.float64),
        np.array(column("flagged"), dtype=bool),
        np.array(column("bad"), dtype=bool),
        np.array(column("response_flagged"), dtype=bool),
        np.array([np.nan if v is None else float(v) for v in column("response_bad")]),
        np.array([cases[r["case"]] for r in records], dtype=np.int_),
    )


Runs = list[npt.NDArray[np.int_]]  # the rows of each answer drawn, one array per answer


def _answers(g: Graded, runs: Runs) -> tuple[list[float], list[bool], list[bool]]:
    """Per answer drawn (a case drawn twice counts twice), its weakest claim's
    P(unsupported), its verdict and its label."""
    labelled = [run for run in runs if not np.isnan(g.response_bad[run[0]])]
    return (
        [float(g.unsupported[run].max()) for run in labelled],
        [bool(g.response_flagged[run[0]]) for run in labelled],
        [bool(g.response_bad[run[0]]) for run in labelled],
    )


def metric(column: str) -> Callable[[Graded, Runs], float | None]:
    """The benchmark's number `column` (AUROC and BAcc in points) on the answers drawn."""

    def value(g: Graded, runs: Runs) -> float | None:
        if column.startswith("claim"):
            rows = np.concatenate(runs)
            if column.endswith("AUROC"):
                result = auroc(g.unsupported[rows].tolist(), g.bad[rows].tolist())
            else:
                result = balanced_accuracy(g.flagged[rows], g.bad[rows])
        else:
            scores, flagged, bad = _answers(g, runs)
            if column.endswith("AUROC"):
                result = auroc(scores, bad)
            else:
                result = balanced_accuracy(flagged, bad)
        return None if result is None else 100 * result

    return value


def measure(records: Sequence[ClaimRecord]) -> dict[str, float | None]:
    """The four numbers of one set's claims (AUROC as a fraction, BAcc in %, as the
    benchmark's table prints them), and the claim count.  An answer's score is its
    weakest claim's (the highest P(unsupported))."""
    cases = {case: n for n, case in enumerate(dict.fromkeys(r.case for r in records))}
    graded = as_graded([dataclasses.asdict(r) for r in records], cases)
    runs = [np.flatnonzero(graded.case == n) for n in cases.values()]
    out: dict[str, float | None] = {"claims": float(len(records))}
    for column in COLUMNS:
        value = metric(column)(graded, runs) if runs else None
        out[column] = value / 100 if value is not None and column.endswith("AUROC") else value
    return out
