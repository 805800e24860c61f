"""The evaluation data's location (one setting) and its fixed splits."""

from __future__ import annotations

from collections import Counter
from pathlib import Path

import pytest

from tests.tools.eval_sets import write_eval_sets
from tools import eval_data
from tools.eval_data import EVAL_DIR_VARIABLE, Part


def test_the_folder_is_the_variable_when_set(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv(EVAL_DIR_VARIABLE, str(tmp_path))
    assert eval_data.eval_dir() == tmp_path
    assert eval_data.dataset_path("wice") == tmp_path / "wice.dev.jsonl"


def test_the_folder_defaults_to_shared_eval_beside_the_checkout(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.delenv(EVAL_DIR_VARIABLE, raising=False)
    checkout = Path(eval_data.__file__).resolve().parents[1]
    assert eval_data.eval_dir() == checkout.parent / "shared" / "eval"


def test_sets_are_read_from_the_folder_and_only_present_ones_listed(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv(EVAL_DIR_VARIABLE, str(write_eval_sets(tmp_path, cases_per_set=6)))
    cases = eval_data.load("wice")
    assert [c.case.id for c in cases] == [f"wice-{i}" for i in range(6)]
    assert all(len(c.claims) == 2 for c in cases)
    assert list(eval_data.iter_available(["wice", "feversym", "summedits"])) == [
        "wice",
        "summedits",
    ]


def test_parts_split_by_document_into_every_use(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv(EVAL_DIR_VARIABLE, str(write_eval_sets(tmp_path, cases_per_set=60)))
    for name in ("factcheckgpt", "summedits"):
        cases = eval_data.load(name)
        parts = Counter(eval_data.part_of(c) for c in cases)
        assert set(parts) == set(Part), (name, parts)
    fit_half, holdout_half = eval_data.summedits_halves()
    assert fit_half and holdout_half
    assert all(eval_data.part_of(c) is Part.HOLDOUT for c in holdout_half)
    assert not any(eval_data.part_of(c) is Part.HOLDOUT for c in fit_half)


def test_measurement_only_sets_are_always_held_out(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv(EVAL_DIR_VARIABLE, str(write_eval_sets(tmp_path, cases_per_set=10)))
    for case in eval_data.load("factcheckgpt"):
        case.case.raw["dataset"] = "feversym"
        assert eval_data.part_of(case) is Part.HOLDOUT
