"""Conversation: which sentences are a preamble, a closing or an abstention, and that a
sentence carrying a claim beside such words is none of them."""

from __future__ import annotations

import pytest

from grounding_sidecar.detection.contract import SkipReason
from grounding_sidecar.detection.text.claims import split_claims
from grounding_sidecar.detection.text.conversation import abstention_topic, is_pleasantry

PLEASANTRIES = [
    # preambles (the first five as chat models wrote them in FaithBench's summaries)
    "Here is a concise summary of the passage:",
    "Here's a concise summary of the passage, covering the core pieces of information:",
    "Here is a concise summary of the passage, covering the core pieces of information described:",
    "Based on the provided passage, here is a concise summary covering the core information:",
    "Here's a concise summary of the core information in the passage:",
    "Here are the key points:",
    "Based on the provided documents, here is what I found:",
    "**Here is a summary of the documents:**",
    # closings
    "Let me know if you have any other questions!",
    "Please let me know if you need anything else.",
    "Feel free to ask if you have more questions.",
    "Don't hesitate to reach out if you have any further questions.",
    "I hope this helps!",
    "Is there anything else I can help you with today?",
    "Thank you for reaching out.",
    "If you have any other questions, feel free to ask!",
    "If you need further help, please let me know.",
    "I hope this information is helpful.",
    "Certainly! Here is a brief summary of the provided documents:",
]
CLAIMS = [
    "Here is why your refund was denied:",
    "Here is a summary: refunds take 90 days.",
    "Feel free to return opened items for a full refund.",
    "Let me know if you want a refund within 90 days.",
    "I hope this helps you get your refund.",
    "If you have opened the item, feel free to ask for an exchange.",
    "Certainly! Here is why your refund was denied:",
    "The passage describes a rugby match between Cardiff Blues and Gloucester.",
    "Opened items can be exchanged but not refunded.",
]


@pytest.mark.parametrize("sentence", PLEASANTRIES)
def test_a_preamble_or_closing_is_a_pleasantry(sentence: str) -> None:
    assert is_pleasantry(sentence)
    assert abstention_topic(sentence) is None


@pytest.mark.parametrize("sentence", CLAIMS)
def test_a_sentence_that_says_something_is_no_pleasantry(sentence: str) -> None:
    assert not is_pleasantry(sentence)


@pytest.mark.parametrize(
    ("sentence", "topic"),
    [
        ("I could not find information about international returns.", "international returns"),
        (
            "I couldn't find any information about shipping costs in the provided documents.",
            "shipping costs",
        ),
        (
            "Unfortunately, I was unable to find any details about warranty extensions.",
            "warranty extensions",
        ),
        ("The documents do not say whether shipping is refunded.", "whether shipping is refunded"),
        ("The provided sources don't mention a restocking fee.", "a restocking fee"),
        ("Note: the passage does not mention the weather.", "the weather"),
    ],
)
def test_an_abstention_names_its_topic(sentence: str, topic: str) -> None:
    assert abstention_topic(sentence) == topic
    assert not is_pleasantry(sentence)  # an abstention needs the sources: abstentions.py


@pytest.mark.parametrize(
    "sentence",
    [
        "I could not find a fee, so returns are free.",
        "I couldn't find information about fees and returns are free.",
        "The documents do not mention fees because returns are free.",
        "The documents do not say refunds take 90 days, which is true.",
        "I found information about international returns.",
    ],
)
def test_a_claim_beside_abstention_words_is_no_abstention(sentence: str) -> None:
    assert abstention_topic(sentence) is None


def test_the_splitter_skips_pleasantries_and_grades_the_rest() -> None:
    answer = (
        "Here is a concise summary of the passage:\n\n"
        "Unopened items can be returned within 30 days.\n\n"
        "Let me know if you have any other questions!"
    )
    split = split_claims(answer)
    assert [c.text for c in split.claims] == ["Unopened items can be returned within 30 days."]
    assert [(s.text, s.reason) for s in split.skipped] == [
        ("Here is a concise summary of the passage:", SkipReason.CONVERSATION),
        ("Let me know if you have any other questions!", SkipReason.CONVERSATION),
    ]


def test_a_closing_that_negates_is_still_a_pleasantry() -> None:
    """ "Don't" reads as a negation, a checkable detail in a short sentence: the template
    has no open slot, so none is hidden in it."""
    answer = "Don't hesitate to reach out if you have any further questions."
    assert [s.reason for s in split_claims(answer).skipped] == [SkipReason.CONVERSATION]


@pytest.mark.parametrize(
    "sentence",
    ["Here is a concise summary of the 2024 report:", "Let me know if you want the Acme form."],
)
def test_a_template_with_a_detail_in_it_is_no_pleasantry(sentence: str) -> None:
    assert not is_pleasantry(sentence)
    assert [c.text for c in split_claims(sentence).claims] == [sentence]
