"""embed_checked: which rows of an embedder's answer are usable."""

from __future__ import annotations

import numpy as np

from grounding_sidecar.detection import HashEmbedder
from grounding_sidecar.detection.embedding.base import EmbeddingError, embed_checked, weights_tag


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


def test_the_weights_tag_leaves_out_the_graph() -> None:
    assert weights_tag("minilm-l6@d40dafbc+int8@c007b383") == "minilm-l6@d40dafbc"
    assert weights_tag("minilm-l6@d40dafbc") == "minilm-l6@d40dafbc"
    assert weights_tag("hash-v1@377f273f") == "hash-v1@377f273f"
