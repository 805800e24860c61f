"""Roles reversed: two names or nouns on either side of one act, in the opposite order
to the passage's, are named; a passive, a pairing, or the same order is not."""

from __future__ import annotations

import pytest

from grounding_sidecar.detection.judging.roles import reversed_roles, reversed_route

DEAL = "Microsoft acquired GitHub in 2018 for $7.5 billion."
FINAL = "Spain beat England 2-1 in the final."


@pytest.mark.parametrize(
    ("claim", "passage", "roles"),
    [
        ("GitHub acquired Microsoft in 2018.", DEAL, ("github", "acquired", "microsoft")),
        ("England beat Spain in the final.", FINAL, ("england", "beat", "spain")),
    ],
)
def test_roles_turned_around_are_named(
    claim: str, passage: str, roles: tuple[str, str, str]
) -> None:
    assert reversed_roles(claim, passage) == roles


@pytest.mark.parametrize(
    ("claim", "passage"),
    [
        ("Microsoft acquired GitHub in 2018.", DEAL),  # the same order
        ("GitHub was acquired by Microsoft in 2018.", DEAL),  # a passive
        ("England and Spain met in the final.", FINAL),  # a pairing
        # A passive with no agent, a cause, and an adverb for the act.
        (
            "Flooding usually closes the trail during the winter months.",
            "The trail is usually closed in winter because of flooding.",
        ),
        # A preposition orders nothing.
        (
            "They cycled through 16 countries in their first year.",
            "In their first year they cycled 7,000 miles through 16 countries.",
        ),
    ],
)
def test_no_roles_turned_around(claim: str, passage: str) -> None:
    assert reversed_roles(claim, passage) is None


CANAL = "Control of the canal was transferred from the United States to Panama in 1999."


def test_a_move_turned_around_is_named() -> None:
    claim = "Control of the canal passed from Panama to the United States in 1999."
    assert reversed_route(claim, CANAL) == ("panama", "united states")
    # A named end is cut where its name ends, the verb after it left out.
    flight = "The flight from Boston to Denver departs at 7:45 AM and arrives at 10:20 AM."
    claim = "The flight from Denver to Boston departs at 7:45 AM."
    assert reversed_route(claim, flight) == ("denver", "boston")
    assert reversed_route("The flight from Boston to Denver leaves at 7:45 AM.", flight) is None


@pytest.mark.parametrize(
    ("claim", "passage"),
    [
        ("Control passed from the United States to Panama in 1999.", CANAL),  # the same way
        ("Prices fell from 40 to 20.", "Prices rose from 20 to 40."),  # numbers
        ("Control of the canal passed to Panama.", CANAL),  # no route
    ],
)
def test_no_move_turned_around(claim: str, passage: str) -> None:
    assert reversed_route(claim, passage) is None
