"""The clause around a value: its words besides the values compared, the frame two
values' clauses share where the later leaves its subject out, whether two values
stand apart, and a value matched as a whole token."""

from __future__ import annotations

from grounding_sidecar.detection.judging.value_clauses import ValueClauses, apart, token_pattern

POINTS = "Members earn 2 points for every dollar spent in store and 1 point per dollar online."


def test_the_words_around_a_value_are_its_clauses_less_the_values() -> None:
    clauses = ValueClauses(POINTS, frozenset({"2", "1"}))
    assert clauses.clause_text("1") == " 1 point per dollar online."
    assert clauses.words_around("1") == frozenset({"point", "per", "dollar", "online"})
    assert "member" in clauses.words_around("2")


def test_a_frame_is_left_out_where_the_later_clause_opens_at_its_value() -> None:
    clauses = ValueClauses(POINTS, frozenset({"2", "1"}))
    clauses.set_frame("2", "1")
    assert "member" not in clauses.words_around("2")
    assert "store" in clauses.words_around("2")
    # A later clause with a subject of its own shares no frame.
    own = ValueClauses(
        "Members earn 2 points in store and guests earn 1 point online.", frozenset()
    )
    own.set_frame("2", "1")
    assert "member" in own.words_around("2")


def test_two_values_stand_apart_in_different_clauses() -> None:
    assert apart(POINTS, "2", "1")
    assert not apart("Prices rose from 2 to 3 dollars.", "2", "3")


def test_a_value_is_matched_as_a_whole_token() -> None:
    assert token_pattern("45").search("the 45 employees")
    assert not token_pattern("45").search("the 145 employees")
