"""The verifier-reading study's table on tiny synthetic inputs: AUROC and 3-way
accuracy per model, the paired-bootstrap gain, the cached rows and the rule-made rows
it reads (no model is run: the scores are made up)."""

from __future__ import annotations

import json
from dataclasses import asdict
from pathlib import Path

import numpy as np
import pytest

from tools.studies import verifier_reading
from tools.studies.verifier_reading import Row, compare, format_table
from tools.training.verifier.perturb import Label

E, C, N = int(Label.ENTAILED), int(Label.CONTRADICTED), int(Label.NEITHER)


def _probs(entailed: list[float]) -> np.ndarray:
    """Rows of (P(entailed), P(contradicted), P(neither)), the rest split evenly."""
    p = np.array(entailed)
    return np.stack([p, (1 - p) / 2, (1 - p) / 2], axis=1)


def _claims() -> list[Row]:
    truths = [E, N, E, C, E, N, E, N]
    return [
        Row("premise", f"claim {i}", truth, "wice", f"doc-{i // 2}")
        for i, truth in enumerate(truths)
    ]


def test_auroc_of_both_models_and_the_gain_with_an_interval() -> None:
    rows = _claims()
    # The baseline ranks one unsupported claim above three supported ones; the candidate
    # ranks every supported claim first.
    baseline = _probs([0.9, 0.8, 0.7, 0.2, 0.6, 0.1, 0.5, 0.3])
    candidate = _probs([0.9, 0.1, 0.8, 0.2, 0.7, 0.3, 0.6, 0.4])
    table = compare(rows, baseline, candidate, [])
    wice = table["wice"]
    assert (wice.rows, wice.entailed) == (8, 4)
    assert wice.baseline == pytest.approx(13 / 16)
    assert wice.candidate == pytest.approx(1.0)
    assert wice.difference == pytest.approx(100 * 3 / 16)
    assert wice.low is not None and wice.high is not None
    assert wice.low <= wice.difference <= wice.high
    assert wice.high <= 100


def test_the_same_scores_give_no_gain_and_a_zero_interval() -> None:
    rows = _claims()
    scores = _probs([0.9, 0.8, 0.7, 0.2, 0.6, 0.1, 0.5, 0.3])
    wice = compare(rows, scores, scores.copy(), [])["wice"]
    assert (wice.difference, wice.low, wice.high) == (0.0, 0.0, 0.0)


def test_rule_made_pairs_are_three_way_accuracy_after_the_claims() -> None:
    rows = _claims()[:2]
    rules = [Row("p", f"h{i}", truth, "own", f"pair-{i}") for i, truth in enumerate([E, C, N, E])]
    claim_scores = _probs([0.9, 0.1])
    # Baseline: right on 2 of 4 (E, C); candidate right on all four.
    baseline_rules = np.array([[0.8, 0.1, 0.1], [0.1, 0.8, 0.1], [0.1, 0.8, 0.1], [0.1, 0.1, 0.8]])
    candidate_rules = np.array([[0.8, 0.1, 0.1], [0.1, 0.8, 0.1], [0.1, 0.1, 0.8], [0.6, 0.2, 0.2]])
    table = compare(
        rows,
        np.vstack([claim_scores, baseline_rules]),
        np.vstack([claim_scores, candidate_rules]),
        rules,
    )
    made = table["rule-made"]
    assert (made.rows, made.entailed) == (4, 2)
    assert (made.baseline, made.candidate, made.difference) == (0.5, 1.0, 50.0)
    text = format_table(table, "shipped", "candidate")
    assert "rule-made" in text and "+50.0" in text and "wice" in text


def test_a_set_with_one_class_has_no_auroc() -> None:
    rows = [Row("p", "h", E, "feversym", "d")]
    result = compare(rows, _probs([0.5]), _probs([0.6]), [])["feversym"]
    assert (result.baseline, result.candidate, result.difference, result.low) == (
        None,
        None,
        None,
        None,
    )
    assert "feversym" in format_table({"feversym": result}, "a", "b")


def test_cached_rows_are_read_back_without_retrieval(tmp_path: Path) -> None:
    cache = tmp_path / "rows.jsonl"
    rows = _claims()
    cache.write_text("".join(json.dumps(asdict(r)) + "\n" for r in rows), encoding="utf-8")
    assert verifier_reading.cached_claim_rows(cache, None, rebuild=False) == rows


def test_rule_rows_are_the_held_out_rule_made_pairs(tmp_path: Path) -> None:
    pairs = tmp_path / "pairs.jsonl"
    records = [
        {"premise": "p", "hypothesis": "a", "label": E, "rule": "paraphrase", "part": "holdout"},
        {"premise": "p", "hypothesis": "b", "label": C, "rule": "real", "part": "holdout"},
        {"premise": "p", "hypothesis": "c", "label": N, "rule": "foreign", "part": "verifier"},
        {"premise": "p", "hypothesis": "d", "label": C, "rule": "antonym", "part": "holdout"},
    ]
    pairs.write_text(
        "".join(json.dumps(r | {"dataset": "wice"}) + "\n" for r in records), encoding="utf-8"
    )
    rows = verifier_reading.rule_rows(pairs, None)
    assert [(r.hypothesis, r.truth) for r in rows] == [("a", E), ("d", C)]
    assert len(verifier_reading.rule_rows(pairs, 1)) == 1
