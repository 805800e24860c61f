"""The addition rule: a claim that restates its best passage and adds content words
that no source uses loses its support unless the verifier reads the passage as
entailing it (docs/verifier.md#additions)."""

from __future__ import annotations

import numpy as np

from grounding_sidecar.detection.contract import Verdict, Verification
from grounding_sidecar.detection.judging.consistency import (
    ADDED_WORDS,
    RESTATED_SHARE,
    FindingKind,
    addition,
    find_addition,
)
from grounding_sidecar.detection.judging.corpus import SourceCorpus
from grounding_sidecar.detection.judging.judges import VERIFIER_ADDITION_ENTAILED, CosineJudge
from grounding_sidecar.detection.text.passages import Passage

PASSAGE = "The staff canteen on the third floor serves breakfast until ten."
ADDED = "The staff canteen on the third floor serves breakfast until ten, cooked by a pastry chef."
ELSEWHERE = "Its meals are cooked by a pastry chef."


def test_a_restated_passage_with_words_no_source_uses_is_an_addition() -> None:
    finding = find_addition(ADDED, PASSAGE, "s0.0", SourceCorpus([PASSAGE]))
    assert finding is not None
    assert finding.kind is FindingKind.ADDITION
    assert finding.verdict is Verdict.UNSUPPORTED
    assert finding.rationale.startswith("adds 'cooked', 'pastry', 'chef' to s0.0")


def test_words_another_source_uses_are_not_an_addition() -> None:
    assert find_addition(ADDED, PASSAGE, "s0.0", SourceCorpus([PASSAGE, ELSEWHERE])) is None


def test_a_claim_that_keeps_too_little_of_the_passage_is_not_a_restatement() -> None:
    claim = "Breakfast is cooked by a pastry chef."
    kept, added = addition(claim, PASSAGE, SourceCorpus([PASSAGE]))
    assert kept < RESTATED_SHARE and len(added) >= ADDED_WORDS
    assert find_addition(claim, PASSAGE, "s0.0", SourceCorpus([PASSAGE])) is None


def test_fewer_added_words_than_the_bar_are_not_an_addition() -> None:
    claim = "The staff canteen on the third floor serves hot breakfast until ten."
    kept, added = addition(claim, PASSAGE, SourceCorpus([PASSAGE]))
    assert kept == 1.0 and 0 < len(added) < ADDED_WORDS
    assert find_addition(claim, PASSAGE, "s0.0", SourceCorpus([PASSAGE])) is None


def test_the_words_of_an_attribution_are_not_added() -> None:
    corpus = SourceCorpus([PASSAGE])
    for claim in (
        "The cafeteria guide says that the staff canteen on the third floor serves "
        "breakfast until ten.",
        "As stated in the cafeteria guide, the staff canteen on the third floor serves "
        "breakfast until ten.",
        "The staff canteen on the third floor serves breakfast until ten, as the weekly "
        "cafeteria newsletter mentions.",
    ):
        assert addition(claim, PASSAGE, corpus) == (1.0, frozenset()), claim
    # The words outside the attribution still count.
    claim = "The cafeteria guide says that the staff canteen on the third floor serves "
    claim += "breakfast until ten, cooked by a pastry chef."
    assert addition(claim, PASSAGE, corpus)[1] == {"cook", "pastry", "chef"}


def _judged(
    claim: str, verification: Verification | None
) -> tuple[Verdict, str, FindingKind | None]:
    passage = Passage("s0.0", 0, 0, len(PASSAGE), PASSAGE)
    judge = CosineJudge(threshold=0.5)
    judgement = judge.judge(
        claim,
        np.array([0.9], dtype=np.float32),
        0,
        [passage],
        SourceCorpus([PASSAGE]),
        verification,
    )
    return judgement.verdict, judgement.rationale, judgement.overruled_by


def test_the_judge_takes_support_away_when_the_verifier_does_not_read_entailment() -> None:
    entailed = VERIFIER_ADDITION_ENTAILED - 0.4
    reading = Verification(entailed=entailed, contradicted=0.05, neither=0.95 - entailed)
    verdict, rationale, overruled_by = _judged(ADDED, reading)
    assert verdict is Verdict.UNSUPPORTED
    assert overruled_by is FindingKind.ADDITION
    assert rationale.endswith(f"(verifier: entailed p {entailed:.2f})")


def test_the_judge_keeps_support_when_the_verifier_reads_entailment() -> None:
    entailed = VERIFIER_ADDITION_ENTAILED + 0.1
    reading = Verification(entailed=entailed, contradicted=0.05, neither=0.95 - entailed)
    assert _judged(ADDED, reading)[:2] == (Verdict.SUPPORTED, "matches s0.0 (0.90)")


def test_without_a_verifier_reading_words_alone_never_take_support_away() -> None:
    assert _judged(ADDED, None)[0] is Verdict.SUPPORTED
