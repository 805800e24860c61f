"""Swapped words: a thing the sources name elsewhere, put in the best passage's slot in
a claim otherwise copied from it, is found; a verb, a synonym, an instruction's verb,
a claim a near passage holds and a thing no source names are not."""

from __future__ import annotations

from grounding_sidecar.detection.judging.corpus import SourceCorpus
from grounding_sidecar.detection.judging.swapped import swapped_word
from tests.support.counted import Counted

TEAM = "The Team plan costs $12 per user per month, billed annually."
BUSINESS = "The Business plan adds single sign-on and audit logs for $24 per user per month."
ADULTS = "Adults may take 500 mg every 4 to 6 hours as needed."
CHILDREN = "Children under 12 should not take this product."
RATE = "The API allows 600 requests per minute per key."
TOKENS = "Access tokens expire after one hour."


def _swapped(claim: str, best: str, *others: str) -> tuple[str, str] | None:
    found = swapped_word(claim, best, SourceCorpus([best, *others]), lambda: [best])
    return None if found is None else (found.word, found.other)


def test_a_thing_the_sources_name_elsewhere_in_the_passages_slot_is_swapped() -> None:
    assert _swapped("The Business plan costs $12 per user per month.", TEAM, BUSINESS) == (
        "business",
        "team",
    )
    assert _swapped("Children may take 500 mg every 4 to 6 hours.", ADULTS, CHILDREN) == (
        "children",
        "adults",
    )
    assert _swapped("The API allows 600 requests per hour per key.", RATE, TOKENS) == (
        "hour",
        "minute",
    )


def test_a_word_of_the_best_passage_itself_is_no_swap() -> None:
    passage = "Data from the box could help resolve the dispute over the jet's location."
    claim = "The data could help resolve the dispute over the jet's location."
    assert _swapped(claim, passage) is None
    both = ADULTS + " Children need less."
    assert _swapped("Children may take 500 mg every 4 to 6 hours.", both, CHILDREN) is None


def test_a_word_no_source_uses_is_left_to_the_verifier() -> None:
    # A new word is the contrast rule's (consistency.find_contrast), read with the verifier.
    assert _swapped("The API allows 600 requests per second per key.", RATE, TOKENS) is None


def test_a_verb_a_synonym_or_an_instructions_first_word_is_no_swap() -> None:
    refunds = "Refunds are issued within 5 business days of the return."
    orders = "Orders are processed the same day."
    assert (
        _swapped("Refunds are processed within 5 business days of the return.", refunds, orders)
        is None
    )
    car = "The office bought a new car for the sales team last week."
    fleet = "Each automobile is serviced yearly."
    assert (
        _swapped("The office bought a new automobile for the sales team last week.", car, fleet)
        is None
    )
    steps = "Take the parcel to any post office within 30 days."
    drop = "A drop box is outside."
    assert _swapped("Drop the parcel to any post office within 30 days.", steps, drop) is None


def test_a_claim_a_near_passage_holds_word_for_word_is_no_swap() -> None:
    near = "The Business plan costs $12 per user per month for nonprofits."
    corpus = SourceCorpus([TEAM, near])
    claim = "The Business plan costs $12 per user per month."
    assert swapped_word(claim, TEAM, corpus, lambda: [TEAM, near]) is None


def test_near_passages_are_read_only_when_a_word_is_swapped() -> None:
    near = Counted([ADULTS])
    corpus = SourceCorpus([ADULTS, CHILDREN])
    assert swapped_word("Adults may take 500 mg every 4 to 6 hours.", ADULTS, corpus, near) is None
    assert near.reads == 0
    assert swapped_word("Children may take 500 mg every 4 to 6 hours.", ADULTS, corpus, near)
    assert near.reads == 1
