"""Each claim's grade: which passages may support it, its vectors, the kernel, the
verifier's reading and the judge's verdict.

In that order, a claim is graded
- not applicable when it is an interpretation (it is never graded);
- unsupported, saying why, when no graded claim of the check may be compared with any
  passage (no sources, no approved external source, no candidate): nothing is embedded;
- as an embedding failure (docs/contract.md#embedding-failures) when its embedding, or
  the verifier's reading of it, failed: a failed source embedding fails every claim, a
  failed claim only itself;
- unsupported, saying why, when it alone may be compared with no passage;
- otherwise as the judge finds it on its best passage (detection/judging/judges.py).

A claim is read (embedded, matched, verified, judged) as `Claim.reading`: a short
answer read with the user's question is read after it, and its rationale says so.
"""

from __future__ import annotations

import time
from collections.abc import Sequence
from dataclasses import dataclass, replace

import numpy as np
import numpy.typing as npt

from grounding_sidecar.detection.contract import (
    EMBEDDING_FAILED_MARK,
    ClaimClass,
    EmbeddingStage,
    GradeCause,
    StatementGrade,
    Verdict,
    Verification,
)
from grounding_sidecar.detection.embedding.base import CheckedEmbeddings, Embedder, embed_checked
from grounding_sidecar.detection.grading.sources import SourceSide
from grounding_sidecar.detection.grading.verification import (
    VERIFICATION_FAILED,
    Reading,
    read_evidence_pairs,
)
from grounding_sidecar.detection.judging.candidates import FirstStage
from grounding_sidecar.detection.judging.evidence import ClaimEvidence
from grounding_sidecar.detection.judging.judgement import Judgement
from grounding_sidecar.detection.judging.judges import Judge
from grounding_sidecar.detection.judging.scoring import Similarities, score
from grounding_sidecar.detection.memo import CheckMemo
from grounding_sidecar.detection.text.claims import Claim
from grounding_sidecar.detection.text.passages import Passage
from grounding_sidecar.detection.verifier.base import Verifier

# What an external claim with no approved reference is told (classed policy).
NO_APPROVED_SOURCE_RATIONALE = "no approved external source"
# What a claim is told when none of its first-stage candidates may support it (a
# subject-specific claim whose candidates are all approved references).
NO_CANDIDATE_RATIONALE = "no candidate passage may support it"
# What a short answer read with the user's question is told first (text/short_answers.py).
QUESTION_RATIONALE = "read with the user's question"


@dataclass(frozen=True, slots=True)
class Models:
    """What grades claims, bound once at start-up; `remembering` gives the same
    models reading and keeping the model work of one exchange."""

    embedder: Embedder
    passage_embedder: Embedder
    judge: Judge
    verifier: Verifier | None
    first_stage: FirstStage

    def remembering(self, memo: CheckMemo | None) -> Models:
        """The same models, reusing and keeping the model work and the judgements in
        `memo`, if any."""
        if memo is None:
            return self
        return replace(
            self,
            embedder=memo.claim_embedder(self.embedder),
            passage_embedder=memo.passage_embedder(self.passage_embedder),
            verifier=memo.verifier(self.verifier) if self.verifier is not None else None,
            judge=memo.judge(self.judge),
        )


@dataclass(frozen=True, slots=True)
class Graded:
    grades: list[StatementGrade]
    embedding_failures: tuple[EmbeddingStage, ...]
    embed_seconds: float
    score_seconds: float


@dataclass(frozen=True, slots=True)
class _Embedded:
    """The vectors of a check's passages and of its graded claims."""

    passages: CheckedEmbeddings
    claims: CheckedEmbeddings

    @property
    def failures(self) -> list[EmbeddingStage]:
        stages = ((EmbeddingStage.SOURCE, self.passages), (EmbeddingStage.CLAIM, self.claims))
        return [stage for stage, vectors in stages if not vectors.all_ok]

    @property
    def comparable(self) -> bool:
        """Whether any claim can be compared with the passages."""
        return self.passages.all_ok and bool(self.claims.ok.any())


@dataclass(frozen=True, slots=True)
class _Scored:
    """A comparable check's graded claims, scored and read by the verifier."""

    claim_ok: npt.NDArray[np.bool_]
    evidence: list[ClaimEvidence | None]  # None: no passage it may be compared with
    readings: list[Reading]


