"""The sources corpus: which words and details the kept sources hold."""

from __future__ import annotations

import pytest

from grounding_sidecar.detection.judging.corpus import SourceCorpus
from grounding_sidecar.detection.text.details import extract_details

CORPUS = SourceCorpus(["Order 5512 shipped on 3 June 2024 from Leeds."])


def test_words_are_looked_up_in_lower_case() -> None:
    assert not CORPUS.has_word_outside("order SHIPPED")
    assert CORPUS.has_word_outside("Order delivered")


@pytest.mark.parametrize(
    ("claim", "held"),
    [
        ("It shipped on 3 June.", True),  # a date without its year
        ("It shipped on 4 June.", False),
        ("It left Leeds.", True),
        ("It left York.", False),
    ],
)
def test_a_detail_is_held_when_a_source_states_it(claim: str, held: bool) -> None:
    (detail,) = extract_details(claim)
    assert CORPUS.contains(detail) is held


def test_a_number_must_be_the_same_number() -> None:
    assert [CORPUS.contains(d) for d in extract_details("Order 5513 left.")] == [False, True]
