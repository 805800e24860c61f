"""The evidence-reading study: which premises each way reads, and the table's AUROC,
gain and cost on made-up readings (no model is run)."""

from __future__ import annotations

import numpy as np

from tools.studies.evidence_reading import (
    WAYS,
    ClaimEvidenceRow,
    Readings,
    format_table,
    premises_of,
)
from tools.training.verifier.perturb import Label

E, N = int(Label.ENTAILED), int(Label.NEITHER)


def _row(truth: int, document: str) -> ClaimEvidenceRow:
    return ClaimEvidenceRow("claim", truth, "wice", document, ["p1", "p2", "p3"], "p0 p1 p4", 0.5)


def test_each_way_reads_its_premises() -> None:
    row = _row(E, "d")
    assert premises_of(row, "best") == ["p1"]
    assert premises_of(row, "top2") == ["p1", "p2"]
    assert premises_of(row, "top3") == ["p1", "p2", "p3"]
    assert premises_of(row, "neighbours") == ["p0 p1 p4"]
    assert premises_of(row, "top3+nb") == ["p1", "p2", "p3", "p0 p1 p4"]


def test_table_reports_each_way_against_best_and_its_cost() -> None:
    rows = [_row(truth, f"d{i}") for i, truth in enumerate([E, N, E, N])]
    best = np.array([[0.2, 0.4, 0.4], [0.9, 0.05, 0.05], [0.8, 0.1, 0.1], [0.1, 0.4, 0.5]])
    perfect = np.array([[0.9, 0.05, 0.05], [0.1, 0.4, 0.5], [0.8, 0.1, 0.1], [0.2, 0.4, 0.4]])
    probabilities = {way: (best if way == "best" else perfect) for way in WAYS}
    pairs = {way: len(premises_of(rows[0], way)) * 4 for way in WAYS}
    tokens = {way: 10 * pairs[way] for way in WAYS}
    table = format_table(rows, Readings(probabilities, pairs, tokens))
    wice = next(line for line in table.splitlines() if line.startswith("wice"))
    assert wice.split()[3] == "50.0"  # best ranks one of two unsupported claims first
    assert "100.0 (" in wice  # every other way ranks both supported claims first
    assert "top3 3.00x 3.00x" in table
