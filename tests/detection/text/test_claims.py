"""Answer -> claims: which sentences are claims, which are skipped and why, exact spans."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from grounding_sidecar.detection.contract import SkipReason
from grounding_sidecar.detection.text.claims import Claim, split_claims


def test_short_claims_and_code_are_reported_as_skipped() -> None:
    answer = "# Title\nYes. The parcel left the depot on Monday morning.\n```\ncode()\n```"
    split = split_claims(answer, min_words=5)
    assert [c.text for c in split.claims] == ["The parcel left the depot on Monday morning."]
    assert [(s.text, s.reason) for s in split.skipped] == [
        ("Title", SkipReason.TOO_SHORT),  # a heading is a sentence like any other
        ("Yes.", SkipReason.TOO_SHORT),
        ("```\ncode()\n```", SkipReason.CODE),
    ]
    assert not split.truncated


@pytest.mark.parametrize(
    "short",
    [
        "Refunds take 90 days.",  # a number
        "Returns are not accepted.",  # a negation
        "It shipped on 3 June.",  # a date
        "Ask Contoso Support.",  # a name past the first word
        "It costs $40.",  # an amount
        "Delivery is free.",  # a statement (statements.py)
        "Liverpool is in Australia.",
    ],
)
def test_a_short_sentence_with_a_checkable_detail_or_a_statement_is_a_claim(short: str) -> None:
    split = split_claims(f"The parcel left the depot on Monday morning. {short}", min_words=5)
    graded = [c.text for c in split.claims]
    assert graded == ["The parcel left the depot on Monday morning.", short]


@pytest.mark.parametrize(
    ("short", "reason"),
    [
        ("Great question.", SkipReason.TOO_SHORT),  # talks to the user
        ("Key points include:", SkipReason.TOO_SHORT),  # a lead-in
        ("Is delivery free?", SkipReason.TOO_SHORT),  # a question
        ("Tolkien and Lewis", SkipReason.TOO_SHORT),  # no full stop, no predicate
        ("Enjoy your stay!", SkipReason.TOO_SHORT),  # an exclamation without a verb
    ],
)
def test_a_short_sentence_that_states_nothing_is_skipped(short: str, reason: SkipReason) -> None:
    split = split_claims(f"The parcel left the depot on Monday morning. {short}", min_words=5)
    assert [c.text for c in split.claims] == ["The parcel left the depot on Monday morning."]
    assert [(s.text, s.reason) for s in split.skipped] == [(short, reason)]


def test_a_heading_with_enough_words_or_a_detail_is_a_claim() -> None:
    answer = "# Refunds take 90 days\n## What the policy says about refunds\nThanks for reading."
    split = split_claims(answer, min_words=5)
    assert [c.text for c in split.claims] == [
        "Refunds take 90 days",
        "What the policy says about refunds",
    ]


def test_claim_limits_truncate_and_say_so() -> None:
    answer = " ".join(f"Sentence number {i} has enough words." for i in range(10))
    split = split_claims(answer, max_claims=3)
    assert len(split.claims) == 3
    assert split.truncated
    assert sum(s.reason is SkipReason.OVER_LIMIT for s in split.skipped) == 7
    assert split_claims(answer, max_chars=40).truncated


_alphabet = st.sampled_from([*list("abcXYZ019 .,!?:-*#`\n\t'\"()$%@/"), "Dr.", "e.g.", "```"])


@settings(max_examples=300, deadline=None)
@given(st.lists(_alphabet, max_size=80).map("".join), st.integers(1, 6))
def test_every_claim_span_indexes_the_answer_exactly(answer: str, min_words: int) -> None:
    split = split_claims(answer, min_words=min_words)
    previous_end = 0
    for claim in split.claims:
        assert answer[claim.start : claim.end] == claim.text
        assert claim.text == claim.text.strip() and claim.text
        assert claim.start >= previous_end
        previous_end = claim.end
    for skipped in split.skipped:
        assert answer[skipped.span[0] : skipped.span[1]] == skipped.text


def test_a_claim_is_read_as_its_text_unless_formed_with_a_question() -> None:
    plain = Claim("Eiffel.", 0, 7)
    assert plain.reading == "Eiffel."
    asked = Claim("Eiffel.", 0, 7, "Who designed it?")
    assert asked.reading == "Who designed it? — Eiffel."
    assert asked.text == "Eiffel." and asked.span == (0, 7)


def test_a_tables_header_is_skipped_unless_it_states_a_value() -> None:
    table = "| Item | Return Window |\n|---|---|\n| Unopened | 30 days from delivery |"
    split = split_claims(table)
    assert [c.text for c in split.claims] == ["| Unopened | 30 days from delivery |"]
    assert [(s.text, s.reason) for s in split.skipped] == [
        ("| Item | Return Window |", SkipReason.TABLE_HEADER)
    ]
    valued = "| Refunds take 90 days | Yes |\n|---|---|\n| a | b |"
    assert split_claims(valued).claims[0].text == "| Refunds take 90 days | Yes |"


def test_setting_claims_aside_keeps_the_answers_order() -> None:
    answer = "Refunds take 30 days. Hi. Stores close at 9 pm. Returns take 5 days."
    split = split_claims(answer)
    assert split.set_aside(set(), SkipReason.CONVERSATION) is split
    moved = split.set_aside({0, 2}, SkipReason.CONVERSATION)
    assert [c.text for c in moved.claims] == ["Stores close at 9 pm."]
    assert [(s.text, s.reason) for s in moved.skipped] == [
        ("Refunds take 30 days.", SkipReason.CONVERSATION),
        ("Hi.", SkipReason.TOO_SHORT),
        ("Returns take 5 days.", SkipReason.CONVERSATION),
    ]


def test_a_claim_is_read_without_its_citation_markers() -> None:
    claim = Claim("Refunds take 5 business days [1][2].", 0, 36)
    assert claim.reading == "Refunds take 5 business days."
    assert claim.text == "Refunds take 5 business days [1][2]."  # the report shows it whole
