"""grounding-sidecar: an Envoy ext_proc filter that checks LLM answers against sources.

The library surface is what this module exports (`__all__`, pinned by
tests/test_public_api.py): grade an answer against its sources without Envoy,

    from grounding_sidecar import Grader, load_embedder

    result = Grader(load_embedder("hash")).check(answer, sources)
    result.verdict, [claim.verdict for claim in result.claims]

Everything else is reached through its sub-package (`grounding_sidecar.decision`,
`.openai`, `.extproc`, `.app`, ...) and may change between minor versions.
"""

from grounding_sidecar.detection import (
    EMBEDDER_NAMES,
    CheckResult,
    ClaimClass,
    ClaimPolicy,
    Embedder,
    EmbedderUnavailable,
    EmbeddingError,
    EmbeddingTimeout,
    Evidence,
    Grader,
    GraderSettings,
    HashEmbedder,
    Reason,
    ResponseVerdict,
    Scorer,
    SourceLimits,
    StatementGrade,
    Verdict,
    load_embedder,
)

__version__ = "0.1.0"

__all__ = [
    "EMBEDDER_NAMES",
    "CheckResult",
    "ClaimClass",
    "ClaimPolicy",
    "Embedder",
    "EmbedderUnavailable",
    "EmbeddingError",
    "EmbeddingTimeout",
    "Evidence",
    "Grader",
    "GraderSettings",
    "HashEmbedder",
    "Reason",
    "ResponseVerdict",
    "Scorer",
    "SourceLimits",
    "StatementGrade",
    "Verdict",
    "__version__",
    "load_embedder",
]
