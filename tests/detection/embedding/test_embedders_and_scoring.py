from __future__ import annotations

import json
import subprocess
import sys

import numpy as np
from hypothesis import given, settings
from hypothesis import strategies as st
from hypothesis.extra.numpy import arrays

from grounding_sidecar.detection import HashEmbedder
from grounding_sidecar.detection.embedding.base import EmbeddingError, embed_checked
from grounding_sidecar.detection.judging.scoring import score

SENTENCES = [
    "Order 5512 shipped on 3 June by ground freight.",
    "Ground freight takes 4 to 6 business days.",
    "Ünïcödé text, emoji 🚚 and numbers 3.14 all hash.",
    "",
]


def test_hash_embedder_is_identical_in_separate_processes() -> None:
    program = (
        "import json, sys; from grounding_sidecar.detection import HashEmbedder; "
        "texts = json.loads(sys.argv[1]); "
        "print(json.dumps(HashEmbedder().embed(texts).tolist()))"
    )
    runs = [
        subprocess.run(
            [sys.executable, "-c", program, json.dumps(SENTENCES)],
            check=True,
            capture_output=True,
            text=True,
            env={"PYTHONHASHSEED": seed},
        ).stdout
        for seed in ("1", "2")
    ]
    assert runs[0] == runs[1]
    in_process = HashEmbedder().embed(SENTENCES)
    assert np.array_equal(np.asarray(json.loads(runs[0]), dtype=np.float32), in_process)


def test_hash_embedder_batches_equal_single_rows_and_are_normalised() -> None:
    embedder = HashEmbedder()
    batch = embedder.embed(SENTENCES)
    for row, text in enumerate(SENTENCES):
        assert np.array_equal(batch[row], embedder.embed([text])[0])
    norms = np.linalg.norm(batch, axis=1)
    assert np.allclose(norms[:3], 1.0, atol=1e-6)
    assert norms[3] == 0.0  # nothing to hash: a zero row, which embed_checked rejects


class _Broken:
    name = "broken"
    version_tag = "broken@0"
    default_threshold = 0.5
    cheap = False

    def __init__(self, result: object) -> None:
        self.result = result

    def embed(self, texts: object) -> object:
        if isinstance(self.result, Exception):
            raise self.result
        return self.result


def test_embed_checked_rejects_errors_zero_rows_nan_and_bad_shapes() -> None:
    texts = ["a", "b"]
    assert not embed_checked(_Broken(EmbeddingError("down")), texts).ok.any()  # type: ignore[arg-type]
    assert not embed_checked(_Broken(RuntimeError("bug")), texts).ok.any()  # type: ignore[arg-type]
    assert not embed_checked(_Broken(np.ones((3, 4))), texts).ok.any()  # type: ignore[arg-type]
    mixed = np.array([[1.0, 0.0], [0.0, 0.0]], dtype=np.float32)
    assert embed_checked(_Broken(mixed), texts).ok.tolist() == [True, False]  # type: ignore[arg-type]
    nan = np.array([[np.nan, 1.0], [2.0, 0.0]], dtype=np.float32)
    checked = embed_checked(_Broken(nan), texts)  # type: ignore[arg-type]
    assert checked.ok.tolist() == [False, True]
    assert np.allclose(checked.vectors[1], [1.0, 0.0])
    assert embed_checked(HashEmbedder(), [""]).ok.tolist() == [False]


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
