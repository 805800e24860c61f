"""Short answers read with the user's question: when a split becomes one claim read
after the question, and what of the question is read."""

from __future__ import annotations

import pytest

from grounding_sidecar.detection.contract import SkipReason
from grounding_sidecar.detection.text.claims import split_claims
from grounding_sidecar.detection.text.short_answers import QUESTION_MAX_CHARS, read_with_question
from grounding_sidecar.detection.text.source_lists import set_aside_source_lists, source_line_words
from tests.support.counted import Counted

QUESTION = "Who designed the Eiffel Tower?"


def test_an_answer_of_short_segments_becomes_one_claim_with_the_answers_span() -> None:
    answer = "  Yes. Eiffel.  "
    formed = read_with_question(answer, split_claims(answer), QUESTION)
    (claim,) = formed.claims
    assert (claim.text, claim.span) == ("Yes. Eiffel.", (2, 14))
    assert answer[claim.start : claim.end] == claim.text
    assert claim.question == QUESTION
    assert claim.reading == f"{QUESTION} — Yes. Eiffel."
    assert formed.skipped == () and not formed.truncated


@pytest.mark.parametrize(
    "answer",
    [
        "Gustave Eiffel's engineering company designed the tower in 1887.",  # gradable
        "Yes. The company of Gustave Eiffel designed the tower.",  # one gradable claim
        "```\nprint(1)\n```",  # code is not a short answer
        "",
        "   ",
    ],
)
def test_an_answer_with_a_gradable_claim_or_no_short_text_is_left_alone(answer: str) -> None:
    split = split_claims(answer)
    assert read_with_question(answer, split, QUESTION) is split


def test_an_answer_cut_by_a_limit_is_left_alone() -> None:
    answer = "Yes. Eiffel."
    split = split_claims(answer, max_chars=4)
    assert split.truncated
    assert read_with_question(answer, split, QUESTION) is split


@pytest.mark.parametrize("question", [None, "", " \n\t "])
def test_without_a_question_the_split_is_unchanged(question: str | None) -> None:
    split = split_claims("Eiffel.")
    assert read_with_question("Eiffel.", split, question) is split


def test_the_question_is_read_with_whitespace_collapsed() -> None:
    formed = read_with_question("Eiffel.", split_claims("Eiffel."), " Who\n designed\tit? ")
    assert formed.claims[0].question == "Who designed it?"


def test_a_long_question_keeps_its_last_characters_from_a_words_start() -> None:
    question = "context " * 400 + "So who designed it?"
    formed = read_with_question("Eiffel.", split_claims("Eiffel."), question)
    kept = formed.claims[0].question
    assert kept is not None
    assert len(kept) <= QUESTION_MAX_CHARS and kept.endswith("So who designed it?")
    assert kept.startswith("context ")  # a whole word, never a cut one


def test_a_cut_at_a_words_start_keeps_that_word() -> None:
    whole = "y" * 500 + " " + "z" * (QUESTION_MAX_CHARS - 501)
    question = "x" * 10 + " " + whole
    formed = read_with_question("Eiffel.", split_claims("Eiffel."), question)
    assert formed.claims[0].question == whole


def test_a_source_list_stays_set_aside_and_the_rest_is_read_with_the_question() -> None:
    answer = "Eiffel [1].\n\nSources:\n[1] Tour Eiffel history"
    lines = source_line_words(["Tour Eiffel history\nGustave Eiffel's company built it."])
    split = set_aside_source_lists(answer, split_claims(answer), Counted(lines))
    formed = read_with_question(answer, split, QUESTION)
    (claim,) = formed.claims
    assert (claim.text, claim.question) == ("Eiffel [1].", QUESTION)
    assert [(s.text, s.reason) for s in formed.skipped] == [
        ("Sources:\n[1] Tour Eiffel history", SkipReason.SOURCE_LIST)
    ]


def test_short_text_on_both_sides_of_a_source_list_is_left_alone() -> None:
    answer = "Eiffel.\n\nSources:\n[1] Tour Eiffel history\n\nThanks."
    lines = source_line_words(["Tour Eiffel history"])
    split = set_aside_source_lists(answer, split_claims(answer), Counted(lines))
    assert read_with_question(answer, split, QUESTION) is split


def test_a_closing_stays_set_aside_and_the_short_answer_is_read_with_the_question() -> None:
    answer = "Eiffel. Let me know if you have any other questions!"
    formed = read_with_question(answer, split_claims(answer), QUESTION)
    (claim,) = formed.claims
    assert (claim.text, claim.question) == ("Eiffel.", QUESTION)
    assert [s.reason for s in formed.skipped] == [SkipReason.CONVERSATION]
