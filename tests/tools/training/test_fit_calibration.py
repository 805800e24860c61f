"""fit_calibration on small generated sets (the hash embedder, no verifier): both recipes
write parameters the run time loads, fitted on the data they are given."""

from __future__ import annotations

import json
import sys
from pathlib import Path

import numpy as np
import pytest

from grounding_sidecar.detection import HashEmbedder
from grounding_sidecar.detection.contract import Verdict
from grounding_sidecar.detection.judging.calibration import CalibratedModel
from grounding_sidecar.detection.judging.features import FEATURES
from tests.tools.eval_sets import write_eval_sets
from tools.eval_data import EVAL_DIR_VARIABLE, load
from tools.training import fit_calibration


@pytest.fixture
def eval_sets(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    directory = write_eval_sets(tmp_path / "eval", cases_per_set=60)
    monkeypatch.setenv(EVAL_DIR_VARIABLE, str(directory))
    return directory


def _run(monkeypatch: pytest.MonkeyPatch, *args: str) -> None:
    monkeypatch.setattr(sys, "argv", ["fit_calibration", *args])
    fit_calibration.main()


def _written(path: Path) -> CalibratedModel:
    return CalibratedModel.from_json(json.loads(path.read_text(encoding="utf-8")))


@pytest.mark.usefixtures("eval_sets")
def test_the_mix_recipe_writes_a_loadable_model(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    out = tmp_path / "calibrated-hash.json"
    _run(monkeypatch, "--embedder", "hash", "--out", str(out))
    model = _written(out)
    assert model.embedder_tag == HashEmbedder().version_tag
    assert model.verifier_tag is None
    assert model.features == tuple(f.name for f in FEATURES)
    assert model.threshold in fit_calibration.THRESHOLD_CANDIDATES
    assert "calibration parts (claims: attrbench " in model.fitted_on
    assert "factcheckgpt " in model.fitted_on
    assert "rag " in model.fitted_on
    _assert_monotone_fit(model)


@pytest.mark.usefixtures("eval_sets")
def test_the_summedits_recipe_writes_its_model(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    out = tmp_path / "calibrated-hash.json"
    _run(monkeypatch, "--embedder", "hash", "--recipe", "summedits", "--out", str(out))
    model = _written(out)
    assert model.embedder_tag == HashEmbedder().version_tag
    assert model.fitted_on.startswith("SummEdits fit half (")
    assert model.threshold in fit_calibration.THRESHOLD_CANDIDATES
    _assert_monotone_fit(model)


def _assert_monotone_fit(model: CalibratedModel) -> None:
    """Each weight leans the way its feature is allowed to (evidence for support up,
    evidence against down), and the copied-versus-other signal was learnt."""
    weights = np.asarray(model.weights)
    directions = np.array([feature.direction for feature in FEATURES])
    assert (weights * directions >= 0).all()
    assert np.abs(weights).max() > 0.1


def test_the_mix_recipe_without_the_verifier_needs_an_out_path(
    eval_sets: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    with pytest.raises(SystemExit, match="give --out"):
        _run(monkeypatch, "--embedder", "hash")
    with pytest.raises(SystemExit, match="verifier-off parameters only"):
        _run(monkeypatch, "--embedder", "hash", "--recipe", "summedits", "--verifier")


def test_rag_cases_restate_own_sentences_and_borrow_foreign_ones(
    eval_sets: Path,
) -> None:
    cases = load("summedits")
    made = fit_calibration.rag_cases(cases)
    assert len(made) == len({c.case.sources[0] for c in cases})
    for case in made:
        (source,) = case.case.sources
        verdicts = [claim.verdict for claim in case.claims]
        assert verdicts == [Verdict.SUPPORTED, Verdict.SUPPORTED, Verdict.UNSUPPORTED]
        first, _, foreign = (case.case.answer[c.span[0] : c.span[1]] for c in case.claims)
        assert first in source
        assert foreign not in source
    assert fit_calibration.rag_cases(cases) == made  # seeded


def test_a_restatement_drops_a_leading_clause() -> None:
    sentence = "In the spring, the harbour office recorded forty new visitors each day."
    assert fit_calibration._trim_clause(sentence) == (
        "The harbour office recorded forty new visitors each day."
    )
    assert fit_calibration._trim_clause("No clause here at all.") == "No clause here at all."
