"""The calibrated scorer's machinery: its parameters, and the metrics it is judged by."""

from __future__ import annotations

import itertools
import json
from pathlib import Path

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from grounding_sidecar.detection import Grader, GraderSettings, HashEmbedder, ResponseVerdict
from grounding_sidecar.detection.contract import Scorer
from grounding_sidecar.detection.embedding.base import EmbedderUnavailable
from grounding_sidecar.detection.judging.calibration import (
    CalibratedModel,
    load_calibration,
    params_path,
)
from grounding_sidecar.detection.judging.features import FEATURE_NAMES, FEATURES
from grounding_sidecar.detection.judging.judges import CalibratedJudge
from grounding_sidecar.evaluation.agreement import auroc, balanced_accuracy


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


@settings(max_examples=200, deadline=None)
@given(st.lists(st.tuples(st.integers(0, 5), st.booleans()), min_size=2, max_size=30))
def test_auroc_equals_the_pairwise_definition(pairs: list[tuple[int, bool]]) -> None:
    scores = [float(s) for s, _ in pairs]
    labels = [label for _, label in pairs]
    positives = [s for s, label in pairs if label]
    negatives = [s for s, label in pairs if not label]
    result = auroc(scores, labels)
    if not positives or not negatives:
        assert result is None
        return
    wins = sum(
        1.0 if p > n else 0.5 if p == n else 0.0 for p, n in itertools.product(positives, negatives)
    )
    assert result == pytest.approx(wins / (len(positives) * len(negatives)))


def test_balanced_accuracy() -> None:
    assert balanced_accuracy([True, False, False, False], [True, True, False, False]) == 0.75
    assert balanced_accuracy([True], [True]) is None


def test_calibrated_rule_never_supports_without_a_similar_passage() -> None:
    """A model that calls everything supported still cannot lift a dissimilar claim."""
    zeros = np.zeros(len(FEATURES))
    credulous = CalibratedModel("tag", FEATURE_NAMES, zeros, zeros + 1, zeros, 10.0, 0.5, "test")
    grader = Grader(HashEmbedder(), judge=CalibratedJudge(credulous, cosine_threshold=0.5))
    source = "Order 5512 shipped on 3 June by ground freight from the Leeds depot."
    near = grader.check("Order 5512 shipped on 3 June by ground freight.", [source])
    assert near.claims[0].verdict.value == "supported"
    far = grader.check("Refunds always arrive quickly for everyone.", [source])
    (grade,) = far.claims
    assert grade.probability is not None and grade.probability > 0.99
    assert grade.verdict.value == "unsupported"
    assert grade.rationale.startswith("no similar passage")
