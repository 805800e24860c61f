"""The addition rule (additions.py): a claim that restates its best passage and adds
content words that no source uses, docs/verifier.md#additions."""

from __future__ import annotations

from grounding_sidecar.detection.contract import Verdict
from grounding_sidecar.detection.judging.additions import (
    ADDED_WORDS,
    RESTATED_SHARE,
    addition,
    find_addition,
)
from grounding_sidecar.detection.judging.consistency import FindingKind
from grounding_sidecar.detection.judging.corpus import SourceCorpus

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
