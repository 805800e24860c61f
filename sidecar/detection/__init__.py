"""Detection: claims, passages, embedders, scoring, consistency and the contract.

Knows nothing of HTTP or Envoy.  The public surface is re-exported here.
"""

from sidecar.detection.contract import (
    CheckResult,
    ClaimClass,
    ClaimPolicy,
    EmbeddingStage,
    Evidence,
    Reason,
    ResponseVerdict,
    StageTimings,
    StatementGrade,
    Verdict,
)
from sidecar.detection.embedders import (
    Embedder,
    EmbedderUnavailable,
    EmbeddingError,
    EmbeddingTimeout,
)
from sidecar.detection.grader import Grader, GraderSettings
from sidecar.detection.hashing import HashEmbedder
from sidecar.detection.passages import SourceLimits
from sidecar.detection.registry import EMBEDDER_NAMES, load_embedder

__all__ = [
    "EMBEDDER_NAMES",
    "CheckResult",
    "ClaimClass",
    "ClaimPolicy",
    "Embedder",
    "EmbedderUnavailable",
    "EmbeddingError",
    "EmbeddingStage",
    "EmbeddingTimeout",
    "Evidence",
    "Grader",
    "GraderSettings",
    "HashEmbedder",
    "Reason",
    "ResponseVerdict",
    "SourceLimits",
    "StageTimings",
    "StatementGrade",
    "Verdict",
    "load_embedder",
]
