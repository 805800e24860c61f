"""Values given to each other's owners: two names and two values of one unit, each
value paired with its nearest name (a clause break counting before words), the claim
pairing them the other way round from one sentence of the passage; anything looser
pairs nothing."""

from __future__ import annotations

import pytest

from grounding_sidecar.detection.judging.owners import swapped_owners

VACUUMS = (
    "We compared two robot vacuums over four weeks. The Sweepa S2 ($349) picked up 92% of "
    "test debris on carpet, while the CleanBot Mini ($279) picked up 81%."
)


def _swapped(claim: str, passage: str = VACUUMS) -> tuple[str, str] | None:
    found = swapped_owners(claim, passage)
    return None if found is None else (found[0].surface, found[1].surface)


@pytest.mark.parametrize(
    "claim",
    [
        "The CleanBot Mini picked up 92% of carpet debris, compared with 81% for the Sweepa S2.",
        # One word from "Sweepa", but a comma away: 92% is the CleanBot's.
        "While the CleanBot Mini picked up 92%, the Sweepa S2 managed 81%.",
    ],
)
def test_two_values_given_each_others_names_are_swapped(claim: str) -> None:
    assert _swapped(claim) == ("92%", "81%")


@pytest.mark.parametrize(
    "claim",
    [
        "The Sweepa S2 picked up 92% of carpet debris, compared with 81% for the CleanBot Mini.",
        "While the CleanBot Mini picked up 81%, the Sweepa S2 managed 92%.",
        # One value: nothing to pair.
        "The CleanBot Mini picked up 92% of carpet debris.",
        # A value the passage does not state beside the two names.
        "The CleanBot Mini picked up 92%, compared with 80% for the Sweepa S2.",
        # Two names at one distance from a value: no pairing.
        "The CleanBot Mini and the Sweepa S2 picked up 92% and 81%.",
    ],
)
def test_values_with_their_own_names_or_no_clear_pairing_are_left_alone(claim: str) -> None:
    assert _swapped(claim) is None


def test_bare_numbers_and_a_name_written_twice_pair_nothing() -> None:
    offices = "In 2023 the Berlin office had 120 employees and the Munich office had 45 employees."
    # "employees" is no unit: the words around such numbers decide (bindings.py).
    claim = "In 2023 the Munich office had 120 employees and the Berlin office had 45 employees."
    assert _swapped(claim, offices) is None
    twice = "The Sweepa S2 picked up 92%, while the CleanBot Mini, unlike the Sweepa, got 81%."
    assert _swapped("The CleanBot Mini got 92%, while the Sweepa S2 got 81%.", twice) is None
