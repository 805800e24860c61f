"""Some made all: a claim that speaks of all of what its passage says of a part
contradicts it, where both quantify one thing and neither negates."""

from __future__ import annotations

import pytest

from grounding_sidecar.detection.judging.universals import widened_to_all

DROWSY = "Cetirizine may cause drowsiness in some people, so do not drive if affected."


@pytest.mark.parametrize(
    ("claim", "passage", "words"),
    [
        ("Cetirizine causes drowsiness in everyone who takes it.", DROWSY, ("everyone", "some")),
        (
            "Every plan includes single sign-on.",
            "Some plans include single sign-on and audit logs.",
            ("every", "some"),
        ),
        (
            "The change caused every API request to fail.",
            "The change caused 35% of API requests to fail.",
            ("every", "35% of"),
        ),
        (
            "The company will redeploy all of the roughly 900 staff affected.",
            "The company hopes to redeploy half of those staff to other branches.",
            ("all", "half of"),
        ),
        (
            "The replacement card always arrives within five working days.",
            "A replacement card normally arrives within five working days.",
            ("always", "normally"),
        ),
        (  # a part of the total the clause speaks of
            "All of the company's $388 million in revenue came from subscriptions.",
            "Revenue grew to $388 million, with subscription revenue making up 91% of the total.",
            ("all", "91% of"),
        ),
    ],
)
def test_a_part_widened_to_all_is_named(claim: str, passage: str, words: tuple[str, str]) -> None:
    assert widened_to_all(claim, passage) == words


@pytest.mark.parametrize(
    ("claim", "passage"),
    [
        # Another thing is quantified ("each layer" against "many samples").
        (
            "The method reads the features in each layer.",
            "The method reads many samples of features.",
        ),
        # The claim keeps the part.
        ("Cetirizine may make some people drowsy.", DROWSY),
        # A negation on either side: "not all" says "some".
        ("Not every plan includes single sign-on.", "Some plans include single sign-on."),
        # 100% is all.
        ("The change caused every API request to fail.", "It caused 100% of API requests to fail."),
        # Nothing shared besides the quantifiers.
        ("Every plan is billed monthly.", "Some plans include single sign-on."),
        # A part of the total, of what the claim does not speak of.
        ("All staff received a bonus.", "Bonuses made up 10% of the total pay bill."),
    ],
)
def test_no_part_widened(claim: str, passage: str) -> None:
    assert widened_to_all(claim, passage) is None


def test_an_all_that_drops_the_passages_narrowing_words_is_named() -> None:
    passage = "All primary schools in the district will close on Friday because of the storm."
    claim = "All schools in the district will close on Friday because of the storm."
    assert widened_to_all(claim, passage) == ("all schools", "all primary schools")
    # The narrowing kept, said otherwise, or a number that counts them all: none.
    restated = "The storm will close every primary school in the district on Friday."
    assert widened_to_all(restated, passage) is None
    assert widened_to_all("All schools were tested.", "All 40 schools were tested.") is None
    assert widened_to_all("All the staff must attend.", "All of the staff must attend.") is None
    # Narrowed in the claim's own words right after its thing.
    fare = "Each further kilometre costs 0.25 euros."
    assert widened_to_all("Each kilometre beyond the first 200 km costs 0.25 euros.", fare) is None
