"""The grader: answer + sources -> `CheckResult` under one versioned rule.

Pipeline: split claims and passages, embed both (passages through their own,
cacheable embedder), score with the single kernel, let the verifier read each
claim against its best passage where that can change the verdict, look for
inconsistent details, grade each claim, then apply the response rubric.  Nothing here knows
about HTTP, Envoy or workspaces; callers pass limits and policy per check.
"""

from __future__ import annotations

import enum
import time
from collections.abc import Sequence
from dataclasses import dataclass, field
from functools import cached_property

import numpy as np
import numpy.typing as npt

from grounding_sidecar.detection import rubric
from grounding_sidecar.detection.contract import (
    EMBEDDING_FAILED_MARK,
    RUBRIC_VERSION,
    CheckResult,
    ClaimClass,
    ClaimPolicy,
    DropReason,
    EmbeddingStage,
    GradeCause,
    Reason,
    Scorer,
    SkipReason,
    StageTimings,
    StatementGrade,
    Verdict,
    Verification,
)
from grounding_sidecar.detection.embedding.base import CheckedEmbeddings, Embedder, embed_checked
from grounding_sidecar.detection.judging.calibration import load_calibration
from grounding_sidecar.detection.judging.candidates import FirstStage, LexicalIndex
from grounding_sidecar.detection.judging.corpus import SourceCorpus
from grounding_sidecar.detection.judging.judges import (
    CalibratedJudge,
    CosineJudge,
    Judge,
    Judgement,
)
from grounding_sidecar.detection.judging.scoring import Similarities, score
from grounding_sidecar.detection.memo import CheckMemo
from grounding_sidecar.detection.text.claims import Claim, ClaimSplit, split_claims
from grounding_sidecar.detection.text.classify import classify_claim, split_premise
from grounding_sidecar.detection.text.passages import (
    Passage,
    SourceLimits,
    SourceSelection,
    select_sources,
    split_passages,
)
from grounding_sidecar.detection.text.sentences import SPLITTER_VERSION, settled_prefix
from grounding_sidecar.detection.verifier.base import VerificationError, Verifier

# What an external claim with no approved reference is told (classed policy).
NO_APPROVED_SOURCE_RATIONALE = "no approved external source"
# What a claim is told when none of its first-stage candidates may support it (a
# subject-specific claim whose candidates are all approved references).
NO_CANDIDATE_RATIONALE = "no candidate passage may support it"
# The warm-up check's source, answered by itself: every embedder and scorer supports it.
WARM_UP_TEXT = "Order 1042 left the Rotterdam warehouse on 3 June by rail freight."


@dataclass(frozen=True, slots=True)
class GraderSettings:
    """Bound once at start-up (the threshold is global: docs/contract.md#defaults)."""

    threshold: float | None = None  # cosine rule; None: the embedder's default
    scorer: Scorer = Scorer.COSINE
    min_claim_words: int = 5
    max_claims: int = 256
    max_answer_chars: int = 200_000
    first_stage: FirstStage = field(default_factory=FirstStage)


