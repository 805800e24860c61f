"""Short sentences that assert something, and those that talk to the user."""

from __future__ import annotations

import pytest

from grounding_sidecar.detection.text.statements import is_statement


@pytest.mark.parametrize(
    "sentence",
    [
        "Delivery is free.",
        "Helmets cost extra.",
        "Liverpool is in Australia .",  # a space before the stop, as some data sets write
        "The Cretaceous ended.",
        "Lawson stores carry beverages.",
        "**Costs are high.**",  # emphasis around it
        "Parking isn't free.",
        "Pets are welcome!",  # an exclamation with a copula
        "Breakfast's included.",  # "breakfast's" is "breakfast is"
    ],
)
def test_a_short_sentence_with_a_subject_and_a_predicate_is_a_statement(sentence: str) -> None:
    assert is_statement(sentence)


@pytest.mark.parametrize(
    "sentence",
    [
        "Is delivery free?",  # a question
        "Key points include:",  # a lead-in
        "Free parking",  # a list item without a full stop
        "So it goes...",  # an ellipsis trails off
        "Prices vary.",  # two words
        "Tolkien and C.S.",  # names only: no predicate
        "Great question.",
        "That's a great question.",
        "See the table below.",
        "The short answer is yes.",
        "Good luck with your move.",
        "Have a great day.",
        "Let me explain.",
        "Thanks for asking.",
        "Enjoy your stay!",  # an exclamation without an auxiliary
        "Happy cooking, everyone!",
        "It can't fly.",  # one content word
        "I'm sorry for the confusion.",  # the assistant speaks of itself
        "I hope this clarifies things.",
        "Let's break it down.",  # a suggestion
        "Follow these steps.",  # a lead-in with a full stop
    ],
)
def test_questions_fragments_and_talk_to_the_user_are_not(sentence: str) -> None:
    assert not is_statement(sentence)
