"""A claim copied from a stretch of its passage but for one word: each such change,
with its position; none for a short claim, two changed words or a reordering."""

from __future__ import annotations

from grounding_sidecar.detection.judging.alignment import Change, changed_words

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
