"""Detection: claims, passages, embedders, scoring, consistency and the contract.

Knows nothing of HTTP or Envoy.  The public surface is re-exported here.
"""

from grounding_sidecar.detection.caches import CacheSize, cache_sizes
from grounding_sidecar.detection.contract import (
    CheckResult,
    ClaimClass,
    ClaimPolicy,
    EmbeddingStage,
    Evidence,
    Reason,
    ResponseVerdict,
    Scorer,
    StageTimings,
    StatementGrade,
    Verdict,
)
from grounding_sidecar.detection.embedding.base import (
    Embedder,
    EmbedderUnavailable,
    EmbeddingError,
    EmbeddingTimeout,
)
from grounding_sidecar.detection.embedding.hashing import HashEmbedder
from grounding_sidecar.detection.embedding.registry import EMBEDDER_NAMES, load_embedder
from grounding_sidecar.detection.grader import Grader, GraderSettings
from grounding_sidecar.detection.judging.candidates import FirstStage
from grounding_sidecar.detection.memo import CheckMemo
from grounding_sidecar.detection.text.passages import SourceLimits

__all__ = [
    "EMBEDDER_NAMES",
    "CacheSize",
    "CheckMemo",
    "CheckResult",
    "ClaimClass",
    "ClaimPolicy",
    "Embedder",
    "EmbedderUnavailable",
    "EmbeddingError",
    "EmbeddingStage",
    "EmbeddingTimeout",
    "Evidence",
    "FirstStage",
    "Grader",
    "GraderSettings",
    "HashEmbedder",
    "Reason",
    "ResponseVerdict",
    "Scorer",
    "SourceLimits",
    "StageTimings",
    "StatementGrade",
    "Verdict",
    "cache_sizes",
    "load_embedder",
]
