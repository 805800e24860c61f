"""Clauses: the stretch around a span between the breaks given, the whole text when
there is none."""

from __future__ import annotations

import itertools
import re

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from grounding_sidecar.detection.text.clauses import (
    STATEMENT_JOIN,
    clause_around,
    rough_clauses,
    rough_sentences,
    statement_ends,
)

BREAKS = re.compile(r"[,;]|\bbut\b")


def _clause(text: str, word: str) -> str:
    at = text.index(word)
    breaks = [m.span() for m in BREAKS.finditer(text)]
    opens, closes = clause_around(breaks, at, at + len(word), len(text))
    return text[opens:closes]


def test_the_clause_runs_from_the_break_before_to_the_break_after() -> None:
    text = "It has two ports, but no HDMI port; the warranty covers defects"
    assert _clause(text, "HDMI") == " no HDMI port"
    assert _clause(text, "two") == "It has two ports"
    assert _clause(text, "warranty") == " the warranty covers defects"
    assert _clause("No breaks at all", "breaks") == "No breaks at all"


def test_rough_sentences_cut_after_each_full_stop() -> None:
    text = "Loans last three weeks. Renewals are automatic! are fines capped? yes."
    assert rough_sentences(text) == [
        "Loans last three weeks.",
        "Renewals are automatic!",
        "are fines capped?",
        "yes.",
    ]
    assert rough_sentences("") == []


def test_rough_clauses_cut_each_sentence_where_another_fact_begins() -> None:
    text = "Towels are free, but lockers need a padlock. Guests pay $5; members do not."
    assert [clause.strip() for clause in rough_clauses(text)] == [
        "Towels are free",
        "lockers need a padlock.",
        "Guests pay $5",
        "members do not.",
    ]


def test_a_statement_ends_with_its_sentence_or_where_another_is_joined_to_it() -> None:
    text = "No pets. We do not refund sale items, and they cannot be exchanged; ask first."
    ends = statement_ends(text)
    assert [text[end] for end in ends] == [" ", ",", ";"]
    assert ends == [8, text.index(", and"), text.index(";")]
    # A text of one statement has none to end.
    assert statement_ends("Roaming is not included") == []


def _statements(text: str) -> list[str]:
    """`text` cut where `statement_ends` ends each statement."""
    cuts = [0, *statement_ends(text), len(text)]
    return [text[start:end] for start, end in itertools.pairwise(cuts)]


@pytest.mark.parametrize(
    ("text", "statements"),
    [
        (
            "The hotel does not allow pets and does not permit smoking.",
            ["The hotel does not allow pets ", "and does not permit smoking."],
        ),
        ("No pets and no smoking.", ["No pets ", "and no smoking."]),
        (
            "The hotel does not allow pets, does not permit smoking.",
            ["The hotel does not allow pets", ", does not permit smoking."],
        ),
        (
            "DVDs are lent for a week, and cannot be renewed.",
            ["DVDs are lent for a week", ", and cannot be renewed."],
        ),
        # Two subjects of one negation, and one negation with its condition, are one
        # statement each.
        ("Cats and dogs are not allowed.", ["Cats and dogs are not allowed."]),
        ("Pets are not allowed, unless they are assistance dogs.", None),
        ("It cannot be refunded or exchanged.", None),
    ],
)
def test_an_and_that_a_negation_follows_ends_a_statement_for_parity(
    text: str, statements: list[str] | None
) -> None:
    assert _statements(text) == (statements or [text])


def test_a_joined_clause_with_a_subject_of_its_own_is_read_alone() -> None:
    text = "We do not refund sale items, and they cannot be exchanged; ask in store."
    assert STATEMENT_JOIN.split(text) == [
        "We do not refund sale items",
        " they cannot be exchanged",
        " ask in store.",
    ]
    # Without a subject of its own the clause shares the one before it.
    shared = "DVDs are lent for a week, and cannot be renewed."
    assert STATEMENT_JOIN.split(shared) == [shared]


def test_a_no_and_its_noun_before_an_auxiliary_open_a_statement_of_their_own() -> None:
    text = (
        "Scientists warned that more eruptions were possible, but no evacuation order was issued."
    )
    assert STATEMENT_JOIN.split(text) == [
        "Scientists warned that more eruptions were possible",
        " no evacuation order was issued.",
    ]
    # No auxiliary after its noun: the object of the verb before, no subject.
    for whole in ("It has two ports, but no HDMI port.", "Prices rose, but not by much."):
        assert STATEMENT_JOIN.split(whole) == [whole]


@settings(max_examples=300, deadline=None)
@given(st.text(alphabet="ab,; ", max_size=60), st.data())
def test_the_clause_is_found_by_bisection_as_by_scanning_every_break(
    text: str, data: st.DataObject
) -> None:
    breaks = [m.span() for m in BREAKS.finditer(text)]
    start = data.draw(st.integers(0, len(text)))
    end = data.draw(st.integers(start, len(text)))
    opens = max((b_end for _, b_end in breaks if b_end <= start), default=0)
    closes = min((b_start for b_start, _ in breaks if b_start >= end), default=len(text))
    assert clause_around(breaks, start, end, len(text)) == (opens, closes)
