"""A claim that states what a sentence of one of its most similar passages denies."""

from __future__ import annotations

import pytest

from grounding_sidecar.detection.judging.denied import denied_elsewhere, negation_stated_elsewhere

BEST = "The VITAL-K trial tested whether daily vitamin K2 supplements slow calcification."
SAFETY = (
    "After two years, the primary endpoint was not met. No serious adverse events related "
    "to the supplements were reported."
)
CLAIM = "Several serious adverse events in the VITAL-K trial were attributed to the supplements."


def test_a_sentence_of_a_similar_passage_that_denies_the_claim() -> None:
    found = denied_elsewhere(CLAIM, BEST, [BEST, SAFETY])
    assert found == "No serious adverse events related to the supplements were reported."


def test_a_statement_joined_to_another_in_its_sentence_denies_on_its_own() -> None:
    """Read whole, the sentence's other statement dilutes the words the claim shares."""
    best = "Sale items are final."
    refunds = "We do not refund sale items, and they cannot be exchanged for store credit."
    found = denied_elsewhere("Sale items are refunded by the shop.", best, [best, refunds])
    assert found == "We do not refund sale items"


def test_a_no_after_but_denies_in_a_statement_of_its_own() -> None:
    """The sentence's first statement shares little with the claim; its second is what
    the claim flips."""
    best = "Mount Aso last erupted in October 2021."
    warning = (
        "Scientists warned that further eruptions were possible, but no evacuation order "
        "was issued."
    )
    claim = "An evacuation order was issued after Mount Aso erupted in October 2021."
    found = denied_elsewhere(claim, best, [best, warning])
    assert found == "no evacuation order was issued."
    restated = "Nobody was ordered to evacuate after Mount Aso erupted in October 2021."
    assert denied_elsewhere(restated, best, [best, warning]) is None


@pytest.mark.parametrize(
    ("claim", "best", "passages"),
    [
        # The best passage is the negation rule's, never read here.
        (CLAIM, SAFETY, [SAFETY, BEST]),
        # A sentence that names what the claim does not speaks of something else.
        (
            "The drug is approved in the EU.",
            "The drug is approved in the EU.",
            ["The drug is approved in the EU.", "The drug is not approved in the US."],
        ),
        # A sentence that shares too little of the claim.
        (
            "Serious adverse events were attributed to the supplements.",
            BEST,
            [BEST, "No patient reported serious headaches during the long follow-up."],
        ),
        # The best passage states the claim: the sources disagree.
        (
            "Cash value life insurance may be a good option for some people.",
            "Cash value life insurance may be good for some people.",
            [
                "Cash value life insurance may be good for some people.",
                "For most people, term life insurance (which has no cash value) may be best.",
            ],
        ),
        # The claim denies it too.
        ("No serious adverse events were attributed to the supplements.", BEST, [BEST, SAFETY]),
    ],
)
def test_no_denial_where_the_sentence_does_not_stand_against_the_claim(
    claim: str, best: str, passages: list[str]
) -> None:
    assert denied_elsewhere(claim, best, passages) is None


STRIKE = "Train drivers will strike on Monday and Tuesday."
SERVICES = (
    "About half of services are expected to run on Monday, but no trains will run on Tuesday."
)


def test_a_negation_a_similar_passage_states_is_stated_there() -> None:
    """The best passage names trains plainly; the next one says what the claim says."""
    claim = "There will be no trains at all on Tuesday during the strike."
    assert negation_stated_elsewhere(claim, STRIKE, [STRIKE, SERVICES])
    # Not for another day, nor where no other passage negates, nor for a plain claim.
    assert not negation_stated_elsewhere(
        "There will be no trains at all on Wednesday.", STRIKE, [STRIKE, SERVICES]
    )
    assert not negation_stated_elsewhere(claim, STRIKE, [STRIKE])
    assert not negation_stated_elsewhere("Trains will run on Tuesday.", STRIKE, [STRIKE, SERVICES])


def test_a_best_passage_without_the_claims_subject_does_not_state_it() -> None:
    """The best passage holds the claim's other words, not the item it speaks of, which
    a similar passage denies; where the claim's subject is the best passage's own, the
    denial elsewhere is the sources disagreeing."""
    best = "Items can be returned within 30 days with a receipt."
    denial = "Personalised items cannot be returned."
    claim = "Personalised items can be returned within 30 days."
    assert denied_elsewhere(claim, best, [best, denial]) == denial
    assert denied_elsewhere("Items can be returned within 30 days.", best, [best, denial]) is None


def test_a_negation_of_another_word_states_nothing_of_the_claims() -> None:
    """ "without compromising the quality" negates once, as the claim does, but
    another word than its "does not assure"."""
    claim = "The agent does not assure competitive prices with quality services."
    other = "I assure you that we offer competitive prices without compromising the quality."
    assert not negation_stated_elsewhere(claim, STRIKE, [STRIKE, other])
