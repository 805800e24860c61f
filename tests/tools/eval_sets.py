"""Small labelled sets in the form of the evaluation data (`<name>.dev.jsonl`), made
from generated sentences: each case's source is a short document, its answer one
sentence copied from it (supported) and one from another document (unsupported) or
with its number changed (contradictory).  SummEdits cases carry a `group`, as the
real set does."""

from __future__ import annotations

import json
import random
from pathlib import Path
from typing import Any

SETS = ("attrbench", "factcheckgpt", "wice", "summedits")
_SUBJECTS = ("The harbour office", "The city library", "The regional airline", "The clinic")
_VERBS = ("reported", "announced", "confirmed", "recorded")
_OBJECTS = ("new visitors", "delayed flights", "repaired bridges", "issued permits")
_TAILS = ("after the long winter season", "during the spring festival week")


def _sentence(rng: random.Random, number: int) -> str:
    return (
        f"{rng.choice(_SUBJECTS)} {rng.choice(_VERBS)} {number} {rng.choice(_OBJECTS)} "
        f"{rng.choice(_TAILS)}."
    )


def _case(dataset: str, index: int, rng: random.Random, others: list[str]) -> dict[str, Any]:
    sentences = [_sentence(rng, 10 * index + k) for k in range(4)]
    kept = sentences[rng.randrange(4)]
    if rng.random() < 0.5:
        second, label = rng.choice(others), "unsupported"
    else:
        second, label = kept.replace(str(10 * index), str(10 * index + 7), 1), "contradictory"
    if second == kept:
        second, label = rng.choice(others), "unsupported"
    case: dict[str, Any] = {
        "id": f"{dataset}-{index}",
        "dataset": dataset,
        "sources": [" ".join(sentences)],
        "answer": f"{kept} {second}",
        "label_response": "ungrounded",
        "claims": [{"text": kept, "label": "supported"}, {"text": second, "label": label}],
    }
    if dataset == "summedits":
        case["group"] = f"summedits:test:{index}"
    return case


def write_eval_sets(directory: Path, cases_per_set: int = 40, seed: int = 5) -> Path:
    rng = random.Random(seed)
    directory.mkdir(parents=True, exist_ok=True)
    others = [_sentence(rng, 1000 + k) for k in range(20)]
    for dataset in SETS:
        lines = [json.dumps(_case(dataset, i, rng, others)) for i in range(cases_per_set)]
        (directory / f"{dataset}.dev.jsonl").write_text("\n".join(lines) + "\n", encoding="utf-8")
    return directory
