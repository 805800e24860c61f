"""A restricted list extended: the claim lists the passage's things with one its "only"
rules out; not a list kept or cut, a negated claim, "not only", or a list of other
things."""

from __future__ import annotations

import pytest

from grounding_sidecar.detection.judging.extended import extended_list, restricted_list

TOLLS = "Tolls are charged only for cars and lorries; trains are paid for with a ticket."
ADMINS = "Only administrators can delete projects."


@pytest.mark.parametrize(
    ("claim", "passage", "found"),
    [
        (
            "Tolls are charged for cars, lorries and trains.",
            TOLLS,
            ("trains", "only for cars and lorries"),
        ),
        (
            "Administrators and editors can delete projects.",
            ADMINS,
            ("editors", "Only administrators"),
        ),
        ("Cars or buses pay the toll.", TOLLS, ("buses", "only for cars and lorries")),
    ],
)
def test_a_thing_added_to_a_restricted_list_is_named(
    claim: str, passage: str, found: tuple[str, str]
) -> None:
    assert extended_list(claim, passage) == found


@pytest.mark.parametrize(
    ("claim", "passage"),
    [
        ("Tolls are charged for cars and lorries.", TOLLS),  # kept
        ("Cars and lorries pay tolls, but trains need a ticket.", TOLLS),  # no list joins trains
        ("Administrators can delete projects and folders.", ADMINS),  # a list of other things
        ("Tolls are not charged for cars, lorries and trains.", TOLLS),  # negated
        ("Admins and editors can publish.", "Not only admins but also editors can publish."),
    ],
)
def test_no_list_extended(claim: str, passage: str) -> None:
    assert extended_list(claim, passage) is None


BRIDGE = (
    "The Øresund Bridge connects Copenhagen with Malmö. It carries both a motorway and a "
    "railway and is nearly 8 kilometres long."
)


@pytest.mark.parametrize(
    ("claim", "passages", "found"),
    [
        (
            "The Øresund Bridge carries only a motorway.",
            [BRIDGE],
            ("only a motorway", "a motorway and a railway"),
        ),
        (
            "Only administrators can delete projects.",
            ["Administrators and editors can delete projects."],
            ("Only administrators", "Administrators and editors"),
        ),
        # The list may stand in a passage other than the most similar.
        (
            "The bridge carries only a motorway.",
            ["The bridge opened in 2000.", "It carries a motorway and a railway."],
            ("only a motorway", "a motorway and a railway"),
        ),
    ],
)
def test_a_list_the_claims_only_leaves_things_of_is_named(
    claim: str, passages: list[str], found: tuple[str, str]
) -> None:
    assert restricted_list(claim, passages[0], lambda: passages) == found


@pytest.mark.parametrize(
    ("claim", "passage"),
    [
        ("The bridge carries a motorway and a railway.", BRIDGE),  # no "only"
        ("The bridge carries only a railway and a motorway.", BRIDGE),  # all of it
        ("The bridge does not carry only a motorway.", BRIDGE),  # negated
        ("Only cars pay the toll.", "Tolls are charged only for cars and lorries."),  # restricted
        ("Only cars pay the toll.", "Cars or lorries may use the lane."),  # alternatives
        # A list in a sentence that says nothing the claim says of its things.
        ("Staff may only park cars.", "Cars and bicycles were counted in the survey."),
    ],
)
def test_no_list_restricted(claim: str, passage: str) -> None:
    assert restricted_list(claim, passage, lambda: [passage]) is None
