"""A noun put in another's place: a copied claim's one changed noun, and where a word
used mostly as a verb stands as a noun."""

from __future__ import annotations

import pytest

from grounding_sidecar.detection.judging.in_place import in_noun_slot, noun_in_place

SHELTER = "The shelter found a new home for the dog last week."


def test_a_noun_in_place_of_the_passages_is_the_two_nouns() -> None:
    claim = "The shelter found a new home for the horse last week."
    assert noun_in_place(claim, SHELTER) == ("horse", "dog")
    assert noun_in_place("The shelter found a new home for the puppy last week.", SHELTER) is None


def test_a_word_used_mostly_as_a_verb_is_a_noun_only_in_a_nouns_place() -> None:
    tools = "The technician fixed the cabinet door with a hammer last week."
    claim = "The technician fixed the cabinet door with a drill last week."
    assert noun_in_place(claim, tools) == ("drill", "hammer")
    checks = "Engineers check the servers every night before the backup."
    assert (
        noun_in_place("Engineers monitor the servers every night before the backup.", checks)
        is None
    )
    history = "Free workspaces keep 90 days of message history."
    assert noun_in_place("Free workspaces keep 90 days of file history.", history) == (
        "file",
        "message",
    )


@pytest.mark.parametrize(
    ("before", "slot"),
    [
        (["fixed", "it", "with", "a"], True),
        (["in", "a", "sealed"], True),  # a determiner two words before
        (["houses", "two"], True),  # a number right before
        (["costs", "15"], True),
        (["90", "days", "of"], True),  # a preposition right before
        (["able", "to"], False),  # "to" opens a verb as often
        (["engineers"], False),
        ([], False),
    ],
)
def test_a_nouns_place_follows_a_determiner_a_number_or_a_preposition(
    before: list[str], slot: bool
) -> None:
    assert in_noun_slot(before) is slot
