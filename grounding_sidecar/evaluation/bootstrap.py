"""The paired bootstrap that quality comparisons (the benchmark, the studies) report
their differences with.

Resampling is by group (a case's claims, a document's rows): the groups are what the
held-out split keeps apart, so they are what a draw picks together.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

import numpy as np
import numpy.typing as npt


def group_members(groups: Sequence[object] | npt.NDArray[np.generic]) -> list[npt.NDArray[np.int_]]:
    """The positions of each group's members in `groups`, groups in sorted order."""
    _, index = np.unique(np.asarray(groups), return_inverse=True)
    return [np.flatnonzero(index == i) for i in range(index.max(initial=-1) + 1)]


def bootstrap_interval(
    groups: int,
    difference: Callable[[npt.NDArray[np.int_]], float | None],
    *,
    draws: int,
    seed: int,
) -> tuple[float, float] | None:
    """The 95% interval of `difference` over `draws` resamples of `groups` groups drawn
    with replacement (`difference` gets the drawn group indices; draws where it is
    undefined are left out); None when no draw is defined."""
    rng = np.random.default_rng(seed)
    samples: list[float] = []
    for _ in range(draws if groups else 0):
        value = difference(rng.integers(0, groups, groups))
        if value is not None:
            samples.append(value)
    if not samples:
        return None
    low, high = np.percentile(samples, [2.5, 97.5])
    return float(low), float(high)
