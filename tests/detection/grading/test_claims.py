"""Each claim's grade where an embedding fails: a failed claim embedding fails only that
claim, a failed source embedding every claim (docs/contract.md#embedding-failures)."""

from __future__ import annotations

from collections.abc import Sequence

from grounding_sidecar.detection import (
    EmbeddingStage,
    Grader,
    GraderSettings,
    HashEmbedder,
    Reason,
    ResponseVerdict,
    Verdict,
)
from grounding_sidecar.detection.contract import EMBEDDING_FAILED_MARK
from grounding_sidecar.detection.embedding.base import EmbeddingTimeout, FloatMatrix
from tests.detection.test_grader import SOURCES


class _FailingFor:
    """Wraps the hash embedder; fails texts containing a marker, or everything."""

    name = "failing"
    version_tag = "failing@0"
    default_threshold = 0.5
    cheap = False

    def __init__(self, marker: str | None = None, timeout: bool = False) -> None:
        self.marker = marker
        self.timeout = timeout
        self.inner = HashEmbedder()

    def embed(self, texts: Sequence[str]) -> FloatMatrix:
        if self.timeout:
            raise EmbeddingTimeout("deadline passed")
        vectors = self.inner.embed(texts)
        for row, text in enumerate(texts):
            if self.marker and self.marker in text:
                vectors[row] = 0.0
        return vectors


def test_a_failed_claim_embedding_fails_only_that_claim() -> None:
    grader = Grader(_FailingFor(marker="warranty"))
    result = grader.check(
        "Order 5512 shipped on 3 June 2026 by ground freight. "
        "The warranty covers accidental damage for 24 months.",
        SOURCES[:1],
    )
    assert [g.verdict for g in result.claims] == [Verdict.SUPPORTED, Verdict.UNSUPPORTED]
    assert result.claims[1].rationale == EMBEDDING_FAILED_MARK
    assert result.embedding_failures == (EmbeddingStage.CLAIM,)
    assert result.verdict is ResponseVerdict.FAIL
    assert result.reasons[0] is Reason.EMBEDDING_FAILED


def test_a_failed_source_embedding_fails_every_claim() -> None:
    grader = Grader(HashEmbedder(), passage_embedder=_FailingFor(timeout=True))
    result = grader.check("Order 5512 shipped on 3 June 2026 by ground freight.", SOURCES)
    assert all(g.rationale == EMBEDDING_FAILED_MARK for g in result.claims)
    assert result.embedding_failures == (EmbeddingStage.SOURCE,)
    assert result.verdict is ResponseVerdict.FAIL
    assert not result.grounded


class _Recording(HashEmbedder):
    """The hash embedder, keeping every text it was asked to embed."""

    def __init__(self) -> None:
        super().__init__()
        self.seen: list[str] = []

    def embed(self, texts: Sequence[str]) -> FloatMatrix:
        self.seen.extend(texts)
        return super().embed(texts)


def test_a_claim_formed_with_the_question_is_embedded_as_read_and_says_so() -> None:
    claims = _Recording()
    settings = GraderSettings(short_answers_with_question=True)
    grader = Grader(claims, settings, passage_embedder=HashEmbedder())
    result = grader.check("Leeds.", SOURCES, question="Which depot did order 5512 leave?")
    assert claims.seen == ["Which depot did order 5512 leave? — Leeds."]
    (grade,) = result.claims
    assert grade.text == "Leeds." and grade.formed_with_question
    assert grade.rationale.startswith("read with the user's question; ")
