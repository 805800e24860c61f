"""The one scoring kernel: cosine of every claim against every passage."""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np
import numpy.typing as npt

from grounding_sidecar.detection.embedding.base import FloatMatrix


@dataclass(frozen=True, slots=True)
class Similarities:
    matrix: npt.NDArray[np.float32]  # (claims, passages)
    best_score: npt.NDArray[np.float32]  # (claims,)
    best_passage: npt.NDArray[np.intp]  # (claims,), argmax: the evidence


def score(
    claims: FloatMatrix,
    passages: FloatMatrix,
    allowed: npt.NDArray[np.bool_] | None = None,
) -> Similarities:
    """Rows must already be L2-normalised (see `embed_checked`).

    One matrix-vector product per claim, then one max and one argmax.  A claim's row
    is so the same whichever claims share its check (a matrix product of several
    claims rounds a row's last bit by how many there are), and a judgement made on it
    while a stream arrived holds for the final check (detection/memo.py).  It costs
    about what one matrix product does (10 claims by 1,500 passages of 384: 0.3 ms
    against 0.4; by 5,000: 1.5 ms against 0.8, measured on 2 cores).  `allowed` (claims x
    passages) excludes pairs from the max, e.g. reference passages for claims that
    only the supplied sources may support; an excluded pair scores -inf.
    """
    if passages.shape[0] == 0 or claims.shape[0] == 0:
        empty = np.zeros((claims.shape[0], passages.shape[0]), np.float32)
        return Similarities(
            empty,
            np.full(claims.shape[0], -1.0, np.float32),
            np.full(claims.shape[0], -1, np.intp),
        )
    products = np.stack([passages @ claim for claim in claims])
    matrix = np.clip(products, -1.0, 1.0).astype(np.float32)
    if allowed is not None:
        matrix = np.where(allowed, matrix, np.float32(-np.inf))
    return Similarities(matrix, matrix.max(axis=1), matrix.argmax(axis=1))
