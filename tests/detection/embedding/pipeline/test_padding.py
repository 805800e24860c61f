"""Cutting length-sorted texts into runs: every row once, within the token budget and
the row limit, with the padding bounded (as the MiniLM backend cuts its calls)."""

from __future__ import annotations

from grounding_sidecar.detection.embedding.minilm.runtime import (
    RUN_MAX_ROWS,
    RUN_TOKEN_BUDGET,
    _runs,
)


def test_runs_cover_every_row_once_within_budget() -> None:
    lengths = [3, 256, 12, 30, 41, 70, 100, 5, *([20] * 150), *([256] * 40)]
    runs = _runs(lengths)
    assert sorted(i for run in runs for i in run) == list(range(len(lengths)))
    for run in runs:
        longest = max(lengths[i] for i in run)
        assert len(run) <= RUN_MAX_ROWS and len(run) * longest <= RUN_TOKEN_BUDGET
        assert longest <= max(32, 2 * min(lengths[i] for i in run))  # bounded padding
