"""Fitting the calibrated scorer's parameters on labelled cases: the engine of
`grounding-sidecar calibrate --fit` and of `tools/training/fit_calibration.py` (the
shipped parameters).

Each labelled claim is graded once under the cosine rule while a recorder keeps its
evidence features (and, with a verifier, the verifier's reading); a monotone logistic
model is fitted on them, each set of cases weighing the same whatever its size; the
operating point is the threshold with the best mean balanced accuracy over the sets,
never one set's optimum.  Never used at run time: the server loads what this writes.
"""

from __future__ import annotations

from collections.abc import Collection, Mapping, Sequence
from dataclasses import dataclass, field, replace

import numpy as np
import numpy.typing as npt

from grounding_sidecar.detection import ClaimPolicy, Embedder, Grader
from grounding_sidecar.detection.contract import Verification
from grounding_sidecar.detection.embedding.base import weights_tag
from grounding_sidecar.detection.embedding.pipeline.cache import CachedEmbedder
from grounding_sidecar.detection.judging.calibration import CalibratedModel
from grounding_sidecar.detection.judging.evidence import ClaimEvidence
from grounding_sidecar.detection.judging.features import (
    FEATURES,
    FEATURES_WITH_VERIFIER,
    Feature,
    claim_features,
    verifier_features,
)
from grounding_sidecar.detection.judging.judgement import Judgement
from grounding_sidecar.detection.judging.judges import SUPPORT_FLOOR_MARGIN, CosineJudge
from grounding_sidecar.detection.verifier.base import Verifier
from grounding_sidecar.evaluation.agreement import (
    LabelledCase,
    auroc,
    balanced_accuracy,
    grade_labelled,
)
from grounding_sidecar.evaluation.fitting import fit_monotone_logistic

FloatArray = npt.NDArray[np.float64]
# The operating points a fit chooses among.
THRESHOLD_CANDIDATES = tuple(float(t) for t in np.round(np.arange(0.2, 0.81, 0.01), 2))
MAX_COSINE = [feature.name for feature in FEATURES].index("max_cosine")
CONTAINMENT_BEST = [feature.name for feature in FEATURES].index("containment_best")


@dataclass
class FeatureRecorder:
    """A judge that records every claim's features, then defers to the cosine rule."""

    inner: CosineJudge
    verify_floor: float  # the calibrated judge's support floor
    with_verifier: bool
    rows: list[FloatArray] = field(default_factory=list)

    @property
    def tag(self) -> str:
        return self.inner.tag

    def reading_matters(self, evidence: ClaimEvidence) -> bool:
        """Every claim the calibrated judge may support is read: the fit needs the
        reading wherever the fitted model will weigh it."""
        return evidence.cosine >= self.verify_floor

    def judge(self, evidence: ClaimEvidence, verification: Verification | None = None) -> Judgement:
        features = claim_features(evidence)
        if self.with_verifier:
            features = np.concatenate([features, verifier_features(verification)])
        self.rows.append(features)
        return self.inner.judge(evidence)


@dataclass(frozen=True)
class Recording:
    """A grader whose judge records features: grade cases through it, read the rows."""

    grader: Grader
    recorder: FeatureRecorder
    verifier_tag: str | None

    @classmethod
    def of(cls, embedder: Embedder, verifier: Verifier | None, verify_floor: float) -> Recording:
        recorder = FeatureRecorder(
            CosineJudge(embedder.default_threshold),
            verify_floor,
            with_verifier=verifier is not None,
        )
        grader = Grader(
            embedder, passage_embedder=CachedEmbedder(embedder), judge=recorder, verifier=verifier
        )
        return cls(grader, recorder, verifier.version_tag if verifier is not None else None)

    @property
    def features(self) -> tuple[Feature, ...]:
        return FEATURES_WITH_VERIFIER if self.recorder.with_verifier else FEATURES


@dataclass
class TrainingRows:
    """One set's claims: their features and labels, and which case each belongs to."""

    features: FloatArray
    supported: npt.NDArray[np.int_]
    case_of_row: npt.NDArray[np.int_]
    case_failed: npt.NDArray[np.bool_]  # the response label, per case

    def claim_balanced_accuracy(self, probability: FloatArray, threshold: float) -> float:
        return balanced_accuracy(probability < threshold, self.supported == 0) or 0.0

    def response_balanced_accuracy(self, probability: FloatArray, threshold: float) -> float:
        """An answer fails when its weakest claim is under the threshold."""
        weakest = np.ones(len(self.case_failed))
        np.minimum.at(weakest, self.case_of_row, probability)
        return balanced_accuracy(weakest < threshold, self.case_failed) or 0.0


def training_rows(recording: Recording, cases: Sequence[LabelledCase]) -> TrainingRows:
    rows: list[FloatArray] = []
    labels: list[int] = []
    case_of_row: list[int] = []
    failed: list[bool] = []
    recorder = recording.recorder
    for labelled in cases:
        recorder.rows.clear()
        result = grade_labelled(recording.grader, labelled, ClaimPolicy.STRICT)
        if not recorder.rows or len(recorder.rows) != len(result.claims):
            continue  # no claim, or an embedding failure: nothing to learn from
        rows.extend(recorder.rows)
        labels.extend(int(label.verdict.value == "supported") for label in labelled.claims)
        case_of_row.extend([len(failed)] * len(recorder.rows))
        failed.append(labelled.response is not None and labelled.response.value == "fail")
    width = len(recording.features)
    return TrainingRows(
        np.array(rows).reshape(-1, width), np.array(labels), np.array(case_of_row), np.array(failed)
    )


