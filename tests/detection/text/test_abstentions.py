"""Abstentions: set aside when the sources lack their topic, graded when they may be
false or carry a detail."""

from __future__ import annotations

from grounding_sidecar.detection.contract import SkipReason
from grounding_sidecar.detection.text.abstentions import set_aside_abstentions
from grounding_sidecar.detection.text.claims import split_claims
from grounding_sidecar.detection.text.words import content_words
from tests.support.counted import Counted

SOURCE_WORDS = content_words(
    "Customers may return unopened items within 30 days of delivery for a full refund. "
    "Opened items can be exchanged but not refunded."
)


def _graded(answer: str) -> list[str]:
    split = split_claims(answer)
    return [c.text for c in set_aside_abstentions(split, Counted(SOURCE_WORDS)).claims]


def test_an_abstention_on_a_topic_the_sources_lack_is_set_aside() -> None:
    answer = (
        "Unopened items can be returned within 30 days for a full refund. "
        "I could not find information about international shipping in the provided documents."
    )
    split = set_aside_abstentions(split_claims(answer), Counted(SOURCE_WORDS))
    assert [c.text for c in split.claims] == [answer[: answer.index(" I could")]]
    assert [s.reason for s in split.skipped] == [SkipReason.CONVERSATION]
    assert answer[slice(*split.skipped[0].span)] == split.skipped[0].text


def test_an_abstention_on_a_topic_the_sources_hold_is_graded() -> None:
    answer = "The documents do not mention whether opened items can be refunded."
    words = Counted(SOURCE_WORDS)
    assert [c.text for c in set_aside_abstentions(split_claims(answer), words).claims] == [answer]
    assert words.reads == 1  # read as an abstention, kept as a claim


def test_an_abstention_whose_topic_holds_a_detail_is_graded() -> None:
    answer = "I could not find information about the 2019 Acme Corporation recall."
    assert _graded(answer) == [answer]


def test_a_split_without_abstentions_is_left_as_split() -> None:
    split = split_claims("Unopened items can be returned within 30 days for a full refund.")
    words = Counted(SOURCE_WORDS)
    assert set_aside_abstentions(split, words) is split
    assert words.reads == 0  # no abstention: the sources' words are never gathered
