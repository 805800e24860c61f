"""Flips said in other words: each rule's finding, read against any of the passages
given, becomes one rationale; a faithful restatement gets none."""

from __future__ import annotations

from grounding_sidecar.detection.judging.rewordings import reworded_flip

STEPS = "To reset the device, hold the button for 15 seconds."
PETS = "Pets are not allowed, with the exception of registered assistance dogs."
RATES = "The API allows 100 requests per minute on the Free plan and 1,000 on the Pro plan."


def test_a_flip_in_a_passage_beside_the_best_is_found() -> None:
    claim = "The hotel allows no dogs, including registered assistance dogs."
    assert reworded_flip(claim, [STEPS, PETS]) == (
        "'including' where the sources say 'with the exception of'"
    )


def test_a_comparison_names_both_amounts() -> None:
    claim = "The Free plan allows more requests per minute than the Pro plan."
    assert reworded_flip(claim, [RATES]) == "'more' where the sources state 100 against 1,000"


def test_a_faithful_restatement_has_no_flip() -> None:
    claim = "Registered assistance dogs are the only pets allowed."
    assert reworded_flip(claim, [STEPS, PETS]) is None
    assert reworded_flip("The Pro plan allows more requests than the Free plan.", [RATES]) is None


def test_roles_and_a_route_turned_around_are_named() -> None:
    deal = "Microsoft acquired GitHub in 2018."
    assert reworded_flip("GitHub acquired Microsoft in 2018.", [deal]) == (
        "'github acquired microsoft' where the sources say it the other way round"
    )
    canal = "Control was transferred from the United States to Panama in 1999."
    assert reworded_flip("Control passed from Panama to the United States in 1999.", [canal]) == (
        "'from panama to united states' where the sources say the other way round"
    )


def test_a_change_turned_around_names_the_passages_change() -> None:
    pool = "A configuration change reduced the connection pool from 200 to 20 connections."
    assert reworded_flip("A typo increased the connection pool to 200 connections.", [pool]) == (
        "'to 200' where the sources say 'from 200 to 20'"
    )


def test_an_opposite_in_a_frame_restating_a_negation_beside_it_has_no_flip() -> None:
    hours = "The museum is open from 10 AM to 6 PM, Tuesday to Sunday."
    mondays = "It isn't open on Mondays."
    claim = "The museum is closed on Mondays."
    assert reworded_flip(claim, [hours, mondays]) is None
    assert reworded_flip(claim, [hours]) == "'closed' where the sources say 'open'"