@dataclass
class ClaimGrader:
    """One check's claims graded, in answer order, against its sources."""

    models: Models
    claims: Sequence[Claim]
    classes: Sequence[ClaimClass]
    sources: SourceSide

    def grade(self) -> Graded:
        graded = [i for i, c in enumerate(self.classes) if c is not ClaimClass.INTERPRETATION]
        grades = {
            i: self._not_graded(i)
            for i, c in enumerate(self.classes)
            if c is ClaimClass.INTERPRETATION
        }
        started = time.perf_counter()
        allowed = self._allowed(graded)
        if not allowed.any():
            grades |= {i: self._unmatched(i) for i in graded}
            return self._collect(grades, [], 0.0, started)
        embedded = self._embed(graded, allowed)
        failures = embedded.failures
        embed_seconds = time.perf_counter() - started
        started = time.perf_counter()
        if not embedded.comparable:
            grades |= {i: self._embedding_failed(i) for i in graded}
            return self._collect(grades, failures, embed_seconds, started)
        scored = self._score(graded, allowed, embedded)
        if any(reading is VERIFICATION_FAILED for reading in scored.readings):
            failures.append(EmbeddingStage.VERIFICATION)
        grades |= {i: self._judged(row, i, scored) for row, i in enumerate(graded)}
        return self._collect(grades, failures, embed_seconds, started)

    def _collect(
        self,
        grades: dict[int, StatementGrade],
        failures: list[EmbeddingStage],
        embed_seconds: float,
        started: float,
    ) -> Graded:
        return Graded(
            grades=[grades[i] for i in range(len(self.claims))],
            embedding_failures=tuple(failures),
            embed_seconds=embed_seconds,
            score_seconds=time.perf_counter() - started,
        )

    def _allowed(self, graded: Sequence[int]) -> npt.NDArray[np.bool_]:
        """Which passages may support each graded claim: a subject-specific claim needs
        the supplied sources, never a reference; above the first stage's budget, a
        claim is compared with its own lexical candidates only."""
        passages = self.sources.passages
        first_stage = self.models.first_stage
        allowed = np.ones((len(graded), len(passages)), dtype=bool)
        for row, i in enumerate(graded):
            if self.classes[i] is ClaimClass.SUBJECT_SPECIFIC:
                allowed[row, len(self.sources.source_passages) :] = False
        if first_stage.prunes([p.text for p in passages]):
            candidates = np.zeros_like(allowed)
            for row, i in enumerate(graded):
                top = self.sources.index.top(self.claims[i].reading, first_stage.per_claim)
                candidates[row, top] = True
            allowed &= candidates
        return allowed

    def _embed(self, graded: Sequence[int], allowed: npt.NDArray[np.bool_]) -> _Embedded:
        """The passages some claim may be compared with first, then the claims."""
        passages = self._embed_passages(np.asarray(allowed.any(axis=0), dtype=bool))
        claims = embed_checked(self.models.embedder, [self.claims[i].reading for i in graded])
        return _Embedded(passages, claims)

    def _embed_passages(self, needed: npt.NDArray[np.bool_]) -> CheckedEmbeddings:
        """Vectors of the `needed` passages; the others' rows are zero (and excluded
        from every claim's comparisons, so they are never read), and count as valid."""
        embedder = self.models.passage_embedder
        passages = self.sources.passages
        if needed.all():
            return embed_checked(embedder, [p.text for p in passages])
        rows = np.flatnonzero(needed)
        some = embed_checked(embedder, [passages[int(r)].text for r in rows])
        vectors = np.zeros((len(passages), some.vectors.shape[1]), np.float32)
        vectors[rows] = some.vectors
        ok = np.ones(len(passages), bool)
        ok[rows] = some.ok
        return CheckedEmbeddings(vectors, ok, some.error)

    def _score(
        self, graded: Sequence[int], allowed: npt.NDArray[np.bool_], embedded: _Embedded
    ) -> _Scored:
        similarities = score(embedded.claims.vectors, embedded.passages.vectors, allowed)
        evidence = [
            self._evidence(row, index, similarities)
            if embedded.claims.ok[row] and allowed[row].any()
            else None
            for row, index in enumerate(graded)
        ]
        verifier = self.models.verifier
        readings = read_evidence_pairs(
            verifier,
            [self.claims[i].reading for i in graded],
            [
                verifier is not None and e is not None and self.models.judge.reading_matters(e)
                for e in evidence
            ],
            similarities.best_passage.tolist(),
            self.sources.passages,
        )
        return _Scored(embedded.claims.ok, evidence, readings)

    def _evidence(self, row: int, index: int, similarities: Similarities) -> ClaimEvidence:
        return ClaimEvidence(
            self.claims[index].reading,
            similarities.matrix[row],
            int(similarities.best_passage[row]),
            self.sources.passages,
            self.sources.corpus,
        )

    def _judged(self, row: int, index: int, scored: _Scored) -> StatementGrade:
        """The grade of graded claim `index`, row `row` of a comparable check."""
        reading = scored.readings[row]
        if not scored.claim_ok[row] or reading is VERIFICATION_FAILED:
            return self._embedding_failed(index)
        evidence = scored.evidence[row]
        if evidence is None:
            return self._unmatched(index)
        judgement = self.models.judge.judge(
            evidence, reading if isinstance(reading, Verification) else None
        )
        return self._from_judgement(index, judgement)

    def _not_graded(self, index: int) -> StatementGrade:
        rationale = "interpretation: not graded"
        return self._unscored(index, Verdict.NOT_APPLICABLE, rationale, GradeCause.NOT_GRADED)

    def _embedding_failed(self, index: int) -> StatementGrade:
        cause = GradeCause.EMBEDDING_FAILED
        return self._unscored(index, Verdict.UNSUPPORTED, EMBEDDING_FAILED_MARK, cause)

    def _unmatched(self, index: int) -> StatementGrade:
        """A claim with no passage to compare it with: none supplied (or, for a
        subject-specific claim, only references), or no candidate it may use."""
        if self.classes[index] is ClaimClass.EXTERNAL:
            rationale, cause = NO_APPROVED_SOURCE_RATIONALE, GradeCause.NO_APPROVED_SOURCE
        elif not self.sources.source_passages:
            rationale, cause = "no sources supplied", GradeCause.NO_SOURCES
        else:
            rationale, cause = NO_CANDIDATE_RATIONALE, GradeCause.JUDGED
        return self._unscored(index, Verdict.UNSUPPORTED, rationale, cause)

    def _from_judgement(self, index: int, judgement: Judgement) -> StatementGrade:
        if judgement.verdict is Verdict.UNSUPPORTED and self.classes[index] is ClaimClass.EXTERNAL:
            return self._grade(
                index,
                Verdict.UNSUPPORTED,
                judgement.score,
                None,
                NO_APPROVED_SOURCE_RATIONALE,
                cause=GradeCause.NO_APPROVED_SOURCE,
            )
        evidence = None if judgement.verdict is Verdict.UNSUPPORTED else judgement.best
        return self._grade(
            index,
            judgement.verdict,
            judgement.score,
            evidence,
            judgement.rationale,
            judgement.probability,
            verification=judgement.verification,
        )

    def _unscored(
        self, index: int, verdict: Verdict, rationale: str, cause: GradeCause
    ) -> StatementGrade:
        """A grade no passage was scored for: no score, no evidence."""
        return self._grade(index, verdict, None, None, rationale, cause=cause)

    def _grade(
        self,
        index: int,
        verdict: Verdict,
        best_score: float | None,
        evidence: Passage | None,
        rationale: str,
        probability: float | None = None,
        *,
        cause: GradeCause = GradeCause.JUDGED,
        verification: Verification | None = None,
    ) -> StatementGrade:
        claim = self.claims[index]
        formed_with_question = claim.question is not None
        if formed_with_question:
            rationale = f"{QUESTION_RATIONALE}; {rationale}"
        return StatementGrade(
            text=claim.text,
            span=claim.span,
            claim_class=self.classes[index],
            verdict=verdict,
            evidence=(evidence.evidence,) if evidence else (),
            score=best_score,
            rationale=rationale,
            formed_with_question=formed_with_question,
            probability=probability,
            cause=cause,
            verification=verification,
        )
