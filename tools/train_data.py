"""The licensed NLI training pairs (../shared/train/README.md): where they are and how
a record reads.  Like the evaluation data, they are read in place, never copied into
the checkout.

Where they are is one setting, read here alone: GROUNDING_SIDECAR_TRAIN_DIR, by default
`shared/train` beside the checkout (`<repo>/../shared/train`).  Free of torch, so the
loader is tested where the `train` extra is not installed.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from enum import StrEnum
from pathlib import Path

from tools.eval_data import configured_dir

TRAIN_DIR_VARIABLE = "GROUNDING_SIDECAR_TRAIN_DIR"
DEFAULT_TRAIN_DIR = Path(__file__).resolve().parents[2] / "shared" / "train"
NLI_FILE = "nli.jsonl"


def train_dir() -> Path:
    """The training data's folder (it may not exist: some checkouts have none)."""
    return configured_dir(TRAIN_DIR_VARIABLE, DEFAULT_TRAIN_DIR)


def nli_path() -> Path:
    return train_dir() / NLI_FILE


class NliLabel(StrEnum):
    """A record's human label.  NOT_ENTAILED comes from two-label sources that did not
    tell neutral from contradiction: it says only that the hypothesis is not entailed."""

    ENTAILMENT = "entailment"
    NEUTRAL = "neutral"
    CONTRADICTION = "contradiction"
    NOT_ENTAILED = "not_entailment"


@dataclass(frozen=True, slots=True)
class NliRecord:
    """One line of nli.jsonl: `source` names the corpus it came from (e.g. `snli-dev`) and
    `licence` that corpus's licence, for the model card's table."""

    premise: str
    hypothesis: str
    label: NliLabel
    source: str
    licence: str


class NliFormatError(ValueError):
    """A record the loader cannot read; the message names the file and line."""


def _record(raw: object, where: str) -> NliRecord:
    if not isinstance(raw, dict):
        raise NliFormatError(f"{where}: a record is a JSON object")
    try:
        label = NliLabel(str(raw.get("label")))
    except ValueError:
        known = ", ".join(label.value for label in NliLabel)
        raise NliFormatError(
            f"{where}: unknown label {raw.get('label')!r} (expected one of: {known})"
        ) from None
    fields = [raw.get(key) for key in ("premise", "hypothesis", "source", "licence")]
    if not all(isinstance(field, str) and field for field in fields):
        raise NliFormatError(f"{where}: premise, hypothesis, source and licence are strings")
    premise, hypothesis, source, licence = (str(field) for field in fields)
    return NliRecord(premise, hypothesis, label, source, licence)


def load_nli(path: Path) -> list[NliRecord]:
    """Every record of an nli.jsonl file, in file order; NliFormatError on the first
    malformed one (a record silently dropped would train a different model)."""
    records: list[NliRecord] = []
    with path.open(encoding="utf-8") as handle:
        for number, line in enumerate(handle, start=1):
            if not line.strip():
                continue
            where = f"{path}:{number}"
            try:
                raw = json.loads(line)
            except json.JSONDecodeError as error:
                raise NliFormatError(f"{where}: not JSON ({error.msg})") from None
            records.append(_record(raw, where))
    return records
