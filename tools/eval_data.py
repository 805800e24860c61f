"""The evaluation data and its fixed splits, for the benchmarks, the training and study
tools and the tests: the labelled sets are read in place, never copied into the
checkout (their licences differ; ../shared/eval/README.md).

Where they are is one setting, read here alone: GROUNDING_SIDECAR_EVAL_DIR, by default
`shared/eval` beside the checkout (`<repo>/../shared/eval`).
"""

from __future__ import annotations

import hashlib
import os
from collections.abc import Iterator
from enum import StrEnum
from pathlib import Path

from grounding_sidecar.common.inputs import parse_case, read_case_lines
from grounding_sidecar.evaluation.agreement import LabelledCase, label_case

EVAL_DIR_VARIABLE = "GROUNDING_SIDECAR_EVAL_DIR"
DEFAULT_EVAL_DIR = Path(__file__).resolve().parents[2] / "shared" / "eval"


def configured_dir(variable: str, default: Path) -> Path:
    """The folder an environment variable names, else `default` (tools/train_data.py
    reads the training data's folder the same way)."""
    configured = os.environ.get(variable)
    return Path(configured) if configured else default


def eval_dir() -> Path:
    """The evaluation data's folder (it may not exist: some checkouts have none)."""
    return configured_dir(EVAL_DIR_VARIABLE, DEFAULT_EVAL_DIR)


def dataset_path(name: str) -> Path:
    return eval_dir() / f"{name}.dev.jsonl"


def load(name: str) -> list[LabelledCase]:
    return [label_case(parse_case(raw, n)) for n, raw in read_case_lines(str(dataset_path(name)))]


def in_fit_half(case: LabelledCase) -> bool:
    """SummEdits is split by source document (`group`), so no document is on both
    sides: the calibration is fitted on one half and reported on the other."""
    group = str(case.case.raw.get("group") or case.case.id)
    return int(hashlib.sha256(group.encode()).hexdigest(), 16) % 2 == 0


def summedits_halves() -> tuple[list[LabelledCase], list[LabelledCase]]:
    cases = load("summedits")
    return [c for c in cases if in_fit_half(c)], [c for c in cases if not in_fit_half(c)]


def iter_available(names: list[str]) -> Iterator[str]:
    for name in names:
        if dataset_path(name).exists():
            yield name


class Part(StrEnum):
    """Which use a labelled case may serve (docs/verifier.md#data): the verifier's
    training, the calibration fit, or held-out reporting.  Fixed by a hash of the
    case's document, so no document is on two sides."""

    VERIFIER = "verifier"
    CALIBRATION = "calibration"
    HOLDOUT = "holdout"


# Share-alike and non-commercial sets only ever measure (../shared/eval/README.md).
MEASUREMENT_ONLY = frozenset({"faithbench", "feversym"})
# The labelled sets whose licences allow fitting what ships (the verifier's weights, the
# calibrated scorer's parameters), each on its own part (`Part`).
TRAINABLE = ("attrbench", "factcheckgpt", "wice", "summedits")


def document_of(case: LabelledCase) -> str:
    """SummEdits groups summaries by source document; the claim/evidence sets pair one
    claim with several retrieved passages, so there the claim is the document."""
    return str(case.case.raw.get("group") or case.case.answer)


def _bucket(key: str, salt: str, buckets: int) -> int:
    return int(hashlib.sha256(f"{salt}:{key}".encode()).hexdigest(), 16) % buckets


def part_of(case: LabelledCase) -> Part:
    dataset = str(case.case.raw.get("dataset") or "")
    if dataset in MEASUREMENT_ONLY:
        return Part.HOLDOUT
    if dataset == "summedits":
        # The holdout half stays the one every earlier number was measured on.
        if not in_fit_half(case):
            return Part.HOLDOUT
        return Part.CALIBRATION if _bucket(document_of(case), "part", 3) == 0 else Part.VERIFIER
    bucket = _bucket(document_of(case), "part", 10)
    if bucket < 2:
        return Part.HOLDOUT
    return Part.CALIBRATION if bucket < 5 else Part.VERIFIER
