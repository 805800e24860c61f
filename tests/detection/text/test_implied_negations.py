"""Negations a text states without a cue word: a word negated by its prefix, and a
limit a claim's negation of all restates."""

from __future__ import annotations

import pytest

from grounding_sidecar.detection.text.implied_negations import (
    implied_negations,
    limits_restated,
    passage_prefix_negations,
    prefix_negations,
    prefix_restatements,
    switched_off,
)


def test_a_prefix_negates_only_a_word_the_other_text_uses_without_it() -> None:
    passage = "Opened items can be exchanged but not refunded."
    assert prefix_negations("Items must be unopened to qualify.", passage) == 1
    assert prefix_negations("Gift cards are non-refundable.", "Gift cards cannot be returned.") == 0
    assert prefix_negations("It is a unique item.", passage) == 0
    assert prefix_negations("No refund unless opened.", "Refunds take less time.") == 0
    # The other text uses the prefixed word too: the prefix is not what differs.
    assert prefix_negations("It stayed unchanged.", "Prices changed; wages stayed unchanged.") == 0
    # Written with a hyphen on the other side, or without one: the same word.
    assert prefix_negations("A non-negative matrix.", "A non-negative, negative-free matrix.") == 0
    assert prefix_negations("A nonnegative matrix.", "A non-negative, negative-free matrix.") == 0


def test_a_prefix_on_a_word_the_text_negates_with_a_cue_counts_once_as_the_cue() -> None:
    passage = "Parts of the web whose contents are indexed by search engines."
    claim = "The deep web is not indexed by search engines and includes non-indexed websites."
    assert prefix_negations(claim, passage) == 0
    assert prefix_negations("The deep web includes non-indexed websites.", passage) == 1


def test_a_passages_prefix_restates_a_claims_negation_of_its_word() -> None:
    claim = "A reset does not change the version."
    assert prefix_restatements("A reset keeps the version unchanged.", claim) == 1
    # Where the prefixed word says what something is, passage_prefix_negations reads it.
    assert prefix_restatements("The version is unchanged.", claim) == 0
    assert prefix_restatements("A reset keeps the version unchanged.", "A reset wipes it.") == 0


@pytest.mark.parametrize(
    ("passage", "restated"),
    [
        ("Only two bikes are permitted per carriage.", 1),
        ("Venus has the hottest surface of any planet.", 1),
        ("Bikes are permitted in every carriage.", 0),  # states no most
        ("No carriage may carry more than four bikes.", 0),  # negates alike: no cue to add
    ],
)
def test_a_negation_of_all_before_a_comparison_restates_a_most(passage: str, restated: int) -> None:
    claim = "No carriage may carry more than two bikes."
    assert limits_restated(passage, claim) == restated
    assert limits_restated(passage, "Each carriage carries two bikes.") == 0
    # "No more than two" is a limit phrase, no negation of all before a comparison.
    assert limits_restated(passage, "Carriages carry no more than two bikes.") == 0


def test_a_negation_of_all_before_an_equal_comparison_restates_a_most() -> None:
    passage = "At 7,845 metres, it is the longest road and rail bridge in Europe."
    claim = "No other road and rail bridge in Europe is as long as the Øresund Bridge."
    assert limits_restated(passage, claim) == 1
    # "not as long as" negates one thing, not all: no most restated.
    assert limits_restated(passage, "The bridge is not as long as the tunnel.") == 0
    assert limits_restated("The bridge is 7,845 metres long.", claim) == 0  # no most


def test_a_passages_prefix_counts_only_where_both_words_say_what_something_is() -> None:
    assert passage_prefix_negations("The pool is unheated.", "The pool is heated.") == 1
    assert passage_prefix_negations("The nonfederal committee met.", "Federal candidates met.") == 0


def test_implied_negations_reads_each_side() -> None:
    assert implied_negations("Items must be unopened.", "Opened items can be exchanged.") == (1, 0)
    assert implied_negations("The pool is heated.", "The pool is unheated.") == (0, 1)
    assert implied_negations("The pool is heated.", "The pool is heated.") == (0, 0)


def test_a_limit_on_either_side_restates_the_others_negated_comparison() -> None:
    claim = "The Licensee may not install the Software on more than five devices."
    assert implied_negations(claim, "It may be installed on up to five devices.") == (0, 1)
    passage = "Bags heavier than 32 kg will not be accepted."
    assert implied_negations("Only bags weighing up to 32 kg are accepted.", passage) == (1, 0)


@pytest.mark.parametrize(
    ("text", "other", "count"),
    [
        ("Retries are now off by default.", "Version 4.2 does not retry by default.", 1),
        ("Tracking is turned off.", "The app does not track you.", 1),
        ("The update switches off automatic retries.", "The update does not retry.", 1),
        ("Retries are now off by default.", "Version 4.2 retries by default.", 0),  # no cue
        ("Retries are now off by default.", "Uploads are not split.", 0),  # another thing
        ("Prices are 20% off this week.", "Prices are not reduced.", 0),  # a discount
        ("The paint is off-white.", "The wall is not painted.", 0),  # a colour
    ],
)
def test_a_thing_said_to_be_off_restates_the_others_negation_of_it(
    text: str, other: str, count: int
) -> None:
    assert switched_off(text, other) == count
