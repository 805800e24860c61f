"""The verifier inside the grader: which claims it reads, what its reading changes,
how its failure is graded, and how it shows in the version and the JSON."""

from __future__ import annotations

from grounding_sidecar.detection import Grader, GraderSettings, HashEmbedder, Verdict
from grounding_sidecar.detection.contract import EmbeddingStage, GradeCause, Reason, Scorer
from tests.support.fake_verifiers import CONTRADICTS, FAILS, MarkerVerifier

SOURCE = "The error rate fell from 2.0% to 1.0% after the cache rollout in March."
COSINE = GraderSettings(scorer=Scorer.COSINE, threshold=0.5)


def test_a_confident_contradiction_on_a_similar_passage_is_contradictory() -> None:
    verifier = MarkerVerifier()
    grader = Grader(HashEmbedder(), COSINE, verifier=verifier)
    answer = (
        f"The error rate rose from 2.0% to 1.0% after the cache rollout in March {CONTRADICTS}."
    )
    (grade,) = grader.check(answer, [SOURCE]).claims
    assert grade.verdict is Verdict.CONTRADICTORY
    assert "'rose' where s0.0 says 'fell'" in grade.rationale
    assert "verifier p 0.99" in grade.rationale
    assert grade.verification is not None and grade.verification.contradicted == 0.99
    assert grade.to_dict()["verifier"] == {
        "entailed": 0.005,
        "contradicted": 0.99,
        "neither": 0.005,
    }


def test_a_claim_whose_reading_cannot_change_its_verdict_is_not_read() -> None:
    # The verifier would be sure, but the claim only adds a word: no word of it stands
    # against the passage and no negation differs (a misread paraphrase, most often),
    # so no reading could make it contradictory, and it is not read at all.
    verifier = MarkerVerifier()
    grader = Grader(HashEmbedder(), COSINE, verifier=verifier)
    answer = (
        f"The error rate fell from 2.0% to 1.0% after the cache rollout in March {CONTRADICTS}."
    )
    (grade,) = grader.check(answer, [SOURCE]).claims
    assert grade.verdict is Verdict.SUPPORTED
    assert grade.verification is None and grade.to_dict()["verifier"] is None
    assert verifier.batches == []


def test_an_unsure_verifier_leaves_the_similarity_verdict() -> None:
    grader = Grader(HashEmbedder(), COSINE, verifier=MarkerVerifier(contradicted=0.9))
    answer = (
        f"The error rate fell from 2.0% to 1.0% after the cache rollout in March {CONTRADICTS}."
    )
    (grade,) = grader.check(answer, [SOURCE]).claims
    assert grade.verdict is Verdict.SUPPORTED
    assert grade.to_dict()["probability"] is not None


def test_claims_without_a_similar_passage_are_not_read() -> None:
    verifier = MarkerVerifier()
    grader = Grader(HashEmbedder(), COSINE, verifier=verifier)
    answer = (
        "The error rate rose from 2.0% to 1.0% after the cache rollout in March. "
        f"Penguins migrate across the southern ocean every winter season {CONTRADICTS}."
    )
    first, second = grader.check(answer, [SOURCE]).claims
    assert [claim for _, claim in verifier.batches[0]] == [first.text]  # one batch, one pair
    assert second.verdict is Verdict.UNSUPPORTED and second.verification is None
    assert second.to_dict()["verifier"] is None


def test_a_failed_verification_is_an_embedding_failure_never_a_verdict() -> None:
    grader = Grader(HashEmbedder(), COSINE, verifier=MarkerVerifier())
    # A claim the verifier must read: "rose" stands against the passage's "fell".
    answer = f"The error rate rose from 2.0% to 1.0% after the cache rollout in March {FAILS}."
    result = grader.check(answer, [SOURCE])
    (grade,) = result.claims
    assert grade.cause is GradeCause.EMBEDDING_FAILED and grade.verdict is Verdict.UNSUPPORTED
    assert result.embedding_failures == (EmbeddingStage.VERIFICATION,)
    assert Reason.EMBEDDING_FAILED in result.reasons


def test_the_version_names_the_verifier() -> None:
    with_verifier = Grader(HashEmbedder(), COSINE, verifier=MarkerVerifier())
    without = Grader(HashEmbedder(), COSINE)
    assert "/ver-fake@1/read-v1/" in with_verifier.version()
    assert with_verifier.version().replace("/ver-fake@1/read-v1", "") == without.version()


def test_the_verifier_reads_claims_without_a_leading_discourse_marker() -> None:
    from grounding_sidecar.detection.verifier.runtime import without_discourse_marker

    assert without_discourse_marker("Good news: the refund was approved.") == (
        "The refund was approved."
    )
    assert (
        without_discourse_marker("Sure, the office opens at nine.") == "The office opens at nine."
    )
    assert without_discourse_marker("The news: nothing changed.") == "The news: nothing changed."
    assert (
        without_discourse_marker("Yesterday the office opened.") == "Yesterday the office opened."
    )
