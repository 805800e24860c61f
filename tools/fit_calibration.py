"""Fit the calibrated scorer's parameters for one embedder and write them to
`grounding_sidecar/detection/judging/params/calibrated-<embedder>.json`.

Data, all redistributable: the fit half of SummEdits (Apache-2.0; split by
source document, the other half is kept for reporting), and RAG-style cases made
from those same sources: a source sentence restated is supported, a sentence
from another document is not.  FaithBench (non-commercial) is never used here.

    python tools/fit_calibration.py --embedder minilm
"""

from __future__ import annotations

import argparse
import dataclasses
import json
import random
import sys
from collections.abc import Sequence
from dataclasses import dataclass, field
from pathlib import Path

import numpy as np
import numpy.typing as npt

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "benchmarks"))
from eval_data import summedits_halves

from grounding_sidecar.common.inputs import Case
from grounding_sidecar.detection import ClaimPolicy, Grader, load_embedder
from grounding_sidecar.detection.embedding.pipeline.cache import CachedEmbedder
from grounding_sidecar.detection.judging.calibration import (
    CalibratedModel,
    params_path,
)
from grounding_sidecar.detection.judging.corpus import SourceCorpus
from grounding_sidecar.detection.judging.features import FEATURE_NAMES, claim_features
from grounding_sidecar.detection.judging.judges import CosineJudge, Judgement
from grounding_sidecar.detection.text.passages import Passage
from grounding_sidecar.detection.text.sentences import split_sentences
from grounding_sidecar.evaluation.agreement import (
    LabelledCase,
    balanced_accuracy,
    grade_labelled,
    label_case,
)
from grounding_sidecar.evaluation.fitting import fit_monotone_logistic


@dataclass
class FeatureRecorder:
    """A judge that records every claim's features, then defers to the cosine rule."""

    inner: CosineJudge
    rows: list[npt.NDArray[np.float64]] = field(default_factory=list)

    @property
    def tag(self) -> str:
        return self.inner.tag

    def judge(
        self,
        claim: str,
        similarities: npt.NDArray[np.float32],
        best_index: int,
        passages: Sequence[Passage],
        corpus: SourceCorpus,
    ) -> Judgement:
        self.rows.append(claim_features(claim, similarities, passages, corpus))
        return self.inner.judge(claim, similarities, best_index, passages, corpus)


def rag_cases(cases: list[LabelledCase], seed: int = 13) -> list[LabelledCase]:
    """Supported restatements and foreign sentences over the same sources."""
    rng = random.Random(seed)
    documents = sorted({c.case.sources[0] for c in cases if c.case.sources})
    sentences = {
        doc: [doc[s.start : s.end] for s in split_sentences(doc) if len(doc[s.start : s.end]) > 40]
        for doc in documents
    }
    usable = [doc for doc in documents if len(sentences[doc]) >= 2]
    made: list[LabelledCase] = []
    for number, doc in enumerate(usable):
        own = rng.sample(sentences[doc], 2)
        other = rng.choice([d for d in usable if d != doc])
        foreign = rng.choice(sentences[other])
        texts = [
            (own[0], "supported"),
            (_trim_clause(own[1]), "supported"),
            (foreign, "unsupported"),
        ]
        answer = " ".join(text for text, _ in texts)
        case_id = f"rag-{number}"
        raw = {
            "id": case_id,
            "sources": [doc],
            "answer": answer,
            "claims": [{"text": text, "label": label} for text, label in texts],
        }
        made.append(label_case(Case(case_id, answer, [doc], raw)))
    return made


def _trim_clause(sentence: str) -> str:
    """A light restatement: drop a leading or trailing clause when there is one."""
    _, _, tail = sentence.partition(", ")
    return tail[0].upper() + tail[1:] if tail and len(tail) > 30 else sentence


