"""Which parts of the labelled sets the quality benchmark grades."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from benchmarks.quality import PARTS, labelled_sets
from grounding_sidecar.evaluation.agreement import LabelledCase
from tools.eval_data import EVAL_DIR_VARIABLE, Part, part_of


def _write_set(folder: Path, name: str, answers: int) -> None:
    lines = []
    for n in range(answers):
        answer = f"Order {n} shipped on 3 June."
        lines.append(
            {
                "id": f"{name}-{n}",
                "dataset": name,
                "task": "test",
                "sources": [answer],
                "answer": answer,
                "label_response": "grounded",
                "claims": [{"text": answer, "label": "supported"}],
            }
        )
    (folder / f"{name}.dev.jsonl").write_text("\n".join(json.dumps(line) for line in lines))


@pytest.fixture
def eval_folder(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    _write_set(tmp_path, "attrbench", 60)
    _write_set(tmp_path, "faithbench", 5)
    monkeypatch.setenv(EVAL_DIR_VARIABLE, str(tmp_path))
    return tmp_path


def _ids(sets: dict[str, list[LabelledCase]]) -> dict[str, set[str]]:
    return {label: {case.case.id for case in cases} for label, cases in sets.items()}


def test_the_held_out_and_the_studied_parts_split_a_set(eval_folder: Path) -> None:
    held = _ids(labelled_sets(["attrbench", "faithbench"], PARTS["holdout"]))
    studied = _ids(labelled_sets(["attrbench", "faithbench"], PARTS["studied"]))
    # A set only ever measured is held out whole, under its plain name.
    assert set(held) == {"attrbench (holdout)", "faithbench"}
    assert len(held["faithbench"]) == 5
    assert set(studied) == {"attrbench (calibration+verifier)"}
    both = held["attrbench (holdout)"], studied["attrbench (calibration+verifier)"]
    assert all(both) and not both[0] & both[1]
    assert len(both[0] | both[1]) == 60


def test_each_case_is_graded_in_its_own_part(eval_folder: Path) -> None:
    for choice, parts in PARTS.items():
        for cases in labelled_sets(["attrbench"], parts).values():
            assert cases, choice
            assert {part_of(case) for case in cases} <= set(parts)
    assert PARTS["studied"] == (Part.CALIBRATION, Part.VERIFIER)
