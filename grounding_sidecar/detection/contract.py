"""The grading contract (docs/contract.md#grading): what a check returns, and its invariants.

Everything a caller may rely on lives here as plain dataclasses and enums, so the
ext_proc layer, the CLI and the audit trail all read the same structure.  Grades
validate themselves on construction: an invalid class/verdict pair or a `supported`
verdict without evidence is a programming error, never an output.
"""

from __future__ import annotations

from dataclasses import dataclass, field, replace
from enum import StrEnum
from typing import Any

RUBRIC_VERSION = "grounding-v1"
EMBEDDING_FAILED_MARK = "[not verified: embedding failed]"


class ClaimClass(StrEnum):
    SUBJECT_SPECIFIC = "subject_specific"
    EXTERNAL = "external"
    INTERPRETATION = "interpretation"


class Verdict(StrEnum):
    SUPPORTED = "supported"
    UNSUPPORTED = "unsupported"
    CONTRADICTORY = "contradictory"
    NOT_APPLICABLE = "not_applicable"


class ResponseVerdict(StrEnum):
    PASS = "pass"
    FAIL = "fail"
    UNKNOWN = "unknown"


class ClaimPolicy(StrEnum):
    STRICT = "strict"
    CLASSED = "classed"


class VerifierMode(StrEnum):
    """Whether the grader runs the verifier (docs/verifier.md#setting)."""

    AUTO = "auto"  # on when its files are installed; off (logged) when they are absent
    ON = "on"  # required: missing or altered files fail at start-up
    OFF = "off"


class Scorer(StrEnum):
    """How a claim's similarities become a verdict (see `judging/judges.py`)."""

    COSINE = "cosine"  # the baseline rule (docs/contract.md#grading): best cosine >= threshold
    CALIBRATED = "calibrated"  # P(supported) from evidence features >= shipped threshold


class GradeCause(StrEnum):
    """Why a claim got its verdict: what the rubric reads, never the rationale text."""

    JUDGED = "judged"  # compared with the passages by the judge
    EMBEDDING_FAILED = "embedding_failed"  # no usable vector: not verified
    NO_SOURCES = "no_sources"  # nothing to compare with
    NO_APPROVED_SOURCE = "no_approved_source"  # an external claim with no approved reference
    NOT_GRADED = "not_graded"  # an interpretation under the classed policy


class Reason(StrEnum):
    """Why a response got its verdict; bounded, so it can be a metric label."""

    ALL_SUPPORTED = "all_supported"
    UNSUPPORTED_CLAIMS = "unsupported_claims"
    CONTRADICTED_CLAIMS = "contradicted_claims"
    EMBEDDING_FAILED = "embedding_failed"
    EVIDENCE_MISSING = "evidence_missing"
    EVIDENCE_TRUNCATED = "evidence_truncated"
    ANSWER_TRUNCATED = "answer_truncated"
    NO_CHECKABLE_CLAIMS = "no_checkable_claims"
    NO_APPROVED_EXTERNAL_SOURCE = "no_approved_external_source"
    UNGRADED_CODE = "ungraded_code"  # fenced code in the answer was not graded
    # The answer or its sources are in a language the models do not read (nothing graded).
    UNSUPPORTED_LANGUAGE = "unsupported_language"


VALID_VERDICTS: dict[ClaimClass, frozenset[Verdict]] = {
    ClaimClass.SUBJECT_SPECIFIC: frozenset(
        {Verdict.SUPPORTED, Verdict.UNSUPPORTED, Verdict.CONTRADICTORY}
    ),
    ClaimClass.EXTERNAL: frozenset({Verdict.SUPPORTED, Verdict.UNSUPPORTED, Verdict.CONTRADICTORY}),
    ClaimClass.INTERPRETATION: frozenset({Verdict.NOT_APPLICABLE}),
}


class EmbeddingStage(StrEnum):
    """Where an embedding failed: a source passage fails every claim, a claim itself."""

    SOURCE = "source"
    CLAIM = "claim"
    VERIFICATION = "verification"  # the verifier could not read a claim's pair


class SkipReason(StrEnum):
    TOO_SHORT = "too_short"  # under min-claim-words, no checkable detail, no statement
    CODE = "code"
    OVER_LIMIT = "over_limit"
    SOURCE_LIST = "source_list"  # an entry of the answer's list of its sources
    CONVERSATION = "conversation"  # a preamble, a closing, an abstention the sources bear out
    TABLE_HEADER = "table_header"  # a table's column names, holding no number or date


class DropReason(StrEnum):
    TOO_LONG = "too_long"
    OVER_MAX_SOURCES = "over_max_sources"
    EMPTY = "empty"


@dataclass(frozen=True, slots=True)
class Evidence:
    """A passage of a supplied source: `source[start:end]` is its exact text."""

    passage_id: str
    source_index: int
    start: int
    end: int

    def to_dict(self) -> dict[str, Any]:
        return {
            "passage_id": self.passage_id,
            "source_index": self.source_index,
            "start": self.start,
            "end": self.end,
        }


@dataclass(frozen=True, slots=True)
class Verification:
    """The verifier's probabilities for one (passage, claim) pair; they sum to 1.
    `contradicted` is None for a two-label checker, which has no such class (its
    "unsupported" is `neither`)."""

    entailed: float
    contradicted: float | None
    neither: float

    def to_dict(self) -> dict[str, Any]:
        contradicted = self.contradicted
        return {
            "entailed": round(self.entailed, 4),
            "contradicted": None if contradicted is None else round(contradicted, 4),
            "neither": round(self.neither, 4),
        }


