"""The calibrated scorer's parameters: loaded only for their embedder, named in the version."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from grounding_sidecar.detection import Grader, GraderSettings, HashEmbedder, ResponseVerdict
from grounding_sidecar.detection.contract import Scorer
from grounding_sidecar.detection.embedding.base import EmbedderUnavailable
from grounding_sidecar.detection.judging.calibration import (
    CalibratedModel,
    load_calibration,
    load_calibration_file,
    params_path,
)
from grounding_sidecar.detection.verifier.model import shipped_version_tag


def test_shipped_parameters_load_only_for_their_embedder(tmp_path: Path) -> None:
    model = load_calibration(HashEmbedder())
    assert model.embedder_tag == HashEmbedder().version_tag
    assert 0.0 < model.threshold < 1.0
    assert model.tag.startswith("cal-v1@")
    with pytest.raises(EmbedderUnavailable, match="fitted for"):
        load_calibration(HashEmbedder(dim=1024))
    data = json.loads(params_path("hash").read_text())
    data["features"] = data["features"][:-1]
    with pytest.raises(ValueError, match="features"):
        CalibratedModel.from_json(data)


def test_calibrated_grader_names_its_parameters_and_keeps_the_cosine() -> None:
    grader = Grader(HashEmbedder(), GraderSettings(scorer=Scorer.CALIBRATED))
    source = "Order 5512 shipped on 3 June by ground freight from the Leeds depot."
    result = grader.check(source, [source])
    assert result.verdict is ResponseVerdict.PASS
    threshold = load_calibration(HashEmbedder()).threshold
    assert "/cal-v1@" in result.version
    assert result.version.endswith(
        f"/p{threshold:.2f}c{HashEmbedder().default_threshold - 0.3:.2f}/lex8@20000"
    )
    grade = result.claims[0]
    assert grade.score == pytest.approx(1.0, abs=1e-5)  # the raw max cosine stays
    assert grade.probability is not None and grade.probability >= 0.5


def test_a_verifier_of_ones_own_grades_with_the_verifier_off_parameters() -> None:
    own = load_calibration(HashEmbedder(), "ver-v13+own@0123abcd")
    assert not own.uses_verifier and own.tag == load_calibration(HashEmbedder()).tag
    shipped = load_calibration(HashEmbedder(), shipped_version_tag())
    assert shipped.uses_verifier


def test_a_fitted_file_loads_only_for_its_embedder_and_verifier(tmp_path: Path) -> None:
    path = tmp_path / "params.json"
    path.write_text(params_path("hash").read_text())
    assert load_calibration_file(path, HashEmbedder()).tag == load_calibration(HashEmbedder()).tag
    with pytest.raises(EmbedderUnavailable, match="fitted for verifier off, not ver-fake@1"):
        load_calibration_file(path, HashEmbedder(), "ver-fake@1")
    with pytest.raises(EmbedderUnavailable, match="was fitted for hash-v1@"):
        load_calibration_file(path, HashEmbedder(dim=1024))


@pytest.mark.parametrize(
    "change",
    [
        lambda data: data.update(scale=[0.0] * len(data["scale"])),
        lambda data: data.update(weights=data["weights"][:-1]),
        lambda data: data.pop("bias"),
    ],
)
def test_a_fitted_file_that_cannot_grade_is_refused(tmp_path: Path, change: Any) -> None:
    data = json.loads(params_path("hash").read_text())
    change(data)
    path = tmp_path / "params.json"
    path.write_text(json.dumps(data))
    with pytest.raises(EmbedderUnavailable, match="is not usable"):
        load_calibration_file(path, HashEmbedder())


def test_a_missing_fitted_file_is_refused(tmp_path: Path) -> None:
    with pytest.raises(EmbedderUnavailable, match="is not usable"):
        load_calibration_file(tmp_path / "absent.json", HashEmbedder())


@pytest.mark.minilm
def test_the_int8_graph_is_graded_with_the_parameters_of_its_weights(tmp_path: Path) -> None:
    from grounding_sidecar.detection.embedding.minilm.runtime import MiniLMEmbedder
    from grounding_sidecar.detection.embedding.minilm.store import Precision

    fp32, int8 = (MiniLMEmbedder(precision=p) for p in (Precision.FP32, Precision.INT8))
    assert int8.version_tag.startswith(fp32.version_tag + "+int8@")
    assert load_calibration(int8).tag == load_calibration(fp32).tag
    other_weights = json.loads(params_path("minilm").read_text())
    other_weights["embedder_tag"] = "minilm-l6@00000000+int8@c007b383"
    path = tmp_path / "params.json"
    path.write_text(json.dumps(other_weights))
    with pytest.raises(EmbedderUnavailable, match="was fitted for minilm-l6@00000000"):
        load_calibration_file(path, int8)
