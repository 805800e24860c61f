"""The data folders' locations (one setting each: the evaluation data and the training
data) and the evaluation data's fixed splits."""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable
from pathlib import Path
from typing import NamedTuple

import pytest

from tests.tools.eval_sets import write_eval_sets
from tools import eval_data, train_data
from tools.eval_data import EVAL_DIR_VARIABLE, Part
from tools.train_data import TRAIN_DIR_VARIABLE


class Folder(NamedTuple):
    """A data folder: one setting, read through `configured_dir`."""

    variable: str
    path: Callable[[], Path]
    file_in_it: Callable[[], Path]  # a file the tools read from the folder
    file_name: str
    default: str  # the folder's name under ../shared


FOLDERS = [
    pytest.param(
        Folder(
            EVAL_DIR_VARIABLE,
            eval_data.eval_dir,
            lambda: eval_data.dataset_path("wice"),
            "wice.dev.jsonl",
            "eval",
        ),
        id="eval",
    ),
    pytest.param(
        Folder(TRAIN_DIR_VARIABLE, train_data.train_dir, train_data.nli_path, "nli.jsonl", "train"),
        id="train",
    ),
]


@pytest.mark.parametrize("folder", FOLDERS)
def test_the_folder_is_the_variable_when_set(
    folder: Folder, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv(folder.variable, str(tmp_path))
    assert folder.path() == tmp_path
    assert folder.file_in_it() == tmp_path / folder.file_name


@pytest.mark.parametrize("folder", FOLDERS)
def test_the_folder_defaults_to_its_shared_folder_beside_the_checkout(
    folder: Folder, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.delenv(folder.variable, raising=False)
    checkout = Path(eval_data.__file__).resolve().parents[1]
    assert folder.path() == checkout.parent / "shared" / folder.default


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
