"""The verifier's part of a check: which claims it reads, in one batch.

Kept apart from claim grading: which pairs are worth a model run, and what a batch the
verifier could not read means, are decided once for the whole check, before any claim
is graded; grading then only consumes the readings.

The verifier reads a claim against its best passage with the passages before and
after it in the same source (docs/verifier.md#reading-the-evidence: measured against
the best passage alone and the top-k passages, it reads held-out claims best at one
pair a claim), only where the judge says its reading can change the verdict
(`Judge.reading_matters`, docs/verifier.md#in-the-pipeline).  All the pairs of
a check go in one batch (one model run).  A batch that raised fails every claim in it:
such a claim is graded as an embedding failure (unknown,
docs/contract.md#embedding-failures), never as unverified.
"""

from __future__ import annotations

import enum
from collections.abc import Sequence

from grounding_sidecar.detection.contract import Verification
from grounding_sidecar.detection.text.passages import Passage, with_neighbours
from grounding_sidecar.detection.verifier.base import VerificationError, Verifier

# Names the reading rule in the metric definition version: only claims whose verdict a
# reading can change are read, and an unread claim over the support floor is scored
# with the fitted average reading (its probability differs from a read one's).
READING_VERSION = "read-v1"


class Unread(enum.Enum):
    """A claim whose pair the verifier could not read."""

    VERIFICATION_FAILED = "verification_failed"


VERIFICATION_FAILED = Unread.VERIFICATION_FAILED

# A claim's reading: the verifier's, the failed batch's mark, or None (not read).
Reading = Verification | Unread | None


def read_evidence_pairs(
    verifier: Verifier | None,
    claims: Sequence[str],
    wanted: Sequence[bool],
    best_passage: Sequence[int],
    passages: Sequence[Passage],
) -> list[Reading]:
    """The reading of each `wanted` claim against its best passage and that passage's
    neighbours (None for the others)."""
    out: list[Reading] = [None] * len(claims)
    if verifier is None:
        return out
    rows = [row for row in range(len(claims)) if wanted[row]]
    pairs = [(with_neighbours(passages, best_passage[row]), claims[row]) for row in rows]
    if not pairs:
        return out
    try:
        readings: list[Reading] = list(verifier.verify(pairs))
    except VerificationError:
        readings = [VERIFICATION_FAILED] * len(rows)
    for row, reading in zip(rows, readings, strict=True):
        out[row] = reading
    return out
