"""Cutting texts sorted by length into model runs whose padding stays bounded.

A run pads every row to its longest text, so its cost is rows x longest.  Both the
micro-batching queue (across callers) and the MiniLM backend (inside one call) cut
length-sorted texts into runs the same way; only their extra rules differ.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

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
