"""What the grader needs of a verifier (what it says about one pair is
`contract.Verification`)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Protocol

from grounding_sidecar.detection.contract import Verification
from grounding_sidecar.detection.embedding.base import EmbedderUnavailable


class VerifierUnavailable(EmbedderUnavailable):
    """The verifier is configured but cannot be loaded (missing or altered file).

    Raised at start-up, and handled wherever a model that cannot load is (hence the
    base class): the sidecar never runs on without it under the same version.
    """


class VerificationError(RuntimeError):
    """The verifier could not read a batch of pairs."""


class Verifier(Protocol):
    @property
    def version_tag(self) -> str:
        """Names how grading uses the verifier and its exact graph, e.g. `ver-v2@1a2b3c4d`;
        part of the metric version."""

    @property
    def languages(self) -> frozenset[str] | None:
        """The languages it declares it reads (ISO 639-1); None: not declared."""

    def verify(self, pairs: Sequence[tuple[str, str]]) -> list[Verification]:
        """One Verification per (passage, claim) pair, in order; raises
        VerificationError for the whole batch."""
