"""Fitting the calibrated scorer on labelled cases: rows recorded through the grader,
sets weighed equally, the operating point chosen over every set."""

from __future__ import annotations

import numpy as np
import pytest

from grounding_sidecar.common.inputs import Case
from grounding_sidecar.detection import HashEmbedder
from grounding_sidecar.detection.judging.calibration import CalibratedModel
from grounding_sidecar.detection.judging.features import FEATURE_NAMES, FEATURES
from grounding_sidecar.evaluation.agreement import label_case
from grounding_sidecar.evaluation.calibration_fit import (
    CONTAINMENT_BEST,
    MAX_COSINE,
    Recording,
    TrainingRows,
    clears_support_floor,
    equally_weighted,
    operating_point,
    set_scores,
    support_floor_of,
    training_rows,
)

SOURCE = "Order 5512 shipped on 3 June by ground freight from the Leeds depot."


def rows(cosines: list[float], supported: list[int]) -> TrainingRows:
    features = np.zeros((len(cosines), len(FEATURES)))
    features[:, MAX_COSINE] = cosines
    return TrainingRows(
        features,
        np.array(supported),
        np.arange(len(cosines)),
        np.array([s == 0 for s in supported]),
    )


def cosine_model() -> CalibratedModel:
    """P(supported) rising with the cosine alone."""
    weights = np.zeros(len(FEATURES))
    weights[MAX_COSINE] = 8.0
    mean, scale = np.full(len(FEATURES), 0.5), np.ones(len(FEATURES))
    return CalibratedModel("tag", FEATURE_NAMES, mean, scale, weights, 0.0, 0.5, "test")


def test_each_set_weighs_the_same_whatever_its_size() -> None:
    big, small = rows([0.9] * 30, [1] * 30), rows([0.1, 0.2], [0, 0])
    _, y, weight = equally_weighted({"big": big, "small": small})
    assert len(y) == 32
    assert weight[:30].sum() == pytest.approx(weight[30:].sum())
    assert weight.sum() == pytest.approx(32)


def test_the_operating_point_is_the_best_mean_over_the_sets() -> None:
    model = cosine_model()
    sets = {
        "a": rows([0.2, 0.3, 0.7, 0.8], [0, 0, 1, 1]),
        "b": rows([0.4, 0.45, 0.6, 0.65], [0, 0, 1, 1]),
    }
    chosen = operating_point(model, sets, support_floor=0.0)
    scores = set_scores(chosen, sets, 0.0, chosen.threshold)
    assert scores == {"a": 1.0, "b": 1.0}
    # One set's optimum alone would allow thresholds that fail the other.
    assert set_scores(model, sets, 0.0, 0.2) != scores


def test_a_claim_its_passage_holds_word_for_word_clears_the_floor_in_the_fit() -> None:
    features = np.zeros((3, len(FEATURES)))
    features[:, MAX_COSINE] = [0.5, 0.1, 0.1]
    features[:, CONTAINMENT_BEST] = [0.5, 1.0, 0.9]
    assert clears_support_floor(features, 0.2).tolist() == [True, True, False]


def test_the_support_floor_zeroes_claims_below_it_as_the_judge_does() -> None:
    sets = {"a": rows([0.35, 0.9], [1, 1])}
    assert set_scores(cosine_model(), sets, support_floor=0.4, threshold=0.2) == {"a": 0.0}


def test_rows_are_recorded_per_labelled_claim_through_the_grader() -> None:
    raw = {
        "id": "c1",
        "answer": f"{SOURCE} The parcel was lost at sea near Iceland in a storm.",
        "sources": [SOURCE],
        "claims": [
            {"text": SOURCE, "label": "supported"},
            {"text": "The parcel was lost at sea near Iceland in a storm.", "label": "unsupported"},
        ],
    }
    case = label_case(Case("c1", raw["answer"], [SOURCE], raw))
    embedder = HashEmbedder()
    recorded = training_rows(Recording.of(embedder, None, support_floor_of(embedder)), [case])
    assert recorded.features.shape == (2, len(FEATURES))
    assert list(recorded.supported) == [1, 0]
    assert recorded.features[0, MAX_COSINE] > recorded.features[1, MAX_COSINE]