class Grader:
    def __init__(
        self,
        embedder: Embedder,
        settings: GraderSettings | None = None,
        *,
        passage_embedder: Embedder | None = None,
        judge: Judge | None = None,
        verifier: Verifier | None = None,
    ) -> None:
        self._settings = settings or GraderSettings()
        self._verifier = verifier
        self._embedder = embedder
        self._passage_embedder = passage_embedder or embedder
        threshold = self._settings.threshold
        self.threshold = embedder.default_threshold if threshold is None else threshold
        if not 0.0 < self.threshold <= 1.0:
            raise ValueError(f"similarity threshold must be in (0, 1], got {self.threshold}")
        self._judge: Judge = judge or (
            CalibratedJudge(
                load_calibration(embedder, verifier.version_tag if verifier else None),
                embedder.default_threshold,
            )
            if self._settings.scorer is Scorer.CALIBRATED
            else CosineJudge(self.threshold)
        )

    @property
    def embedder(self) -> Embedder:
        return self._embedder

    @property
    def verifier(self) -> Verifier | None:
        return self._verifier

    @property
    def passage_embedder(self) -> Embedder:
        return self._passage_embedder

    @property
    def is_cheap(self) -> bool:
        """Whether a small check costs about as much as handing it to a thread."""
        return self._embedder.cheap and self._passage_embedder.cheap

    def warm_up(self) -> str | None:
        """Grade one known answer; the problem found, or None when it graded cleanly.

        A server calls this before it reports ready: the model's first runs (buffer
        allocation, thread start-up: about 17 ms on a MiniLM check) happen now instead
        of on a client's request, and a backend that loads but cannot run fails at
        start-up instead of on every request.
        """
        try:
            result = self.check(WARM_UP_TEXT, [WARM_UP_TEXT])
        except Exception as exc:  # a detector bug: report it, the caller decides
            return f"the warm-up check raised {type(exc).__name__}: {exc}"
        if Reason.EMBEDDING_FAILED in result.reasons:
            failures = ", ".join(f.value for f in result.embedding_failures) or "embedding"
            return f"the warm-up check could not embed ({failures})"
        return None

    def version(self, policy: ClaimPolicy = ClaimPolicy.STRICT) -> str:
        """The metric definition version: results under different ones never mix."""
        verifier = f"/{self._verifier.version_tag}" if self._verifier is not None else ""
        return (
            f"{RUBRIC_VERSION}/{policy.value}/{self._embedder.version_tag}/"
            f"{SPLITTER_VERSION}/{self._judge.tag}{verifier}/{self._settings.first_stage.tag}"
        )

    def check(
        self,
        answer: str,
        sources: Sequence[str],
        *,
        limits: SourceLimits | None = None,
        policy: ClaimPolicy = ClaimPolicy.STRICT,
        references: Sequence[str] = (),
        claim_spans: Sequence[tuple[int, int]] | None = None,
        memo: CheckMemo | None = None,
    ) -> CheckResult:
        """Grade `answer`; `claim_spans` grades given spans instead of splitting
        (labelled evaluation data comes with its own claim segmentation); `memo`
        holds model work earlier checks of the same exchange did (detection/memo.py),
        which changes how much is computed, never the result."""
        settings = self._settings
        started = time.perf_counter()
        split = (
            ClaimSplit(tuple(Claim(answer[a:b], a, b) for a, b in claim_spans), (), False)
            if claim_spans is not None
            else split_claims(
                answer,
                min_words=settings.min_claim_words,
                max_claims=settings.max_claims,
                max_chars=settings.max_answer_chars,
            )
        )
        side = (
            memo.source_side(
                (tuple(sources), limits, policy, tuple(references)),
                lambda: _SourceSide.read(sources, limits, policy, references),
            )
            if memo is not None
            else _SourceSide.read(sources, limits, policy, references)
        )
        selection = side.selection
        if policy is ClaimPolicy.CLASSED:
            # Labelled spans are graded as given; our own split separates premises.
            claims, classes = _classed_claims(split.claims, split_premises=claim_spans is None)
        else:
            claims, classes = list(split.claims), [ClaimClass.SUBJECT_SPECIFIC] * len(split.claims)
        split_seconds = time.perf_counter() - started
        embedder, passage_embedder = self._embedder, self._passage_embedder
        verifier = self._verifier
        if memo is not None:
            embedder = memo.claim_embedder(embedder)
            passage_embedder = memo.passage_embedder(passage_embedder)
            verifier = memo.verifier(verifier) if verifier is not None else None
        graded = _ClaimGrader(
            judge=self._judge,
            verifier=verifier,
            claims=claims,
            classes=classes,
            sources=side,
            first_stage=settings.first_stage,
        ).grade(embedder, passage_embedder)
        grades = graded.grades
        evidence_missing = not selection.kept
        verdict, reasons = rubric.grade_response(
            grades,
            evidence_missing=evidence_missing,
            # A blank source holds no evidence: dropping it loses none.
            evidence_truncated=not evidence_missing
            and any(d.reason is not DropReason.EMPTY for d in selection.dropped),
            answer_truncated=split.truncated,
            code_ungraded=any(s.reason is SkipReason.CODE for s in split.skipped),
        )
        return CheckResult(
            version=self.version(policy),
            verdict=verdict,
            reasons=reasons,
            overall_similarity=rubric.mean_score(grades),
            confidence=rubric.confidence(verdict, grades),
            claims=tuple(grades),
            skipped_claims=split.skipped,
            dropped_sources=selection.dropped,
            embedding_failures=graded.embedding_failures,
            timings=StageTimings(split_seconds, graded.embed_seconds, graded.score_seconds),
        )

    def prepare_sources(
        self,
        sources: Sequence[str],
        memo: CheckMemo,
        *,
        limits: SourceLimits | None = None,
        policy: ClaimPolicy = ClaimPolicy.STRICT,
        references: Sequence[str] = (),
    ) -> None:
        """Read these sources into `memo` as a check will (kept sources, passages, the
        corpus of their details) and embed their passages, unless they are over the
        first stage's budget: then the lexical index is built instead, and each claim
        embeds its own candidates."""
        side = memo.source_side(
            (tuple(sources), limits, policy, tuple(references)),
            lambda: _SourceSide.read(sources, limits, policy, references),
        )
        texts = [p.text for p in side.passages]
        _ = side.corpus
        if self._settings.first_stage.prunes(texts):
            _ = side.index
        elif texts:
            embed_checked(memo.passage_embedder(self._passage_embedder), texts)

    def prepare_answer(
        self,
        partial_answer: str,
        sources: Sequence[str],
        memo: CheckMemo,
        *,
        covered: int = 0,
        limits: SourceLimits | None = None,
        policy: ClaimPolicy = ClaimPolicy.STRICT,
        references: Sequence[str] = (),
    ) -> int:
        """Check the sentences of an answer still arriving that settled since the first
        `covered` characters were checked, into `memo`; how many characters are covered
        now (the result itself is not kept).

        Each step reads only the new sentences (a settled prefix ends where a sentence
        starts, so they split as they will in the whole answer), which keeps a stream's
        steps together about as costly as one check of the whole answer.
        """
        prefix = settled_prefix(partial_answer)
        if len(prefix) <= covered:
            return covered
        if prefix[covered:].strip():
            self.check(
                prefix[covered:],
                sources,
                limits=limits,
                policy=policy,
                references=references,
                memo=memo,
            )
        return len(prefix)

    def check_settled(
        self,
        partial_answer: str,
        sources: Sequence[str],
        memo: CheckMemo,
        *,
        limits: SourceLimits | None = None,
        policy: ClaimPolicy = ClaimPolicy.STRICT,
        references: Sequence[str] = (),
    ) -> tuple[int, CheckResult] | None:
        """The settled part of an answer still arriving, checked from its start (so it
        is cut into sentences exactly as the whole answer will be, and each claim's
        grade is the one the whole answer's check gives it): (its length, its result),
        or None while nothing has settled."""
        prefix = settled_prefix(partial_answer)
        if not prefix.strip():
            return None
        result = self.check(
            prefix, sources, limits=limits, policy=policy, references=references, memo=memo
        )
        return len(prefix), result