@dataclass(frozen=True, slots=True)
class StatementGrade:
    """The verdict on one claim; `answer[span[0]:span[1]] == text`."""

    text: str
    span: tuple[int, int]
    claim_class: ClaimClass
    verdict: Verdict
    evidence: tuple[Evidence, ...]
    score: float | None
    rationale: str
    probability: float | None = None  # P(supported) under the judge's rule
    cause: GradeCause = GradeCause.JUDGED  # internal: read by the rubric
    verification: Verification | None = None  # the verifier on the best passage, if it ran
    # A short answer read after the user's question (docs/detection.md#short-answers).
    formed_with_question: bool = False

    def __post_init__(self) -> None:
        if self.verdict not in VALID_VERDICTS[self.claim_class]:
            raise ValueError(f"invalid pair: {self.claim_class} / {self.verdict}")
        if self.verdict is Verdict.SUPPORTED and not self.evidence:
            raise ValueError("a supported verdict must carry evidence")

    @property
    def is_ungrounded(self) -> bool:
        return self.verdict in (Verdict.UNSUPPORTED, Verdict.CONTRADICTORY)

    def to_dict(self) -> dict[str, Any]:
        return {
            "text": self.text,
            "span": list(self.span),
            "claim_class": self.claim_class.value,
            "verdict": self.verdict.value,
            "score": None if self.score is None else round(self.score, 4),
            "evidence": [e.to_dict() for e in self.evidence],
            "rationale": self.rationale,
            "probability": None if self.probability is None else round(self.probability, 4),
            "verifier": None if self.verification is None else self.verification.to_dict(),
            # Only on such a claim, so every other report keeps its exact shape.
            **({"formed_with_question": True} if self.formed_with_question else {}),
        }


@dataclass(frozen=True, slots=True)
class SkippedClaim:
    text: str
    span: tuple[int, int]
    reason: SkipReason

    def to_dict(self) -> dict[str, Any]:
        return {"text": self.text, "span": list(self.span), "reason": self.reason.value}


@dataclass(frozen=True, slots=True)
class DroppedSource:
    source_index: int
    length: int
    reason: DropReason

    def to_dict(self) -> dict[str, Any]:
        return {
            "source_index": self.source_index,
            "length": self.length,
            "reason": self.reason.value,
        }


@dataclass(frozen=True, slots=True)
class StageTimings:
    """Seconds spent per stage of one check, for latency histograms."""

    split: float = 0.0
    embed: float = 0.0
    score: float = 0.0

    @property
    def total(self) -> float:
        return self.split + self.embed + self.score


@dataclass(frozen=True, slots=True)
class CheckResult:
    """One graded answer.

    `verdict` is the rubric (pass/fail/unknown).  `grounded` is the baseline
    boolean of `gateway_grounding_check_total` (docs/contract.md#verdicts): false as
    soon as any graded claim is unsupported or contradictory, whatever the rubric made
    of it.
    """

    version: str
    verdict: ResponseVerdict
    reasons: tuple[Reason, ...]
    overall_similarity: float | None
    confidence: float
    claims: tuple[StatementGrade, ...]
    skipped_claims: tuple[SkippedClaim, ...] = field(default=())
    dropped_sources: tuple[DroppedSource, ...] = field(default=())
    # Operational detail for metrics; not part of the `check --json` object.
    embedding_failures: tuple[EmbeddingStage, ...] = field(default=())
    timings: StageTimings = field(default_factory=StageTimings)

    @property
    def grounded(self) -> bool:
        return not any(grade.is_ungrounded for grade in self.claims)

    @property
    def ungrounded_claims(self) -> tuple[StatementGrade, ...]:
        return tuple(grade for grade in self.claims if grade.is_ungrounded)

    @property
    def has_supported_claim(self) -> bool:
        """Whether any claim is supported (what REDACT needs to deliver anything)."""
        return any(grade.verdict is Verdict.SUPPORTED for grade in self.claims)

    def quoting(self, answer: str) -> CheckResult:
        """This result with each claim's and skipped segment's text cut from `answer`
        at its span: the grader reads a plain copy, whose spans are the same
        (text/typography.py), and reports the answer as written."""
        return replace(
            self,
            claims=tuple(replace(c, text=answer[c.span[0] : c.span[1]]) for c in self.claims),
            skipped_claims=tuple(
                replace(s, text=answer[s.span[0] : s.span[1]]) for s in self.skipped_claims
            ),
        )

    def to_dict(self) -> dict[str, Any]:
        """The `check --json` object: exactly the documented top-level keys."""
        return {
            "version": self.version,
            "verdict": self.verdict.value,
            "reasons": [reason.value for reason in self.reasons],
            "grounded": self.grounded,
            "overall_similarity": (
                None if self.overall_similarity is None else round(self.overall_similarity, 4)
            ),
            "confidence": round(self.confidence, 4),
            "claims": [grade.to_dict() for grade in self.claims],
            "skipped_claims": [skipped.to_dict() for skipped in self.skipped_claims],
            "dropped_sources": [dropped.to_dict() for dropped in self.dropped_sources],
        }
