"""Counts: how many of a thing a text states, in digits or in words, as a range beside
the words of the phrase it counts; ranks after "the"."""

from __future__ import annotations

import math

import pytest

from grounding_sidecar.detection.text.counts import counts


def _read(text: str) -> list[tuple[str, float, float, bool]]:
    return [(count.surface, count.low, count.high, count.unread) for count in counts(text)]


@pytest.mark.parametrize(
    ("text", "found"),
    [
        ("The lake is fed by a single river.", [("a single", 1, 1, True)]),
        ("Only one river drains it.", [("Only one", 1, 1, True)]),
        ("Several rivers drain the lake.", [("Several", 3, math.inf, True)]),
        ("Both parents must sign.", [("Both", 2, 2, True)]),
        ("It is fed by more than 25 rivers.", [("more than 25", 26, math.inf, False)]),
        ("Members can borrow up to 12 items.", [("up to 12", 0, 12, False)]),
        ("No more than 3 bags per person.", [("No more than 3", 0, 3, False)]),
        ("It has nearly 200 towns.", [("nearly 200", 100, 400, False)]),
        ("Dozens of towns joined.", [("Dozens of", 24, math.inf, True)]),
    ],
)
def test_a_count_is_read_as_the_numbers_it_allows(
    text: str, found: list[tuple[str, float, float, bool]]
) -> None:
    assert _read(text) == found


def test_a_count_is_of_the_words_of_its_phrase() -> None:
    count, part = counts("Two of the nine committee members voted against.")
    # "nine" counts the members; "Two of" a part of those nine, no count of its own.
    assert (count.surface, count.nouns) == ("nine", frozenset({"committee", "member", "vot"}))
    assert (part.surface, part.low, part.whole) == ("Two", 2, 9)
    (bags,) = counts("A single bag is allowed.")
    (more,) = counts("Three bags are allowed.")
    assert bags.of_same(more) and not bags.allows(more)


@pytest.mark.parametrize(
    "text",
    [
        "One of the largest rivers flows here.",  # a rank among others, no count
        "It was not a single mistake.",  # negated: counts none
        "Built in 1669 and rebuilt later.",  # a year
        "For the first time in years.",  # "time" ends the phrase before a noun
        "More than several guests came.",  # a bound on a count in words
    ],
)
def test_no_count(text: str) -> None:
    assert counts(text) == ()


def test_a_rank_after_the_is_a_count_of_its_own_kind() -> None:
    (first,) = counts("It was the first increase in a year.")
    (fifth,) = counts("It was the fifth increase in a row.")
    (five,) = counts("There were five increases.")
    assert first.rank and first.unread and not fifth.unread
    assert first.of_same(fifth) and not first.allows(fifth)
    assert not fifth.of_same(five)  # a rank is no count


def test_a_rank_of_a_qualified_thing_is_no_rank_among_the_unqualified() -> None:
    (first,) = counts("Obama was the first black president of the United States.")
    (nth,) = counts("Obama was the 44th president of the United States.")
    assert not first.of_same(nth)


def test_the_digits_of_a_decimal_are_no_count() -> None:
    assert counts("The rate rose by 0.25 percentage points.") == ()


def test_a_part_of_a_counted_whole_is_counted_of_that_whole() -> None:
    (part,) = [c for c in counts("Lead was found in 3 of the 40 schools sampled.") if c.whole]
    (most,) = [c for c in counts("Lead was found in most of the 40 schools sampled.") if c.whole]
    (whole,) = [c for c in counts("All 40 schools were sampled.") if not c.whole]
    assert (part.low, part.high, part.whole, part.unread) == (3, 3, 40, False)
    assert (most.low, most.high, most.surface, most.unread) == (21, 40, "most", True)
    assert most.of_same(part) and not most.allows(part)
    assert not most.of_same(whole)  # a part of the 40 is no count of the 40