@dataclass
class _SourceSide:
    """What a check reads of its sources, whatever the answer: the sources the limits
    keep, their passages, the references' passages (read under the classed policy
    only), and the corpus of their details, built on first use."""

    selection: SourceSelection
    source_passages: list[Passage]
    reference_passages: list[Passage]
    corpus_texts: list[str]

    @staticmethod
    def read(
        sources: Sequence[str],
        limits: SourceLimits | None,
        policy: ClaimPolicy,
        references: Sequence[str],
    ) -> _SourceSide:
        selection = select_sources(sources, limits or SourceLimits())
        source_passages = [
            passage for index, text in selection.kept for passage in split_passages(index, text)
        ]
        reference_passages = (
            [p for i, text in enumerate(references) for p in split_passages(i, text, id_prefix="r")]
            if policy is ClaimPolicy.CLASSED
            else []
        )
        corpus_texts = [text for _, text in selection.kept] + list(references)
        return _SourceSide(selection, source_passages, reference_passages, corpus_texts)

    @cached_property
    def passages(self) -> list[Passage]:
        return [*self.source_passages, *self.reference_passages]

    @cached_property
    def corpus(self) -> SourceCorpus:
        return SourceCorpus(self.corpus_texts)

    @cached_property
    def index(self) -> LexicalIndex:
        return LexicalIndex([p.text for p in self.passages])


