"""Comparing two quality recordings: the numbers of each side, the paired interval,
answers scored by their weakest claim, and claims matched by set, case and position."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from benchmarks.quality_compare import comparisons, format_table, read_recording
from benchmarks.quality_metrics import ClaimRecord, measure


def _line(case: str, unsupported: float, bad: bool, response_bad: bool | None) -> dict[str, Any]:
    return {
        "embedder": "hash",
        "rule": "calibrated",
        "version": "v",
        "set": "wice",
        "case": case,
        "document": f"doc-{case}",
        "unsupported": unsupported,
        "verdict": "unsupported" if unsupported >= 0.5 else "supported",
        "flagged": unsupported >= 0.5,
        "bad": bad,
        "response_flagged": False,
        "response_bad": response_bad,
    }


def _write(path: Path, lines: list[dict[str, Any]]) -> Path:
    path.write_text("".join(json.dumps(line) + "\n" for line in lines), encoding="utf-8")
    return path


# Eight one-claim answers (LABELS: not supported); `before` ranks some supported claims
# over unsupported ones (a tie among them), `after` none.
LABELS = [True, False, True, False, True, False, True, False]
BEFORE = [0.9, 0.6, 0.3, 0.1, 0.8, 0.7, 0.6, 0.2]
AFTER = [0.9, 0.1, 0.8, 0.2, 0.7, 0.3, 0.6, 0.4]


def test_before_after_and_a_paired_interval_per_column(tmp_path: Path) -> None:
    before = _write(
        tmp_path / "a.jsonl",
        [_line(f"c{i}", p, b, b) for i, (p, b) in enumerate(zip(BEFORE, LABELS, strict=True))],
    )
    after = _write(
        tmp_path / "b.jsonl",
        [_line(f"c{i}", p, b, b) for i, (p, b) in enumerate(zip(AFTER, LABELS, strict=True))],
    )
    table = comparisons(
        read_recording(before)["hash/calibrated"], read_recording(after)["hash/calibrated"]
    )
    first, second, interval = table["wice"]["claim AUROC"]
    assert first == pytest.approx(100 * 12.5 / 16)
    assert second == pytest.approx(100.0)
    assert interval is not None and interval[0] <= second - first <= interval[1]
    # One-claim answers: the response numbers are the claim numbers.
    assert table["wice"]["response AUROC"][:2] == table["wice"]["claim AUROC"][:2]
    assert "78.1 → 100.0, " in format_table("hash/calibrated", table)


def test_only_claims_in_both_recordings_are_compared(tmp_path: Path) -> None:
    before = _write(
        tmp_path / "a.jsonl", [_line("c0", 0.9, True, None), _line("c1", 0.1, False, None)]
    )
    after = _write(tmp_path / "b.jsonl", [_line("c0", 0.2, True, None)])
    table = comparisons(
        read_recording(before)["hash/calibrated"], read_recording(after)["hash/calibrated"]
    )
    # One claim, one class: no AUROC on either side, nothing to compare.
    assert table["wice"]["claim AUROC"] == (None, None, None)
    assert table["wice"]["response BAcc"] == (None, None, None)


def test_measure_scores_an_answer_by_its_weakest_claim() -> None:
    def record(case: str, unsupported: float, response_bad: bool) -> ClaimRecord:
        return ClaimRecord(
            case,
            case,
            unsupported,
            "x",
            unsupported >= 0.5,
            response_bad,
            response_bad,
            response_bad,
        )

    # Answer a (bad) has one weak claim among strong ones; b (good) is strong throughout.
    records = [record("a", 0.1, True), record("a", 0.7, True), record("b", 0.3, False)]
    numbers = measure(records)
    assert numbers["response AUROC"] == 1.0
    assert numbers["claim AUROC"] == 0.5  # a's strong claim ranks under b's
    assert numbers["claims"] == 3
