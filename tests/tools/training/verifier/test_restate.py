"""The word-level restatement rules: each rewrite keeps the sentence's meaning, and
each rule declines where its rewrite would not."""

from __future__ import annotations

import random
from collections import defaultdict

import pytest

from tools.training.verifier.perturb import Context
from tools.training.verifier.restate import contraction, hypernym, value
from tools.training.verifier.wordnet import WordNet


def _context(hypernyms: dict[str, set[str]] | None = None, seed: int = 0) -> Context:
    wordnet = WordNet(hypernyms=defaultdict(set, hypernyms or {}))
    wordnet.lemmas.update(wordnet.hypernyms)
    words = {part for found in wordnet.hypernyms.values() for h in found for part in h.split()}
    return Context(random.Random(seed), wordnet, frozenset(words), ())


def test_a_noun_is_restated_by_its_hypernym() -> None:
    ctx = _context({"coffee": {"beverage"}})
    assert hypernym("Guests drank coffee in the hall.", ctx) == "Guests drank beverage in the hall."


def test_a_plural_noun_gets_a_plural_hypernym() -> None:
    ctx = _context({"employee": {"worker"}})
    assert hypernym("The employees met on Monday.", ctx) == "The workers met on Monday."


def test_the_article_agrees_with_the_hypernym() -> None:
    ctx = _context({"car": {"automobile"}})
    assert hypernym("She bought a car last year.", ctx) == "She bought an automobile last year."


@pytest.mark.parametrize(
    "sentence",
    [
        "No coffee was served in the hall.",
        "Only coffee was served in the hall.",
        "Every coffee was served hot.",
        "They didn't serve coffee.",
    ],
)
def test_no_hypernym_where_the_sentence_reverses_entailment(sentence: str) -> None:
    assert hypernym(sentence, _context({"coffee": {"beverage"}})) is None


def test_a_hypernym_outside_the_sources_vocabulary_is_not_used() -> None:
    ctx = _context({"coffee": {"beverage"}})
    narrow = Context(ctx.rng, ctx.wordnet, frozenset({"tea"}), ())
    assert hypernym("Guests drank coffee in the hall.", narrow) is None


def test_a_plural_is_read_as_its_singulars_plural_first() -> None:
    # "minutes" is also a lemma of its own (the record of a meeting).
    ctx = _context({"minutes": {"written record"}})
    ctx.wordnet.lemmas.add("minute")
    assert hypernym("They rested for 30 minutes.", ctx) is None


@pytest.mark.parametrize(
    ("sentence", "expected"),
    [
        ("The office opens at 14:00 on weekdays.", "The office opens at 2 PM on weekdays."),
        ("The office opens at 14:30 on weekdays.", "The office opens at 2:30 PM on weekdays."),
        ("The office opens at 9 a.m. on weekdays.", "The office opens at 09:00 on weekdays."),
        ("Sales fell and 50% of stores closed.", "Sales fell and half of stores closed."),
        ("It was signed on March 3, 2020 in Paris.", "It was signed on 3 March 2020 in Paris."),
        ("It was signed on 3 March 2020 in Paris.", "It was signed on March 3, 2020 in Paris."),
    ],
)
def test_a_value_is_written_another_way(sentence: str, expected: str) -> None:
    rewrites = {value(sentence, _context(seed=seed)) for seed in range(20)}
    assert expected in rewrites


def test_counts_go_between_digits_and_words() -> None:
    assert value("They hired 3 engineers.", _context()) == "They hired three engineers."
    assert value("They hired three engineers.", _context()) == "They hired 3 engineers."


def test_a_large_number_is_approximated_truthfully() -> None:
    rewrites = {value("The town has 12,345 residents.", _context(seed=s)) for s in range(20)}
    assert rewrites == {
        "The town has about 12,000 residents.",
        "The town has more than 12,000 residents.",
    }


@pytest.mark.parametrize(
    "sentence",
    [
        "He was born in 1816 in Paris.",  # a year
        "The office opens at 2:30 on weekdays.",  # the half of the day is open
        "The town has 12,000 residents.",  # already round
        "Version 3.2 was released.",
    ],
)
def test_values_that_cannot_be_restated_exactly_are_left(sentence: str) -> None:
    assert value(sentence, _context()) is None


def test_contractions_go_both_ways_and_keep_case() -> None:
    assert contraction("Customers cannot return it.", _context()) == "Customers can't return it."
    assert contraction("It doesn't apply.", _context()) == "It does not apply."
    assert contraction("Does not apply to refunds.", _context()) == "Doesn't apply to refunds."
    assert contraction("Refunds take a week.", _context()) is None
