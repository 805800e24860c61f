"""A claim copied from a stretch of its passage but for one word: each such change,
with its position; none for a short claim, two changed words or a reordering."""

from __future__ import annotations

from hypothesis import given, settings

from grounding_sidecar.detection.judging.alignment import (
    COPIED_WORDS,
    Change,
    changed_words,
    copied_whole,
)
from grounding_sidecar.detection.text.details import WORD
from tests.support.word_texts import word_texts

PASSAGE = "Access tokens expire after one hour; refresh tokens are valid for 30 days."


def test_each_one_word_change_of_a_copied_stretch_is_found() -> None:
    assert changed_words("Refresh tokens expire after one hour.", PASSAGE) == [
        Change(0, "refresh", "access")
    ]
    assert changed_words("Access tokens are valid for 30 days.", PASSAGE) == [
        Change(0, "access", "refresh")
    ]


def test_a_copy_a_short_claim_two_changes_and_a_reordering_change_nothing() -> None:
    assert changed_words("Access tokens expire after one hour.", PASSAGE) == []
    assert changed_words("Refresh tokens expire.", PASSAGE) == []  # four words or fewer
    assert changed_words("Refresh tokens expire after two hours.", PASSAGE) == []
    assert changed_words("After one hour access tokens expire.", PASSAGE) == []


def _stretch_by_stretch(claim: str, passage: str) -> list[Change]:
    """The rule as written: every stretch compared with the claim word by word."""
    mine, theirs = WORD.findall(claim.lower()), WORD.findall(passage.lower())
    if len(mine) <= COPIED_WORDS:
        return []
    found = []
    for start in range(len(theirs) - len(mine) + 1):
        window = theirs[start : start + len(mine)]
        differ = [k for k, (a, b) in enumerate(zip(mine, window, strict=True)) if a != b]
        if len(differ) == 1:
            found.append(Change(differ[0], mine[differ[0]], window[differ[0]]))
    return found


@settings(max_examples=400, deadline=None)
@given(
    claim=word_texts(["a", "b", "c"], max_words=12),
    passage=word_texts(["a", "b", "c", "d"], max_words=30),
)
def test_changes_are_found_as_comparing_every_stretch_finds_them(claim: str, passage: str) -> None:
    assert changed_words(claim, passage) == _stretch_by_stretch(claim, passage)


def test_a_claim_copied_whole_is_one_stretch_of_the_passage_in_order() -> None:
    assert copied_whole("refresh tokens are valid for 30 days", PASSAGE)
    assert copied_whole("Access tokens expire after one hour.", PASSAGE)
    assert not copied_whole(
        "Tokens are valid for 30 days.", "Refresh tokens are valid for 300 days."
    )
    assert not copied_whole("Refresh tokens expire after one hour.", PASSAGE)  # one word changed
    assert not copied_whole("tokens access expire", PASSAGE)  # reordered
    assert not copied_whole("", PASSAGE)
