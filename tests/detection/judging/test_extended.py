"""A restricted list extended: the claim lists the passage's things with one its "only"
rules out; not a list kept or cut, a negated claim, "not only", or a list of other
things."""

from __future__ import annotations

import pytest

from grounding_sidecar.detection.judging.extended import extended_list

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
