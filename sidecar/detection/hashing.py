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
import re
from collections.abc import Sequence
from functools import lru_cache

import numpy as np

from sidecar.detection.embedders import FloatMatrix

HASH_EMBEDDER_VERSION = "hash-v1"
# Unicode words (any script), keeping 3.14, 1,000 and don't as one token.
_TOKEN = re.compile(r"[^\W_]+(?:[.,'][^\W_]+)*")
_STOPWORDS = frozenset(
    [
        "a",
        "an",
        "the",
        "and",
        "or",
        "but",
        "if",
        "of",
        "to",
        "in",
        "on",
        "at",
        "by",
        "for",
        "from",
        "with",
        "as",
        "is",
        "are",
        "was",
        "were",
        "be",
        "been",
        "being",
        "it",
        "its",
        "this",
        "that",
        "these",
        "those",
        "there",
        "here",
        "he",
        "she",
        "they",
        "them",
        "his",
        "her",
        "their",
        "we",
        "our",
        "you",
        "your",
        "i",
        "me",
        "my",
        "do",
        "does",
        "did",
        "has",
        "have",
        "had",
        "will",
        "would",
        "can",
        "could",
        "should",
        "may",
        "might",
        "must",
        "so",
        "than",
        "then",
        "too",
        "very",
        "just",
        "also",
        "into",
        "over",
        "about",
        "up",
        "out",
        "such",
        "which",
        "who",
        "whom",
        "what",
        "when",
        "where",
        "how",
        "all",
        "any",
        "each",
        "both",
        "more",
        "most",
        "other",
        "some",
    ]
)
# Function words still count (negations and quantities live among them), but
# less, so that shared content words dominate the similarity.
_STOPWORD_WEIGHT = 0.35
_BIGRAM_WEIGHT = 0.5


def _stem(token: str) -> str:
    """A deliberately tiny suffix stripper: plural and tense variants collide."""
    if token[0].isdigit() or len(token) <= 4:
        return token
    for suffix, replacement in (("ies", "y"), ("ing", ""), ("ed", ""), ("es", ""), ("s", "")):
        if token.endswith(suffix) and len(token) - len(suffix) >= 3:
            return token[: len(token) - len(suffix)] + replacement
    return token


@lru_cache(maxsize=262_144)
def _feature(token: str, dim: int) -> tuple[int, float]:
    digest = int.from_bytes(hashlib.blake2b(token.encode(), digest_size=8).digest(), "little")
    return digest % dim, (1.0 if digest >> 63 else -1.0)


class HashEmbedder:
    """Feature hashing into `dim` signed buckets; rows are L2-normalised."""

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
        rows: list[int] = []
        columns: list[int] = []
        values: list[float] = []
        for row, text in enumerate(texts):
            for column, value in self._features(text):
                rows.append(row)
                columns.append(column)
                values.append(value)
        flat = np.bincount(
            np.asarray(rows, dtype=np.int64) * self._dim + np.asarray(columns, dtype=np.int64),
            weights=np.asarray(values, dtype=np.float64),
            minlength=len(texts) * self._dim,
        )
        matrix = flat.reshape(len(texts), self._dim).astype(np.float32)
        norms = np.linalg.norm(matrix, axis=1, keepdims=True)
        normalised: FloatMatrix = np.divide(
            matrix, norms, out=np.zeros_like(matrix), where=norms > 0
        )
        return normalised

    def _features(self, text: str) -> list[tuple[int, float]]:
        words = [_stem(token) for token in _TOKEN.findall(text.lower())]
        features: list[tuple[int, float]] = []
        for word in words:
            column, sign = _feature(word, self._dim)
            weight = _STOPWORD_WEIGHT if word in _STOPWORDS else 1.0
            features.append((column, sign * weight))
        for first, second in itertools.pairwise(words):
            column, sign = _feature(f"{first} {second}", self._dim)
            features.append((column, sign * _BIGRAM_WEIGHT))
        return features
