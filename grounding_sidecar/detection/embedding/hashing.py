"""The `hash` embedder: deterministic feature hashing of words and word pairs.

Cheap, dependency-free and identical on every machine: tokens are hashed with
BLAKE2b (never Python's per-process salted `hash()`), so two processes, or two
hosts, give bit-identical vectors.  It sees shared vocabulary, not meaning; it is
the CI embedder and a fallback for teams that cannot run the neural model, always
under its own name in the metric version.
"""

from __future__ import annotations

import hashlib
import itertools
from collections.abc import Sequence
from functools import lru_cache

import numpy as np
import numpy.typing as npt

from grounding_sidecar.detection.embedding.base import FloatMatrix
from grounding_sidecar.detection.text import words

HASH_EMBEDDER_VERSION = "hash-v1"
# Function words still count (negations and quantities live among them), but
# less, so that shared content words dominate the similarity.
_STOPWORD_WEIGHT = 0.35
_BIGRAM_WEIGHT = 0.5


def _feature(token: str, dim: int) -> tuple[int, float]:
    digest = int.from_bytes(hashlib.blake2b(token.encode(), digest_size=8).digest(), "little")
    return digest % dim, (1.0 if digest >> 63 else -1.0)


# Weighted features, cached: words repeat across texts far more often than they are
# new, and a BLAKE2b digest costs more than the dictionary lookup.  Sizes keep every
# cache of the detector within a few MiB however many distinct texts pass through
# (tests/detection/text/test_text_caches.py); a pair is usually new, so its cache stays small.
@lru_cache(maxsize=32_768)
def _word_feature(word: str, dim: int) -> tuple[int, float]:
    column, sign = _feature(word, dim)
    return column, sign * (_STOPWORD_WEIGHT if word in words.STOPWORDS else 1.0)


@lru_cache(maxsize=8_192)
def _pair_feature(first: str, second: str, dim: int) -> tuple[int, float]:
    column, sign = _feature(f"{first} {second}", dim)
    return column, sign * _BIGRAM_WEIGHT


class HashEmbedder:
    """Feature hashing into `dim` signed buckets; rows are L2-normalised."""

    cheap = True  # pure Python over a few hundred tokens

    def __init__(self, dim: int = 2048) -> None:
        self._dim = dim
        params = f"{HASH_EMBEDDER_VERSION}:dim={dim}:stop={_STOPWORD_WEIGHT}:bi={_BIGRAM_WEIGHT}"
        self._tag = f"{HASH_EMBEDDER_VERSION}@{hashlib.sha256(params.encode()).hexdigest()[:8]}"

    @property
    def name(self) -> str:
        return "hash"

    @property
    def version_tag(self) -> str:
        return self._tag

    @property
    def default_threshold(self) -> float:
        return 0.5

    @property
    def dim(self) -> int:
        return self._dim

    def embed(self, texts: Sequence[str]) -> FloatMatrix:
        if not texts:
            return np.zeros((0, self._dim), np.float32)
        features = [_text_features(text, self._dim) for text in texts]
        # One bincount over row * dim + column, in feature order: the sums are the same
        # float64 additions in the same order whatever the batch.
        flat = np.bincount(
            np.concatenate(
                [columns + row * self._dim for row, (columns, _) in enumerate(features)]
            ),
            weights=np.concatenate([values for _, values in features]),
            minlength=len(texts) * self._dim,
        )
        matrix = flat.reshape(len(texts), self._dim).astype(np.float32)
        norms = np.linalg.norm(matrix, axis=1, keepdims=True)
        normalised: FloatMatrix = np.divide(
            matrix, norms, out=np.zeros_like(matrix), where=norms > 0
        )
        return normalised


# Per text: sources repeat across requests, and a text's features never change.
@lru_cache(maxsize=2_048)
def _text_features(text: str, dim: int) -> tuple[npt.NDArray[np.int64], npt.NDArray[np.float64]]:
    tokens = words.words(text)
    features = [_word_feature(word, dim) for word in tokens]
    features += [_pair_feature(a, b, dim) for a, b in itertools.pairwise(tokens)]
    columns = np.fromiter((column for column, _ in features), np.int64, len(features))
    values = np.fromiter((value for _, value in features), np.float64, len(features))
    columns.flags.writeable = values.flags.writeable = False  # shared by every caller
    return columns, values


# Process-wide memo tables, bounded; listed by detection/caches.py.
CACHES = {
    "hash_word_features": _word_feature,
    "hash_pair_features": _pair_feature,
    "hash_text_features": _text_features,
}
