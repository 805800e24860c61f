"""The cosine kernel: each claim's best allowed passage, as a naive loop finds it."""

from __future__ import annotations

import numpy as np
from hypothesis import given, settings
from hypothesis import strategies as st
from hypothesis.extra.numpy import arrays

from grounding_sidecar.detection.judging.scoring import score


def _unit_rows(rows: int, cols: int) -> st.SearchStrategy[np.ndarray]:
    return arrays(
        np.float32, (rows, cols), elements=st.floats(-1, 1, width=32, allow_subnormal=False)
    ).filter(lambda m: bool((np.linalg.norm(m, axis=1) > 1e-3).all()))


@settings(max_examples=150, deadline=None)
@given(st.data(), st.integers(1, 6), st.integers(1, 7), st.integers(1, 5))
def test_kernel_equals_a_naive_loop(data: st.DataObject, n: int, m: int, dim: int) -> None:
    claims = data.draw(_unit_rows(n, dim))
    passages = data.draw(_unit_rows(m, dim))
    claims /= np.linalg.norm(claims, axis=1, keepdims=True)
    passages /= np.linalg.norm(passages, axis=1, keepdims=True)
    allowed = data.draw(arrays(np.bool_, (n, m)))
    allowed[:, 0] = True  # every claim may use at least one passage
    result = score(claims, passages, allowed)
    for i in range(n):
        best, best_j = -np.inf, -1
        for j in range(m):
            if not allowed[i, j]:
                continue
            cosine = sum(float(claims[i, k]) * float(passages[j, k]) for k in range(dim))
            cosine = min(1.0, max(-1.0, cosine))
            if cosine > best + 1e-6:
                best, best_j = cosine, j
        assert abs(float(result.best_score[i]) - best) < 1e-5
        assert abs(float(result.matrix[i, result.best_passage[i]]) - best) < 1e-5
        assert allowed[i, result.best_passage[i]]
        assert best_j >= 0


def test_kernel_with_no_passages_scores_minus_one() -> None:
    result = score(np.ones((2, 3), np.float32), np.zeros((0, 3), np.float32))
    assert result.best_score.tolist() == [-1.0, -1.0]


def test_a_claims_row_is_the_same_whichever_claims_share_its_check() -> None:
    # A stream's steps judge a sentence alone and the final check judges it among the
    # others; the memo reuses the judgement only because the row is bit for bit equal.
    rng = np.random.default_rng(7)
    claims = rng.standard_normal((9, 384)).astype(np.float32)
    passages = rng.standard_normal((40, 384)).astype(np.float32)
    claims /= np.linalg.norm(claims, axis=1, keepdims=True)
    passages /= np.linalg.norm(passages, axis=1, keepdims=True)
    together = score(claims, passages).matrix
    for i in range(len(claims)):
        alone = score(claims[i : i + 1], passages).matrix
        assert alone[0].tobytes() == together[i].tobytes()