def _classed_claims(
    claims: Sequence[Claim], *, split_premises: bool
) -> tuple[list[Claim], list[ClaimClass]]:
    """Classes under the `classed` policy; advice resting on a premise becomes two
    claims: the premise, graded by its own class, and the advice (interpretation)."""
    out_claims: list[Claim] = []
    out_classes: list[ClaimClass] = []
    for claim in claims:
        parts = split_premise(claim.text) if split_premises else None
        if parts is None:
            out_claims.append(claim)
            out_classes.append(classify_claim(claim.text))
            continue
        (premise_start, premise_end), (advice_start, advice_end) = parts
        premise = Claim(
            claim.text[premise_start:premise_end],
            claim.start + premise_start,
            claim.start + premise_end,
        )
        advice = Claim(
            claim.text[advice_start:advice_end],
            claim.start + advice_start,
            claim.start + advice_end,
        )
        out_claims += [premise, advice]
        out_classes += [classify_claim(premise.text), ClaimClass.INTERPRETATION]
    return out_claims, out_classes


class _Failed(enum.Enum):
    """A claim whose pair the verifier could not read: graded as an embedding failure
    (unknown, docs/contract.md#embedding-failures), never as unverified."""

    VERIFICATION_FAILED = "verification_failed"


_VERIFICATION_FAILED = _Failed.VERIFICATION_FAILED


@dataclass(frozen=True, slots=True)
class _Graded:
    grades: list[StatementGrade]
    embedding_failures: tuple[EmbeddingStage, ...]
    embed_seconds: float
    score_seconds: float


