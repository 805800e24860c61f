"""A checker's output classes, mapped by name to the verifier's (docs/own-checker.md#labels).

Three-way NLI models name entailment, contradiction and neutral; two-label claim
checkers name a supported and an unsupported class.  Names are matched without case,
spaces, hyphens or underscores.  A two-label model says nothing of contradiction: its
`contradicted` is None, so the contradiction override never fires on it.  A label set
that maps to neither shape is refused with the labels named: guessing an order would
grade every claim backwards.
"""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from dataclasses import dataclass

from grounding_sidecar.detection.contract import Verification

_ENTAILED = frozenset({"entailment", "entailed", "entails", "supported", "support", "supports"})
_CONTRADICTED = frozenset({"contradiction", "contradicted", "contradicts", "refuted", "refutes"})
_NEITHER = frozenset({"neutral", "neither", "notenoughinfo", "nei", "unrelated"})
_TWO_LABEL_YES = _ENTAILED | frozenset({"consistent", "faithful", "grounded", "factual"})
_TWO_LABEL_NO = frozenset(
    {
        "unsupported",
        "notsupported",
        "inconsistent",
        "hallucinated",
        "hallucination",
        "notentailment",
        "nonentailment",
        "notentailed",
        "unfaithful",
        "ungrounded",
        "notfactual",
    }
)


class UnknownLabels(ValueError):
    """The model's labels map to neither a three-way nor a two-label checker."""


@dataclass(frozen=True, slots=True)
class LabelMap:
    """Which output column holds each of the verifier's classes."""

    entailed: int
    neither: int  # for a two-label checker: its "not supported" column
    contradicted: int | None  # None: the model has no contradiction class

    @property
    def count(self) -> int:
        return 2 if self.contradicted is None else 3

    def verification(self, probabilities: Sequence[float]) -> Verification:
        entailed = float(probabilities[self.entailed])
        if self.contradicted is None:
            return Verification(entailed, None, float(probabilities[self.neither]))
        contradicted = float(probabilities[self.contradicted])
        return Verification(entailed, contradicted, float(probabilities[self.neither]))


def label_map(id2label: Mapping[int, str]) -> LabelMap:
    """The columns of `id2label` (a config.json's, keys as ints), or UnknownLabels."""
    names = {index: _normal(label) for index, label in id2label.items()}
    if sorted(names) != list(range(len(names))):
        raise UnknownLabels(f"id2label must number its labels 0..n-1, got {dict(id2label)}")
    found = _three_way(names) if len(names) == 3 else _two_label(names)
    if found is None:
        labels = ", ".join(f"{i}: {id2label[i]!r}" for i in sorted(id2label))
        raise UnknownLabels(
            f"the model's labels ({labels}) are neither entailment / contradiction / neutral "
            "nor a two-label supported / unsupported pair; rename them in config.json's "
            "id2label (docs/own-checker.md#labels)"
        )
    return found


def _three_way(names: Mapping[int, str]) -> LabelMap | None:
    columns = [_column(names, kind) for kind in (_ENTAILED, _CONTRADICTED, _NEITHER)]
    entailed, contradicted, neither = columns
    if entailed is None or contradicted is None or neither is None:
        return None
    return LabelMap(entailed=entailed, neither=neither, contradicted=contradicted)


def _two_label(names: Mapping[int, str]) -> LabelMap | None:
    if len(names) != 2:
        return None
    yes, no = _column(names, _TWO_LABEL_YES), _column(names, _TWO_LABEL_NO)
    if yes is None or no is None:
        return None
    return LabelMap(entailed=yes, neither=no, contradicted=None)


def _column(names: Mapping[int, str], kind: frozenset[str]) -> int | None:
    matches = [index for index, name in names.items() if name in kind]
    return matches[0] if len(matches) == 1 else None


def _normal(label: str) -> str:
    return re.sub(r"[\s_-]+", "", str(label).lower())
