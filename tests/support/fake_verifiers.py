"""A verifier for tests: its reading of a pair is set by markers in the claim, and
every batch it is asked to read is recorded."""

from __future__ import annotations

from collections.abc import Sequence

from grounding_sidecar.detection.contract import Verification
from grounding_sidecar.detection.verifier.base import VerificationError

CONTRADICTS = "[contradicts]"  # read as a confident contradiction
FAILS = "[verifier-fails]"  # the whole batch fails


class MarkerVerifier:
    version_tag = "ver-fake@1"
    languages = frozenset({"en"})

    def __init__(self, contradicted: float = 0.99) -> None:
        self.contradicted = contradicted
        self.batches: list[list[tuple[str, str]]] = []

    def verify(self, pairs: Sequence[tuple[str, str]]) -> list[Verification]:
        self.batches.append(list(pairs))
        if any(FAILS in claim for _, claim in pairs):
            raise VerificationError("injected failure")
        out = []
        for _, claim in pairs:
            if CONTRADICTS in claim:
                rest = (1.0 - self.contradicted) / 2
                out.append(Verification(rest, self.contradicted, rest))
            else:
                out.append(Verification(0.9, 0.02, 0.08))
        return out