@dataclass
class _ClaimGrader:
    judge: Judge
    verifier: Verifier | None
    claims: Sequence[Claim]
    classes: Sequence[ClaimClass]
    sources: _SourceSide
    first_stage: FirstStage

    def grade(self, embedder: Embedder, passage_embedder: Embedder) -> _Graded:
        passages = self.sources.passages
        graded = [i for i, cls in enumerate(self.classes) if cls is not ClaimClass.INTERPRETATION]
        grades: dict[int, StatementGrade] = {
            i: self._grade(
                i,
                Verdict.NOT_APPLICABLE,
                None,
                None,
                "interpretation: not graded",
                cause=GradeCause.NOT_GRADED,
            )
            for i in range(len(self.claims))
            if i not in set(graded)
        }
        failures: list[EmbeddingStage] = []
        embed_seconds = 0.0
        started = time.perf_counter()
        allowed = self._allowed(graded)
        if allowed.any():
            needed = np.asarray(allowed.any(axis=0), dtype=bool)
            passage_vectors = self._embed_passages(passage_embedder, needed)
            claim_vectors = embed_checked(embedder, [self.claims[i].text for i in graded])
            if not passage_vectors.all_ok:
                failures.append(EmbeddingStage.SOURCE)
            if not claim_vectors.all_ok:
                failures.append(EmbeddingStage.CLAIM)
            embed_seconds = time.perf_counter() - started
            started = time.perf_counter()
            comparable = passage_vectors.all_ok and bool(claim_vectors.ok.any())
            verifications: list[Verification | _Failed | None] = [None] * len(graded)
            if comparable:
                similarities = score(claim_vectors.vectors, passage_vectors.vectors, allowed)
                corpus = self.sources.corpus
                verifications = self._verify(graded, claim_vectors.ok, similarities, passages)
                if any(v is _VERIFICATION_FAILED for v in verifications):
                    failures.append(EmbeddingStage.VERIFICATION)
            for row, i in enumerate(graded):
                if (
                    not (comparable and claim_vectors.ok[row])
                    or verifications[row] is _VERIFICATION_FAILED
                ):
                    # A failed source fails every claim; a failed claim (or its
                    # verification) only itself.
                    grades[i] = self._grade(
                        i,
                        Verdict.UNSUPPORTED,
                        None,
                        None,
                        EMBEDDING_FAILED_MARK,
                        cause=GradeCause.EMBEDDING_FAILED,
                    )
                    continue
                if not allowed[row].any():
                    grades[i] = self._unmatched(i)
                    continue
                judgement = self.judge.judge(
                    self.claims[i].text,
                    similarities.matrix[row],
                    int(similarities.best_passage[row]),
                    passages,
                    corpus,
                    reading if isinstance(reading := verifications[row], Verification) else None,
                )
                grades[i] = self._from_judgement(i, judgement)
        else:
            for i in graded:
                grades[i] = self._unmatched(i)
        return _Graded(
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
        allowed = np.ones((len(graded), len(passages)), dtype=bool)
        for row, i in enumerate(graded):
            if self.classes[i] is ClaimClass.SUBJECT_SPECIFIC:
                allowed[row, len(self.sources.source_passages) :] = False
        if self.first_stage.prunes([p.text for p in passages]):
            candidates = np.zeros_like(allowed)
            for row, i in enumerate(graded):
                top = self.sources.index.top(self.claims[i].text, self.first_stage.per_claim)
                candidates[row, top] = True
            allowed &= candidates
        return allowed

    def _embed_passages(
        self, embedder: Embedder, needed: npt.NDArray[np.bool_]
    ) -> CheckedEmbeddings:
        """Vectors of the `needed` passages; the others' rows are zero (and excluded
        from every claim's comparisons, so they are never read), and count as valid."""
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

    def _unmatched(self, index: int) -> StatementGrade:
        """A claim with no passage to compare it with: none supplied (or, for a
        subject-specific claim, only references), or no candidate it may use."""
        if self.classes[index] is ClaimClass.EXTERNAL:
            rationale, cause = NO_APPROVED_SOURCE_RATIONALE, GradeCause.NO_APPROVED_SOURCE
        elif not self.sources.source_passages:
            rationale, cause = "no sources supplied", GradeCause.NO_SOURCES
        else:
            rationale, cause = NO_CANDIDATE_RATIONALE, GradeCause.JUDGED
        return self._grade(index, Verdict.UNSUPPORTED, None, None, rationale, cause=cause)

    def _verify(
        self,
        graded: Sequence[int],
        claim_ok: npt.NDArray[np.bool_],
        similarities: Similarities,
        passages: Sequence[Passage],
    ) -> list[Verification | _Failed | None]:
        """The verifier's reading of each graded claim against its best passage, for
        claims whose best cosine reaches the judge's floor (None elsewhere), in one
        batch; `_VERIFICATION_FAILED` for every claim of a batch it could not read."""
        out: list[Verification | _Failed | None] = [None] * len(graded)
        if self.verifier is None:
            return out
        floor = self.judge.verify_floor
        rows = [
            row
            for row in range(len(graded))
            if claim_ok[row]
            and float(similarities.matrix[row, similarities.best_passage[row]]) >= floor
        ]
        pairs = [
            (passages[int(similarities.best_passage[row])].text, self.claims[graded[row]].text)
            for row in rows
        ]
        try:
            readings: list[Verification | _Failed | None] = list(self.verifier.verify(pairs))
        except VerificationError:
            readings = [_VERIFICATION_FAILED] * len(rows)
        for row, reading in zip(rows, readings, strict=True):
            out[row] = reading
        return out

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
        return StatementGrade(
            text=claim.text,
            span=claim.span,
            claim_class=self.classes[index],
            verdict=verdict,
            evidence=(evidence.evidence,) if evidence else (),
            score=best_score,
            rationale=rationale,
            probability=probability,
            cause=cause,
            verification=verification,
        )
