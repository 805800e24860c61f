"""Amounts a source states by arithmetic: a change's start, a sentence's totals."""

from __future__ import annotations

import pytest
from hypothesis import given, settings

from grounding_sidecar.detection.text.arithmetic import change_starts, sentence_totals
from tests.support.word_texts import word_texts


def _starts(text: str) -> list[tuple[str, str]]:
    return [(i.amount.value, i.amount.unit) for i in change_starts(text)]


def _totals(text: str) -> set[tuple[str, str]]:
    return {(i.amount.value, i.amount.unit) for i in sentence_totals(text)}


@pytest.mark.parametrize(
    ("text", "starts"),
    [
        (
            "The board raised the quarterly dividend by 2 cents to 28 cents a share.",
            [("0.26", "usd")],
        ),
        ("Net income fell by $45 million to $410 million.", [("455000000", "usd")]),
        ("The fee was cut by £5 to £20.", [("25", "gbp")]),
        ("Waiting times went down by 10 minutes to 30 minutes.", [("2400", "s")]),
        # No word of change, another unit, a percentage or a start under zero: none.
        ("It was sold by 2 agents to 30 buyers.", []),
        ("Revenue rose by 5 cents to 3 kg.", []),
        ("The rate rose by 2% to 5%.", []),
        ("The balance rose by $50 to $20.", []),
        # The word of change is read in the clause before "by", not past a comma.
        ("Prices rose, and it moved by 2 km to 10 km.", []),
    ],
)
def test_the_start_of_a_change_given_by_its_size_and_end(
    text: str, starts: list[tuple[str, str]]
) -> None:
    assert _starts(text) == starts


def test_amounts_of_one_unit_in_one_sentence_add_up() -> None:
    text = "Bake for 30 minutes with the lid on, then 15 minutes with the lid off. Rest 1 hour."
    totals = _totals(text)
    assert ("2700", "s") in totals  # 45 minutes
    assert ("6300", "s") not in totals  # the next sentence's hour is no part of it


def test_three_amounts_add_up_in_pairs_and_all_together() -> None:
    totals = _totals("It costs $10 to join, $20 a month and $5 a lesson.")
    assert {("30", "usd"), ("15", "usd"), ("25", "usd"), ("35", "usd")} <= totals


def test_no_total_of_percentages_or_years() -> None:
    assert _totals("In 2019 and 2020, 40% and 50% of staff left.") == set()
    # A count written with a comma is no year.
    assert ("2480", "") in _totals("It enrolled 1,240 adults and 1,240 children.")


def test_amounts_near_the_float_range_add_to_nothing() -> None:
    # Two amounts of 308 digits add up past the float range: no total, no error.
    big = "9" * 308
    assert _totals(f"Fees were ${big} and ${big}.") == set()
    assert _starts(f"The fee was cut by ${big} to ${big}.") == []


VOCABULARY = (
    "raised cut fell rose by to from in total . , ; $5 £20 5 cents 30 minutes 2% 2019 "
    "1,240 the fee was dividend and then 0.5 1e-05 " + "9" * 308 + " " + "9" * 400
).split()


@settings(max_examples=300, deadline=None)
@given(word_texts(VOCABULARY, max_words=30))
def test_any_text_reads_without_error(text: str) -> None:
    for implied in (*change_starts(text), *sentence_totals(text)):
        assert float(implied.amount.value) > 0 or implied.amount.value == "0"
