"""build_pairs on small generated sets: the pairs file it writes (real and rule-made
pairs by part, the project's own template pairs), byte for byte the same on a rerun.
The hash embedder stands in for MiniLM in picking each claim's passage; the rewrites
read WordNet (`make tools` installs it)."""

from __future__ import annotations

import json
import sys
from collections import Counter
from pathlib import Path
from typing import Any

import pytest

from grounding_sidecar.detection import HashEmbedder
from tests.tools.eval_sets import write_eval_sets
from tools.eval_data import EVAL_DIR_VARIABLE, Part, load, part_of
from tools.training.verifier import build_pairs
from tools.training.verifier.build_pairs import TRAINING_SETS
from tools.training.verifier.perturb import Label
from tools.training.verifier.wordnet import WORDNET_DIR


def _build(out: Path, eval_dir: Path, *options: str) -> None:
    with pytest.MonkeyPatch.context() as patch:
        patch.setenv(EVAL_DIR_VARIABLE, str(eval_dir))
        patch.setattr(build_pairs, "load_embedder", lambda name: HashEmbedder())
        patch.setattr(sys, "argv", ["build_pairs", "--out", str(out), *options])
        build_pairs.main()


@pytest.fixture(scope="module")
def eval_dir(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return write_eval_sets(tmp_path_factory.mktemp("eval"))


@pytest.fixture(scope="module")
def pairs_file(tmp_path_factory: pytest.TempPathFactory, eval_dir: Path) -> Path:
    assert (WORDNET_DIR / "data.noun").exists(), "WordNet is missing: run `make tools`"
    out = tmp_path_factory.mktemp("pairs") / "pairs.jsonl"
    _build(out, eval_dir)
    return out


@pytest.fixture
def eval_sets(eval_dir: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    monkeypatch.setenv(EVAL_DIR_VARIABLE, str(eval_dir))
    return eval_dir


def _records(path: Path) -> list[dict[str, Any]]:
    return [json.loads(line) for line in path.read_text(encoding="utf-8").splitlines()]


@pytest.mark.usefixtures("eval_sets")
def test_every_labelled_claim_is_a_real_pair_with_its_label(pairs_file: Path) -> None:
    real = [r for r in _records(pairs_file) if r["rule"] == "real"]
    expected = {"supported": Label.ENTAILED, "contradictory": Label.CONTRADICTED}
    for dataset in TRAINING_SETS:
        cases = load(dataset)
        mine = [r for r in real if r["dataset"] == dataset]
        claims = [(case, claim) for case in cases for claim in case.claims]
        assert len(mine) == len(claims)
        for record, (case, claim) in zip(mine, claims, strict=True):
            assert record["hypothesis"] == case.case.answer[claim.span[0] : claim.span[1]]
            assert record["label"] == expected.get(claim.verdict.value, Label.NEITHER)
            assert record["part"] == part_of(case).value
            assert record["premise"] in case.case.sources[0]


def test_rewrites_leave_the_calibration_documents_out(pairs_file: Path) -> None:
    records = _records(pairs_file)
    made = [r for r in records if r["rule"] != "real" and r["dataset"] in TRAINING_SETS]
    assert made
    assert {r["part"] for r in made} == {Part.VERIFIER.value, Part.HOLDOUT.value}
    assert {r["label"] for r in made} == set(Label)
    own = [r for r in records if r["dataset"] == "own"]
    assert Counter(r["part"] for r in own).keys() == {Part.VERIFIER.value, Part.HOLDOUT.value}


def test_a_rerun_writes_the_same_bytes(pairs_file: Path, eval_dir: Path, tmp_path: Path) -> None:
    again = tmp_path / "again.jsonl"
    _build(again, eval_dir)
    assert again.read_bytes() == pairs_file.read_bytes()


def test_sets_adds_a_trainable_set_and_refuses_a_measurement_only_one(
    tmp_path: Path, eval_dir: Path, eval_sets: Path
) -> None:
    out = tmp_path / "pairs.jsonl"
    _build(out, eval_dir, "--sets", "attrbench")
    real = [r for r in _records(out) if r["rule"] == "real"]
    assert {r["dataset"] for r in real} == {"attrbench"}
    assert len(real) == sum(len(case.claims) for case in load("attrbench"))
    with pytest.raises(SystemExit):
        _build(out, eval_dir, "--sets", "feversym")