def equally_weighted(
    sets: Mapping[str, TrainingRows],
) -> tuple[FloatArray, npt.NDArray[np.int_], FloatArray]:
    """All sets' rows, labels and sample weights: each set weighs the same in total."""
    used = [rows for rows in sets.values() if len(rows.supported)]
    x = np.vstack([rows.features for rows in used])
    y = np.concatenate([rows.supported for rows in used])
    weight = np.concatenate(
        [np.full(len(rows.supported), 1.0 / len(rows.supported)) for rows in used]
    ) * (len(y) / len(used))
    return x, y, weight


def fitted_model(
    embedder: Embedder,
    data: tuple[FloatArray, npt.NDArray[np.int_], FloatArray],
    features: tuple[Feature, ...],
    fitted_on: str,
    *,
    verifier_tag: str | None = None,
) -> CalibratedModel:
    """The monotone logistic fit of (features, labels, sample weights), its threshold
    still to be chosen."""
    x, y, weight = data
    mean, scale, weights, bias = fit_monotone_logistic(
        x, y, sample_weight=weight, feature_set=features
    )
    return CalibratedModel(
        embedder_tag=weights_tag(embedder.version_tag),
        features=tuple(f.name for f in features),
        mean=mean,
        scale=scale,
        weights=weights,
        bias=bias,
        threshold=0.5,
        fitted_on=fitted_on,
        verifier_tag=verifier_tag,
    )


def clears_support_floor(features: FloatArray, floor: float) -> npt.NDArray[np.bool_]:
    """Whether each recorded claim (a row of evidence features) may be supported under
    a support floor of `floor`, as far as its features tell: its best cosine reaches
    the floor, or its best passage holds every content word of it (the judge's
    `judges.copied_from`, which also reads each word as written: the features cannot
    show a word the stemmer reads as a function word, so a few rows clear here that
    the judge keeps under)."""
    return np.asarray(
        (features[..., MAX_COSINE] >= floor) | (features[..., CONTAINMENT_BEST] >= 1.0)
    )


def floored_probability(model: CalibratedModel, rows: TrainingRows, floor: float) -> FloatArray:
    """P(supported) as the judge applies it: 0 for a claim the support floor keeps
    unsupported (`clears_support_floor`)."""
    return np.where(
        clears_support_floor(rows.features, floor), model.probability(rows.features), 0.0
    ).astype(np.float64)


def set_scores(
    model: CalibratedModel,
    sets: Mapping[str, TrainingRows],
    support_floor: float,
    threshold: float,
    response_sets: Collection[str] = (),
) -> dict[str, float]:
    """Balanced accuracy per set at `threshold`; a set in `response_sets` counts the
    mean of its claim and its response accuracy (answers judged by their weakest claim)."""
    out = {}
    for name, rows in sets.items():
        probability = floored_probability(model, rows, support_floor)
        score = rows.claim_balanced_accuracy(probability, threshold)
        if name in response_sets:
            score = (score + rows.response_balanced_accuracy(probability, threshold)) / 2
        out[name] = score
    return out


def operating_point(
    model: CalibratedModel,
    sets: Mapping[str, TrainingRows],
    support_floor: float,
    response_sets: Collection[str] = (),
) -> CalibratedModel:
    """`model` at the threshold with the best mean balanced accuracy over the sets."""

    def mean_score(threshold: float) -> float:
        scores = set_scores(model, sets, support_floor, threshold, response_sets)
        return float(np.mean(list(scores.values())))

    return replace(model, threshold=max(THRESHOLD_CANDIDATES, key=mean_score))


@dataclass(frozen=True)
class SetReport:
    """How a fitted model reads one set: claims, balanced accuracy at its threshold, and
    the AUROC of P(supported) beside the cosine's alone."""

    claims: int
    balanced_accuracy: float
    auroc: float | None
    cosine_auroc: float | None


def report_sets(
    model: CalibratedModel, sets: Mapping[str, TrainingRows], support_floor: float
) -> dict[str, SetReport]:
    """Each set as `model` reads it (a model of fewer features, such as the verifier-off
    parameters, reads the rows' leading columns: the evidence features come first)."""
    out = {}
    width = len(model.features)
    for name, rows in sets.items():
        if not len(rows.supported):
            continue
        rows = replace(rows, features=rows.features[:, :width])
        probability = floored_probability(model, rows, support_floor)
        supported = [bool(s) for s in rows.supported]
        out[name] = SetReport(
            claims=len(supported),
            balanced_accuracy=rows.claim_balanced_accuracy(probability, model.threshold),
            auroc=auroc(probability.tolist(), supported),
            cosine_auroc=auroc(rows.features[:, MAX_COSINE].tolist(), supported),
        )
    return out


def fit_sets(
    recording: Recording,
    sets: Mapping[str, TrainingRows],
    fitted_on: str,
    response_sets: Collection[str] = (),
) -> CalibratedModel:
    """The model fitted on `sets` (recorded through `recording`), each weighing the same,
    at its operating point.  `fitted_on` says what it was fitted on; its `{sizes}`
    becomes the claims per set."""
    embedder = recording.grader.embedder
    sizes = ", ".join(f"{name} {len(rows.supported)}" for name, rows in sets.items())
    model = fitted_model(
        embedder,
        equally_weighted(sets),
        recording.features,
        fitted_on.format(sizes=sizes),
        verifier_tag=recording.verifier_tag,
    )
    return operating_point(model, sets, support_floor_of(embedder), response_sets)


def support_floor_of(embedder: Embedder) -> float:
    """The cosine under which the calibrated judge supports nothing (judges.py)."""
    return embedder.default_threshold - SUPPORT_FLOOR_MARGIN
