"""A value handed out on demand that counts how often it was asked for: what a test
of a lazy read (the sources' words, read only when an answer needs them) asserts on."""

from __future__ import annotations

from typing import Generic, TypeVar

T = TypeVar("T")


class Counted(Generic[T]):
    def __init__(self, value: T) -> None:
        self.value = value
        self.reads = 0

    def __call__(self) -> T:
        self.reads += 1
        return self.value
