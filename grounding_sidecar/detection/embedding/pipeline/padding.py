"""Cutting texts sorted by length into model runs whose padding stays bounded.

A run pads every row to its longest text, so its cost is rows x longest.  Both the
micro-batching queue (across callers) and the MiniLM backend (inside one call) cut
length-sorted texts into runs the same way; only their extra rules differ.  The queue
also cuts a round's runs into even shares for its workers (`balance`).
"""

from __future__ import annotations

import math
from collections.abc import Callable, Sequence
from typing import TypeVar

Row = TypeVar("Row")

# (tokens of the run's first, shortest text, tokens of the next text): cut before it?
CutRule = Callable[[int, int], bool]


def cut_runs(
    lengths: Sequence[int],
    token_budget: int,
    max_rows: int,
    cut_before: CutRule | None = None,
) -> list[range]:
    """Consecutive index ranges of ascending `lengths`, each within `max_rows` rows and
    `token_budget` padded tokens (a single text longer than the budget runs alone)."""
    runs: list[range] = []
    start = 0
    for index, tokens in enumerate(lengths):
        rows = index - start
        if rows and (
            rows >= max_rows
            # Ascending, so `tokens` is the run's longest if this text joins it.
            or (rows + 1) * tokens > token_budget
            or (cut_before is not None and cut_before(lengths[start], tokens))
        ):
            runs.append(range(start, index))
            start = index
    if start < len(lengths):
        runs.append(range(start, len(lengths)))
    return runs


def padded_cost(run: Sequence[Row], tokens: Callable[[Row], int]) -> int:
    """What a run costs the model: its rows times its longest row's tokens."""
    return len(run) * max(tokens(row) for row in run)


def balance(runs: list[list[Row]], tokens: Callable[[Row], int], workers: int) -> list[list[Row]]:
    """Runs cut so that none costs more than an even share of all of them for `workers`.

    Cost is padded tokens; a run over the share is cut into equal runs of rows
    (still in ascending length, so padding does not grow), never below one row.
    """
    share = math.ceil(sum(padded_cost(run, tokens) for run in runs) / workers)
    balanced: list[list[Row]] = []
    for run in runs:
        parts = min(len(run), math.ceil(padded_cost(run, tokens) / share))
        size, extra = divmod(len(run), parts)
        start = 0
        for part in range(parts):
            end = start + size + (1 if part < extra else 0)
            balanced.append(run[start:end])
            start = end
    return balanced
