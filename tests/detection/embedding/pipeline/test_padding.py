"""Cutting length-sorted texts into runs: every row once, within the token budget and
the row limit, with the padding bounded (as the MiniLM backend cuts its calls); a round's
runs cut into even shares for the queue's workers."""

from __future__ import annotations

from grounding_sidecar.detection.embedding.minilm.runtime import (
    RUN_MAX_ROWS,
    RUN_TOKEN_BUDGET,
    _runs,
)
from grounding_sidecar.detection.embedding.pipeline.padding import balance, padded_cost


def test_runs_cover_every_row_once_within_budget() -> None:
    lengths = [3, 256, 12, 30, 41, 70, 100, 5, *([20] * 150), *([256] * 40)]
    runs = _runs(lengths)
    assert sorted(i for run in runs for i in run) == list(range(len(lengths)))
    for run in runs:
        longest = max(lengths[i] for i in run)
        assert len(run) <= RUN_MAX_ROWS and len(run) * longest <= RUN_TOKEN_BUDGET
        assert longest <= max(32, 2 * min(lengths[i] for i in run))  # bounded padding


def test_padded_cost_is_rows_times_the_longest_row() -> None:
    assert padded_cost([3, 5, 4], int) == 3 * 5


def test_balance_cuts_runs_over_an_even_share_into_equal_parts() -> None:
    runs = [[10] * 8, [2]]  # 80 and 2 padded tokens: a share of 41 for two workers
    balanced = balance(runs, int, workers=2)
    assert balanced == [[10] * 4, [10] * 4, [2]]
    assert balance(runs, int, workers=1) == runs  # one worker: nothing to even out
    assert balance([[50]], int, workers=4) == [[50]]  # never below one row
