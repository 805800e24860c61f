"""Every process-wide memo table of the detector is listed, bounded, and reported."""

from __future__ import annotations

import ast
from pathlib import Path

from grounding_sidecar.detection import HashEmbedder, cache_sizes
from grounding_sidecar.detection.caches import PROCESS_CACHES
from grounding_sidecar.detection.text import words

PACKAGE = Path(__file__).resolve().parents[2] / "grounding_sidecar"


def memoised_functions() -> set[str]:
    """Every function in the package memoised process-wide (`cached_property` is per
    object, and goes with it)."""
    found = set()
    for path in PACKAGE.rglob("*.py"):
        for node in ast.walk(ast.parse(path.read_text())):
            if isinstance(node, ast.FunctionDef):
                for decorator in node.decorator_list:
                    target = decorator.func if isinstance(decorator, ast.Call) else decorator
                    name = (
                        target.id if isinstance(target, ast.Name) else getattr(target, "attr", "")
                    )
                    if name in {"lru_cache", "cache"}:
                        found.add(node.name)
    return found


def test_every_memoised_function_is_a_listed_cache() -> None:
    listed = {function.__wrapped__.__name__ for function in PROCESS_CACHES.values()}  # type: ignore[attr-defined]
    assert memoised_functions() == listed


def test_every_cache_has_a_bound() -> None:
    for name, size in cache_sizes().items():
        assert size.bound is not None and size.bound > 0, name


def test_sizes_follow_the_texts_analysed() -> None:
    before = cache_sizes()["words"].entries
    words.words("A sentence this test alone analyses: 7f3e2a.")
    assert cache_sizes()["words"].entries == min(before + 1, cache_sizes()["words"].bound)
    HashEmbedder().embed(["Another text only this test embeds: 91c4d0."])
    assert cache_sizes()["hash_text_features"].entries >= 1


def test_a_cache_holds_at_its_bound() -> None:
    bound = cache_sizes()["content_words"].bound
    for number in range(bound + 50):
        words.content_words(f"distinct text number {number} for the bound")
    assert cache_sizes()["content_words"].entries == bound