@dataclass
class TrainingRows:
    features: npt.NDArray[np.float64]
    supported: npt.NDArray[np.int_]
    case_of_row: npt.NDArray[np.int_]
    case_failed: npt.NDArray[np.bool_]  # the response label, per case

    def response_balanced_accuracy(self, probability: npt.NDArray[np.float64], t: float) -> float:
        """An answer fails when its weakest claim is under the threshold."""
        weakest = np.ones(len(self.case_failed))
        np.minimum.at(weakest, self.case_of_row, probability)
        return balanced_accuracy(weakest < t, self.case_failed) or 0.0


def training_rows(
    grader: Grader, recorder: FeatureRecorder, cases: list[LabelledCase]
) -> TrainingRows:
    rows: list[npt.NDArray[np.float64]] = []
    labels: list[int] = []
    case_of_row: list[int] = []
    failed: list[bool] = []
    for labelled in cases:
        recorder.rows.clear()
        result = grade_labelled(grader, labelled, ClaimPolicy.STRICT)
        if not recorder.rows or len(recorder.rows) != len(result.claims):
            continue  # no claim, or an embedding failure: nothing to learn from
        rows.extend(recorder.rows)
        labels.extend(int(label.verdict.value == "supported") for label in labelled.claims)
        case_of_row.extend([len(failed)] * len(recorder.rows))
        failed.append(labelled.response is not None and labelled.response.value == "fail")
    return TrainingRows(np.array(rows), np.array(labels), np.array(case_of_row), np.array(failed))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--embedder", default="minilm")
    parser.add_argument("--out", type=Path, help="default: the shipped parameter file")
    args = parser.parse_args()
    embedder = load_embedder(args.embedder)
    recorder = FeatureRecorder(CosineJudge(embedder.default_threshold))
    grader = Grader(embedder, passage_embedder=CachedEmbedder(embedder), judge=recorder)
    fit_half, _ = summedits_halves()
    summaries = training_rows(grader, recorder, fit_half)
    rag = training_rows(grader, recorder, rag_cases(fit_half))
    summary_x, summary_y = summaries.features, summaries.supported
    rag_x, rag_y = rag.features, rag.supported
    x = np.vstack([summary_x, rag_x])
    y = np.concatenate([summary_y, rag_y])
    # Each source of data weighs the same in total, whatever its size.
    weight = np.concatenate(
        [np.full(len(summary_y), 0.5 / len(summary_y)), np.full(len(rag_y), 0.5 / len(rag_y))]
    ) * len(y)
    mean, scale, weights, bias = fit_monotone_logistic(x, y, sample_weight=weight)
    model = CalibratedModel(
        embedder_tag=embedder.version_tag,
        features=FEATURE_NAMES,
        mean=mean,
        scale=scale,
        weights=weights,
        bias=bias,
        threshold=0.5,
        fitted_on=(
            f"SummEdits fit half ({len(summary_y)} claims) + RAG restatements from its sources "
            f"({len(rag_y)} claims), equal weight; monotone logistic, l2=1; threshold: best sum "
            "of SummEdits-fit response and claim BAcc and RAG claim BAcc"
        ),
    )
    probability = model.probability(x)
    # One threshold serves three uses, weighed equally: whole summaries judged by
    # their weakest claim, summary claims one by one, and RAG claims one by one.
    candidates = np.round(np.arange(0.2, 0.81, 0.01), 2)
    scores = [
        summaries.response_balanced_accuracy(probability[: len(summary_y)], t)
        + (balanced_accuracy(probability[: len(summary_y)] < t, summary_y == 0) or 0.0)
        + (balanced_accuracy(probability[len(summary_y) :] < t, rag_y == 0) or 0.0)
        for t in candidates
    ]
    threshold = float(candidates[int(np.argmax(scores))])
    model = dataclasses.replace(model, threshold=threshold)
    out = args.out or params_path(embedder.name)
    out.write_text(json.dumps(model.to_json(), indent=2) + "\n", encoding="utf-8")
    print(f"wrote {out} ({model.tag}, threshold {threshold:.2f})")
    for name, value in zip(FEATURE_NAMES, weights, strict=True):
        print(f"  {name:<28} {value:+.3f}")


if __name__ == "__main__":
    main()
