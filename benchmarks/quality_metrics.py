"""One graded claim as the quality benchmark records it, and the four numbers it
reports from a set of them: claim and response AUROC and balanced accuracy."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

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


def measure(records: Sequence[ClaimRecord]) -> dict[str, float | None]:
    """The four numbers (BAcc in %), and the claim count.  An answer's score is its
    weakest claim's (the highest P(unsupported))."""
    answers: dict[str, tuple[float, bool, bool]] = {}
    for r in records:
        if r.response_bad is None:
            continue
        score = max(r.unsupported, answers[r.case][0]) if r.case in answers else r.unsupported
        answers[r.case] = (score, r.response_flagged, r.response_bad)
    scores = [a[0] for a in answers.values()]
    return {
        "claim AUROC": auroc([r.unsupported for r in records], [r.bad for r in records]),
        "claim BAcc": _percent(
            balanced_accuracy([r.flagged for r in records], [r.bad for r in records])
        ),
        "response AUROC": auroc(scores, [a[2] for a in answers.values()]),
        "response BAcc": _percent(
            balanced_accuracy([a[1] for a in answers.values()], [a[2] for a in answers.values()])
        ),
        "claims": float(len(records)),
    }


def _percent(value: float | None) -> float | None:
    return None if value is None else 100 * value
