"""One limit written two ways: a negated comparison and a limit."""

from __future__ import annotations

import pytest
from hypothesis import given, settings

from grounding_sidecar.detection.text.limits import (
    Side,
    negated_comparisons,
    restates_negated_limit,
    stated_limits,
)
from tests.support.word_texts import word_texts


@pytest.mark.parametrize(
    ("text", "limits"),
    [
        ("The Licensee may not install it on more than five devices.", {(Side.UPPER, "", "5")}),
        ("Bags heavier than 32 kg will not be accepted.", {(Side.UPPER, "g", "32000")}),
        ("Do not exceed 6 tablets a day.", {(Side.UPPER, "", "6")}),
        ("Applicants must not be younger than 18.", {(Side.LOWER, "", "18")}),
        # No negation in the comparison's clause, or none of an amount.
        ("The Licensee may install it on more than five devices.", set()),
        ("It is not cheaper. It costs more than £5.", set()),
        ("It is not more expensive than its rival.", set()),
    ],
)
def test_a_comparison_its_clause_negates_is_a_limit(
    text: str, limits: set[tuple[Side, str, str]]
) -> None:
    assert negated_comparisons(text) == limits


@pytest.mark.parametrize(
    ("text", "limits"),
    [
        ("It installs on up to five devices.", {(Side.UPPER, "", "5")}),
        ("Fees are capped at a maximum of £30.", {(Side.UPPER, "gbp", "30")}),
        ("Only two bikes are permitted.", {(Side.UPPER, "", "2")}),
        ("Applicants must be at least 18.", {(Side.LOWER, "", "18")}),
        ("It installs on five devices.", set()),
    ],
)
def test_the_words_of_a_limit_before_an_amount(
    text: str, limits: set[tuple[Side, str, str]]
) -> None:
    assert stated_limits(text) == limits


@pytest.mark.parametrize(
    ("text", "other", "restated"),
    [
        ("It installs on up to five devices.", "It may not install on more than five.", True),
        ("Only bags up to 32 kg are accepted.", "Bags heavier than 32 kg are not accepted.", True),
        ("Applicants must be at least 18.", "Applicants must not be younger than 18.", True),
        # Another amount, the other side, or a text that negates the comparison too.
        ("It installs on up to ten devices.", "It may not install on more than five.", False),
        ("Applicants must be at least 18.", "Applicants must not be older than 18.", False),
        ("It may not install on more than five.", "It must not install on more than five.", False),
        ("It installs on up to five devices.", "It installs on more than five devices.", False),
    ],
)
def test_a_limit_restates_a_negated_comparison_of_the_same_amount(
    text: str, other: str, restated: bool
) -> None:
    assert restates_negated_limit(text, other) is restated


def test_a_limit_phrase_with_its_own_negation_is_neither() -> None:
    # "no more than 23 kg" is a cue negation.py counts: read here too, it would count twice.
    assert negated_comparisons("Bags must weigh no more than 23 kg.") == set()
    assert stated_limits("Bags must weigh no more than 23 kg.") == set()
    assert negated_comparisons("Late fees are 20 cents a day, but never more than €5.") == set()


VOCABULARY = (
    "not no more than less up to at least only exceed heavier bags 32 kg five devices "
    "may cannot . , ; £30 a maximum of " + "9" * 308 + " " + "9" * 400
).split()


@settings(max_examples=300, deadline=None)
@given(
    word_texts(VOCABULARY, max_words=25),
    word_texts(VOCABULARY, max_words=25),
)
def test_any_texts_read_without_error(text: str, other: str) -> None:
    restated = restates_negated_limit(text, other)
    assert restated is False or stated_limits(text)
