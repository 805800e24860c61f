"""The grader: answer + sources -> `CheckResult` under one versioned rule.

Pipeline: split the answer into claims, read the sources (grading/sources.py), decide
which claims are graded, and as what, under the claim policy (grading/classes.py), grade
each claim (grading/claims.py: embed claims and passages, score with the single kernel,
let the verifier read each claim against its best passage where that can change the
verdict, judge), then apply the response rubric.  The streaming entry points run the
same check on an answer still arriving (grading/incremental.py).  Nothing here knows
about HTTP, Envoy or workspaces; callers pass limits and policy per check.
"""

from __future__ import annotations

import time
from collections.abc import Sequence
from dataclasses import dataclass, field
from functools import partial
from pathlib import Path

from grounding_sidecar.detection import rubric
from grounding_sidecar.detection.contract import (
    RUBRIC_VERSION,
    CheckResult,
    ClaimPolicy,
    DropReason,
    Reason,
    ResponseVerdict,
    Scorer,
    SkipReason,
    StageTimings,
)
from grounding_sidecar.detection.embedding.base import Embedder
from grounding_sidecar.detection.grading import configuration, incremental
from grounding_sidecar.detection.grading.asides import set_aside_around_claims
from grounding_sidecar.detection.grading.claims import ClaimGrader, Graded, Models
from grounding_sidecar.detection.grading.classes import claim_classes
from grounding_sidecar.detection.grading.sources import read_sources
from grounding_sidecar.detection.grading.verification import READING_VERSION
from grounding_sidecar.detection.judging.calibration import (
    load_calibration,
    load_calibration_file,
)
from grounding_sidecar.detection.judging.candidates import FirstStage
from grounding_sidecar.detection.judging.consistency import RULES_VERSION
from grounding_sidecar.detection.judging.judges import CalibratedJudge, CosineJudge, Judge
from grounding_sidecar.detection.memo import CheckMemo
from grounding_sidecar.detection.text.claims import Claim, ClaimSplit, split_claims
from grounding_sidecar.detection.text.contrasts import ContrastTableUnavailable, contrast_table
from grounding_sidecar.detection.text.language import gate_for
from grounding_sidecar.detection.text.passages import SourceLimits, SourceSelection
from grounding_sidecar.detection.text.sentences import SPLITTER_VERSION
from grounding_sidecar.detection.text.short_answers import SHORT_ANSWERS_VERSION, read_with_question
from grounding_sidecar.detection.text.typography import plain_typography
from grounding_sidecar.detection.verifier.base import Verifier

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
    # An answer with no gradable claim is read with the user's question
    # (text/short_answers.py); the version says so.  Off by default: on attrbench its
    # verdicts agreed with the labels no better than chance (docs/detection.md).
    short_answers_with_question: bool = False
    # The calibrated scorer's parameters from a file a team fitted (`calibrate --fit`);
    # None: the shipped ones (docs/own-checker.md#calibration).
    calibration: Path | None = None
    # The languages the models read: an answer or sources confidently in another are
    # `unknown` (unsupported_language) and nothing is graded (text/language.py).  None:
    # no check (a library caller's choice; `serve` and `check` read English only).
    languages: frozenset[str] | None = None


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
        threshold = self._settings.threshold
        self.threshold = embedder.default_threshold if threshold is None else threshold
        if not 0.0 < self.threshold <= 1.0:
            raise ValueError(f"similarity threshold must be in (0, 1], got {self.threshold}")
        self._language = gate_for(self._settings.languages)
        self._models = Models(
            embedder=embedder,
            passage_embedder=passage_embedder or embedder,
            judge=judge or self._default_judge(embedder, verifier),
            verifier=verifier,
            first_stage=self._settings.first_stage,
        )

    def _default_judge(self, embedder: Embedder, verifier: Verifier | None) -> Judge:
        if self._settings.scorer is not Scorer.CALIBRATED:
            return CosineJudge(self.threshold)
        verifier_tag = verifier.version_tag if verifier else None
        path = self._settings.calibration
        model = (
            load_calibration(embedder, verifier_tag)
            if path is None
            else load_calibration_file(path, embedder, verifier_tag)
        )
        return CalibratedJudge(model, embedder.default_threshold)

    @property
    def embedder(self) -> Embedder:
        return self._models.embedder

    @property
    def verifier(self) -> Verifier | None:
        return self._models.verifier

    @property
    def passage_embedder(self) -> Embedder:
        return self._models.passage_embedder

    @property
    def is_cheap(self) -> bool:
        """Whether a small check costs about as much as handing it to a thread."""
        return self.embedder.cheap and self.passage_embedder.cheap

    def warm_up(self) -> str | None:
        """Grade one known answer; the problem found, or None when it graded cleanly.

        A server calls this before it reports ready: the model's first runs (buffer
        allocation, thread start-up: about 17 ms on a MiniLM check) happen now instead
        of on a client's request, and a backend that loads but cannot run fails at
        start-up instead of on every request.
        """
        try:
            # The swapped-word rule reads the contrast table (judging/swapped.py) with
            # or without the verifier: loaded now (0.7-2 s), not inside a client's check.
            contrast_table()
            result = self.check(WARM_UP_TEXT, [WARM_UP_TEXT])
        except ContrastTableUnavailable as exc:
            return f"the lexical rules cannot run: {exc}"
        except Exception as exc:  # a detector bug: report it, the caller decides
            return f"the warm-up check raised {type(exc).__name__}: {exc}"
        if Reason.EMBEDDING_FAILED in result.reasons:
            failures = ", ".join(f.value for f in result.embedding_failures) or "embedding"
            return f"the warm-up check could not embed ({failures})"
        return None

    def version(self, policy: ClaimPolicy = ClaimPolicy.STRICT) -> str:
        """The metric definition version: results under different ones never mix."""
        models = self._models
        verifier = (
            f"/{models.verifier.version_tag}/{READING_VERSION}"
            if models.verifier is not None
            else ""
        )
        language = f"/{self._language.tag}" if self._language is not None else ""
        return (
            f"{RUBRIC_VERSION}/{policy.value}/{models.embedder.version_tag}/"
            f"{SPLITTER_VERSION}{self._short_answers_tag}/{RULES_VERSION}/{models.judge.tag}{verifier}/"
            f"{models.first_stage.tag}{language}"
        )

    def detectors(self) -> str:
        """Which detectors grade, in words (logged by `serve`, printed by `check`)."""
        return configuration.detectors(self._models, self._language)

    def notes(self) -> list[str]:
        """What an operator should know of this configuration (logged by `serve`,
        printed by `check`)."""
        return configuration.notes(self._models, self._language)

    @property
    def _short_answers_tag(self) -> str:
        return f"+{SHORT_ANSWERS_VERSION}" if self._settings.short_answers_with_question else ""

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
        question: str | None = None,
    ) -> CheckResult:
        """Grade `answer`; `claim_spans` grades given spans instead of splitting
        (labelled evaluation data comes with its own claim segmentation); `memo`
        holds model work earlier checks of the same exchange did (detection/memo.py),
        which changes how much is computed, never the result; `question`, the user's
        last question, is what an answer with no gradable claim is read with
        (text/short_answers.py), never evidence.

        The answer and the question are read with plain typography
        (text/typography.py), as the sources are (grading/sources.py); the report
        quotes the answer as written."""
        read = plain_typography(answer)
        question = None if question is None else plain_typography(question)
        result = self._check(read, sources, limits, policy, references, claim_spans, memo, question)
        return result if read is answer else result.quoting(answer)

    def _check(
        self,
        answer: str,
        sources: Sequence[str],
        limits: SourceLimits | None,
        policy: ClaimPolicy,
        references: Sequence[str],
        claim_spans: Sequence[tuple[int, int]] | None,
        memo: CheckMemo | None,
        question: str | None,
    ) -> CheckResult:
        started = time.perf_counter()
        split = self._split(answer, claim_spans)
        side = read_sources(sources, limits, policy, references, memo)
        if claim_spans is None:
            split = set_aside_around_claims(answer, split, side)
            if self._settings.short_answers_with_question:
                split = read_with_question(answer, split, question)
        if self._language is not None and self._language.unsupported(answer, sources):
            return self._unsupported_language(policy, split, side.selection)
        # Labelled spans are graded as given; our own split separates premises.
        claims, classes = claim_classes(split.claims, policy, split_premises=claim_spans is None)
        split_seconds = time.perf_counter() - started
        graded = ClaimGrader(self._models.remembering(memo), claims, classes, side).grade()
        return self._result(policy, split, side.selection, graded, split_seconds)

    def _split(self, answer: str, claim_spans: Sequence[tuple[int, int]] | None) -> ClaimSplit:
        if claim_spans is not None:
            return ClaimSplit(tuple(Claim(answer[a:b], a, b) for a, b in claim_spans), (), False)
        return split_claims(
            answer,
            min_words=self._settings.min_claim_words,
            max_claims=self._settings.max_claims,
            max_chars=self._settings.max_answer_chars,
        )

    def _result(
        self,
        policy: ClaimPolicy,
        split: ClaimSplit,
        selection: SourceSelection,
        graded: Graded,
        split_seconds: float,
    ) -> CheckResult:
        """The response rubric applied to the claims' grades."""
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

    def _unsupported_language(
        self, policy: ClaimPolicy, split: ClaimSplit, selection: SourceSelection
    ) -> CheckResult:
        """`unknown`, nothing graded: the models would grade a language they do not read."""
        return CheckResult(
            version=self.version(policy),
            verdict=ResponseVerdict.UNKNOWN,
            reasons=(Reason.UNSUPPORTED_LANGUAGE,),
            overall_similarity=None,
            confidence=0.0,
            claims=(),
            skipped_claims=split.skipped,
            dropped_sources=selection.dropped,
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
        """Read these sources into `memo` as a check will, and embed their passages
        (grading/incremental.py)."""
        side = read_sources(sources, limits, policy, references, memo)
        incremental.prepare_sources(side, self._models.remembering(memo))

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
        now (grading/incremental.py)."""
        check = self._check_into(memo, sources, limits, policy, references)

        def step(text: str) -> None:
            if memo.first_step_on(text):
                check(text)

        return incremental.prepare_answer(step, partial_answer, covered)

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
        """The settled part of an answer still arriving, checked from its start: (its
        length, its result), or None while nothing has settled (grading/incremental.py)."""
        check = self._check_into(memo, sources, limits, policy, references)
        return incremental.check_settled(check, partial_answer)

    def _check_into(
        self,
        memo: CheckMemo,
        sources: Sequence[str],
        limits: SourceLimits | None,
        policy: ClaimPolicy,
        references: Sequence[str],
    ) -> incremental.Check:
        """A check of some text against these sources, into `memo`."""
        return partial(
            self.check,
            sources=sources,
            limits=limits,
            policy=policy,
            references=references,
            memo=memo,
        )
