"""Embedders by name.  A name that cannot load raises; it never falls back."""

from __future__ import annotations

from sidecar.detection.embedders import Embedder, EmbedderUnavailable
from sidecar.detection.hashing import HashEmbedder

EMBEDDER_NAMES = ("hash", "minilm")


def load_embedder(name: str) -> Embedder:
    if name == "hash":
        return HashEmbedder()
    if name == "minilm":
        try:
            from sidecar.detection.minilm import MiniLMEmbedder  # type: ignore[import-not-found,unused-ignore]
        except ImportError as exc:
            raise EmbedderUnavailable(f"the minilm embedder is not installed: {exc}") from exc
        embedder: Embedder = MiniLMEmbedder()
        return embedder
    raise EmbedderUnavailable(
        f"unknown embedder {name!r}; choose one of {', '.join(EMBEDDER_NAMES)}"
    )
