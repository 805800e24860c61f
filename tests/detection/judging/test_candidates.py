"""The lexical first stage: BM25 candidates, and a check over its budget reading only them."""

from __future__ import annotations

from grounding_sidecar.detection import (
    CheckMemo,
    ClaimPolicy,
    FirstStage,
    Grader,
    GraderSettings,
    HashEmbedder,
    ResponseVerdict,
    Verdict,
)
from grounding_sidecar.detection.contract import GradeCause, Scorer
from grounding_sidecar.detection.judging.candidates import LexicalIndex
from tests.support.fake_embedders import RecordingEmbedder

PASSAGES = [
    "The Rotterdam terminal handled 420 containers of steel coils in March.",
    "Customs clearance at Lyon took nine hours for coffee beans.",
    "The Lyon depot stores coffee beans and paper pulp.",
    "Insurance covers losses of wind turbine blades up to 40,000 euros.",
]
# One source per passage (each is a single sentence), so passage i is source i.
SOURCES = PASSAGES
ANSWER = (
    "Customs clearance at Lyon took nine hours for coffee beans. "
    "The Rotterdam terminal handled 420 containers of steel coils in March."
)
ALWAYS = FirstStage(budget_chars=0, per_claim=1)
NEVER = FirstStage(budget_chars=10**9)


def grader(first_stage: FirstStage, **options: object) -> tuple[Grader, RecordingEmbedder]:
    passages = RecordingEmbedder()
    settings = GraderSettings(first_stage=first_stage, **options)  # type: ignore[arg-type]
    return Grader(HashEmbedder(), settings, passage_embedder=passages), passages


def test_bm25_ranks_rare_shared_words_first_then_the_earliest_others() -> None:
    index = LexicalIndex(PASSAGES)
    assert list(index.top("Clearance at Lyon for coffee beans took hours.", 2)) == [1, 2]
    assert list(index.top("Turbine blades are insured.", 4)) == [3, 0, 1, 2]
    assert list(index.top("Nothing here matches at all.", 2)) == [0, 1]


def test_a_claim_sharing_no_word_is_ranked_on_word_beginnings() -> None:
    index = LexicalIndex(["Table of contents: the purposes of advertisements.", *PASSAGES])
    assert list(index.top("Firms advertise for a purpose.", 1)) == [0]
    assert list(LexicalIndex(PASSAGES[::-1]).top("Firms advertise.", 1)) == [0]  # in order


def test_over_the_budget_only_each_claims_candidates_are_embedded() -> None:
    check, passages = grader(ALWAYS)
    result = check.check(ANSWER, SOURCES)
    assert sorted(passages.texts) == sorted([PASSAGES[0], PASSAGES[1]])
    assert [claim.evidence[0].source_index for claim in result.claims] == [1, 0]
    assert result.verdict is ResponseVerdict.PASS


def test_under_the_budget_the_check_is_the_full_check() -> None:
    pruned, passages = grader(FirstStage(budget_chars=sum(map(len, PASSAGES)), per_claim=1))
    full, _ = grader(NEVER)
    first, second = pruned.check(ANSWER, SOURCES), full.check(ANSWER, SOURCES)
    assert sorted(passages.texts) == sorted(PASSAGES)
    assert first.claims == second.claims
    assert first.version.endswith(f"/lex1@{sum(map(len, PASSAGES))}")


def test_a_claim_sharing_no_word_is_judged_against_the_earliest_passages() -> None:
    for scorer in Scorer:
        check, passages = grader(ALWAYS, scorer=scorer)
        result = check.check("Zebras graze quietly beside the river tonight.", SOURCES)
        (claim,) = result.claims
        assert claim.verdict is Verdict.UNSUPPORTED and claim.cause is GradeCause.JUDGED
        assert result.verdict is ResponseVerdict.FAIL
        assert passages.texts == [PASSAGES[0]]  # its one candidate, no more


def test_work_ahead_over_the_budget_builds_the_index_and_embeds_nothing() -> None:
    check, passages = grader(ALWAYS)
    memo = CheckMemo()
    check.prepare_sources(SOURCES, memo)
    assert passages.texts == []
    under, passages_under = grader(NEVER)
    under.prepare_sources(SOURCES, memo)
    assert sorted(passages_under.texts) == sorted(PASSAGES)


def test_a_subject_claim_with_only_references_has_no_sources() -> None:
    """Classed policy, no sources, an approved reference: graded, not a crash."""
    for scorer in Scorer:
        check, _ = grader(NEVER, scorer=scorer)
        result = check.check(PASSAGES[0], [], policy=ClaimPolicy.CLASSED, references=[PASSAGES[0]])
        (claim,) = result.claims
        assert claim.verdict is Verdict.UNSUPPORTED
        assert claim.cause is GradeCause.NO_SOURCES
