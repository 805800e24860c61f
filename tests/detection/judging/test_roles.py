"""Roles reversed: two names or nouns on either side of one act, in the opposite order
to the passage's, are named; a passive, a pairing, or the same order is not."""

from __future__ import annotations

import pytest

from grounding_sidecar.detection.judging.roles import reversed_roles, reversed_route, reversed_voice

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


def test_a_move_from_where_the_passage_moves_it_to_is_named() -> None:
    moved = "The company moved its headquarters to Oslo in 1985."
    claim = "Halden Foods moved its headquarters from Oslo to Bergen in 1985."
    assert reversed_route(claim, moved) == ("oslo", "bergen")
    assert reversed_route("It moved its headquarters from Bergen to Oslo.", moved) is None
    # A sentence that says nothing the claim says before its move.
    assert reversed_route("Flights run from Oslo to Bergen.", moved) is None


SOLD = "The company moved to Oslo in 1985 and was acquired by Nordvik Group in 2004."


@pytest.mark.parametrize(
    ("claim", "passage", "found"),
    [
        (
            "Halden Foods acquired Nordvik Group in 2004.",
            SOLD,
            ("acquired Nordvik Group", "was acquired by Nordvik Group"),
        ),
        (
            "GitHub was acquired by Microsoft in 2018.",
            "GitHub acquired Microsoft in 2018.",
            ("was acquired by Microsoft", "acquired Microsoft"),
        ),
    ],
)
def test_an_agent_said_as_the_object_of_the_same_act_is_named(
    claim: str, passage: str, found: tuple[str, str]
) -> None:
    assert reversed_voice(claim, passage) == found


@pytest.mark.parametrize(
    ("claim", "passage"),
    [
        ("Nordvik Group acquired Halden Foods in 2004.", SOLD),  # the agent kept
        ("Nordvik Group bought the company in 2004.", SOLD),  # another act
        ("The firm was acquired by Nordvik Group.", SOLD),  # passive both ways
        ("Halden Foods agreed to acquire Nordvik Group.", SOLD.replace("acquired", "acquire")),
    ],
)
def test_no_agent_turned_around(claim: str, passage: str) -> None:
    assert reversed_voice(claim, passage) is None
