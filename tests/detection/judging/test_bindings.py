"""Which fact a value is bound to: the words around another value of its slot go on
with the claim's further than those around the passage's own statement of it, side by
side, a clause that leaves its subject out sharing the sentence's start."""

from __future__ import annotations

import pytest

from grounding_sidecar.detection.judging.alignment import changed_words
from grounding_sidecar.detection.judging.bindings import (
    MAX_PLACES,
    Place,
    bound_elsewhere,
    named_with_own,
    places,
    requalified,
    substitutable,
    substituted,
    swapped,
)

OFFICES = "In 2023 the Berlin office had 120 employees and the Munich office had 45 employees."
HOURS = "The library opens at 9 AM on weekdays and at 11 AM on Sundays."
REVENUE = "Revenue grew 12% in Europe and 4% in Asia last year."


@pytest.mark.parametrize(
    ("claim", "surface", "other", "own", "passage", "bound"),
    [
        # "the Munich office had ... employees" goes on around 45; the frame "In 2023"
        # lies past the first word that differs around 120.
        ("In 2023 the Munich office had 120 employees.", "120", "45", ["120"], OFFICES, True),
        ("In 2023 the Berlin office had 120 employees.", "120", "45", ["120"], OFFICES, False),
        # A clause that leaves its subject and verb out shares the sentence's start.
        ("The library opens at 9 AM on Sundays.", "9 AM", "11 AM", ["9 AM"], HOURS, True),
        ("The library opens at 11 AM on Sundays.", "11 AM", "9 AM", ["11 AM"], HOURS, False),
        ("Revenue grew 12% in Asia last year.", "12%", "4%", ["12%"], REVENUE, True),
        ("Revenue grew 4% in Asia last year.", "4%", "12%", ["4%"], REVENUE, False),
        # One word in common binds nothing.
        (
            "It was rebuilt in 1932.",
            "1932",
            "1958",
            ["1932"],
            "Opened in 1932, widened in 1958.",
            False,
        ),
    ],
)
def test_a_value_is_bound_where_the_words_around_it_go_on_with_the_claims(
    claim: str, surface: str, other: str, own: list[str], passage: str, bound: bool
) -> None:
    assert bound_elsewhere(claim, surface, other, own, passage) is bound


def test_a_name_only_the_clause_of_the_values_own_statement_holds_binds_it() -> None:
    plans = "Basic offers 150 Mbps for £28, while Plus offers 500 Mbps for £38."
    assert named_with_own(["Plus"], "150 Mbps", ["500 Mbps"], plans)
    assert not named_with_own(["Basic"], "150 Mbps", ["500 Mbps"], plans)
    assert not named_with_own([], "150 Mbps", ["500 Mbps"], plans)
    # A name in both clauses binds nothing.
    assert not named_with_own(["Berlin"], "45", ["120"], "Berlin had 120 and Berlin had 45.")
    # Nor one the other clause leaves out where it names nothing: the sentence's subject.
    policy = (
        "The Voyager policy covers medical costs up to $2 million and cancellation up to $5,000."
    )
    assert not named_with_own(["Voyager"], "$5,000", ["$2 million"], policy)


def test_one_clause_stating_both_values_relates_them() -> None:
    # The claim restates the clause with the roles worded anew.
    passage = "CBS announced the cancellation of The Millers on November 14, 2014."
    claim = "The show was canceled by CBS on November 14, 2014."
    assert not bound_elsewhere(claim, "CBS", "Millers", ["CBS"], passage)
    # The same words around "Millers", with CBS in another clause, bind.
    passage = "CBS aired it, and The Millers on November 14, 2014 was its last episode."
    assert bound_elsewhere(claim, "CBS", "Millers", ["CBS"], passage)


def test_a_value_the_passage_does_not_state_is_never_bound_elsewhere() -> None:
    assert not bound_elsewhere("The Munich office had 120 employees.", "120", "45", [], OFFICES)


def test_a_place_reads_its_own_clause_and_marks_a_subject_left_out() -> None:
    (nine,) = places(HOURS, "9 AM")
    assert nine == Place(("at", "open", "library", "the"), ("on", "weekday"))
    (eleven,) = places(HOURS, "11 AM")
    assert eleven.before is None and eleven.after == ("on", "sunday")
    assert places("It cost 145 euros.", "45") == []  # a whole token only


LOANS = "Books are lent for three weeks and DVDs for one week."


def test_a_place_marks_a_clause_joined_to_the_one_before() -> None:
    assert places(LOANS, "one week") == [Place(("for", "dvds"), (), joined=True)]
    assert places(LOANS, "three weeks") == [Place(("for", "lent", "are", "book"), ())]
    (pro,) = places("The Basic plan costs $10 a month, the Pro plan $25.", "Pro")
    assert pro == Place(None, ("plan", "25"), joined=True)


@pytest.mark.parametrize(
    ("claim", "surface", "other", "bound"),
    [
        # The claim writes "DVDs ... for" with the verb the joined clause leaves out.
        ("DVDs are lent for one week.", "one week", "three weeks", False),
        # A word the joined clause does not write: its own run, "for" alone.
        ("Books are lent for one week.", "one week", "three weeks", True),
    ],
)
def test_a_joined_clause_that_leaves_its_verb_out_reaches_as_far_as_the_other(
    claim: str, surface: str, other: str, bound: bool
) -> None:
    assert bound_elsewhere(claim, surface, other, [surface], LOANS) is bound


def test_a_joined_clause_ending_at_its_value_leaves_out_what_follows() -> None:
    # "and premium members 10." leaves out "free guest passes per year".
    passes = "Basic members get 2 free guest passes per year and premium members 10."
    claim = "Premium members get 10 free guest passes a year."
    assert not bound_elsewhere(claim, "10", "2", ["10"], passes)
    claim = "Basic members get 10 free guest passes a year."
    assert bound_elsewhere(claim, "10", "2", ["10"], passes)


def test_a_joined_clause_writing_the_claims_words_with_a_gap_reaches_its_last_one() -> None:
    # "and premium members 10" reaches "Premium" in the claim; "Basic members get 2"
    # stops at "Basic": the claim gives premium members the basic members' value.
    passes = "Basic members get 2 free guest passes per year and premium members 10."
    assert bound_elsewhere(
        "Premium members get 2 free guest passes a year.", "2", "10", ["2"], passes
    )
    assert not bound_elsewhere(
        "Basic members get 2 free guest passes a year.", "2", "10", ["2"], passes
    )


def test_a_clause_writing_the_claims_words_without_a_gap_is_read_word_for_word() -> None:
    # "the Munich office had" is a run of the claim's own words: no verb left out.
    claim = "In 2023 the Munich office had 120 employees."
    assert bound_elsewhere(claim, "120", "45", ["120"], OFFICES)


def test_a_passage_repeating_a_value_is_read_at_a_bounded_number_of_places() -> None:
    passage = "The fee was 5 euros. " * 2000 + "The rate was 7 euros."
    assert len(places(passage, "5 euros")) == MAX_PLACES
    assert bound_elsewhere("The rate was 5 euros.", "5 euros", "7 euros", ["5 euros"], passage)


RACE = (
    "Brazil's Luana Ferraz won the women's marathon on Sunday, finishing 12 seconds "
    "ahead of Kenya's Ruth Chebet."
)


def test_two_values_each_put_where_the_passage_puts_the_other_are_swapped() -> None:
    ferraz, chebet = ("Luana Ferraz", ["Luana Ferraz"]), ("Ruth Chebet", ["Ruth Chebet"])
    claim = (
        "Kenya's Ruth Chebet won the women's marathon, finishing 12 seconds ahead of "
        "Brazil's Luana Ferraz."
    )
    assert swapped(claim, chebet, ferraz, RACE)
    # Each where the passage puts it, in another order.
    claim = "Finishing 12 seconds behind the winner Luana Ferraz, Ruth Chebet was second."
    assert not swapped(claim, chebet, ferraz, RACE)
    claim = "Ruth Chebet finished 12 seconds behind Luana Ferraz, who won the women's marathon."
    assert not swapped(claim, chebet, ferraz, RACE)


def test_values_one_clause_states_together_are_not_swapped_by_their_order() -> None:
    passage = "Alice Chen married Bob Ortiz in Lisbon in 2010."
    alice, bob = ("Alice Chen", ["Alice Chen"]), ("Bob Ortiz", ["Bob Ortiz"])
    assert not swapped("Bob Ortiz married Alice Chen in Lisbon in 2010.", bob, alice, passage)


TOKENS = "Access tokens expire after one hour; refresh tokens are valid for 30 days."


@pytest.mark.parametrize(
    ("claim", "surface", "other", "found"),
    [
        # The verb stays the value's, the subject is the other fact's.
        ("Refresh tokens expire after one hour.", "one hour", "30 days", True),
        ("Access tokens are valid for 30 days.", "30 days", "one hour", True),
        ("Access tokens expire after one hour.", "one hour", "30 days", False),
        # The other fact named beside its own, not in its place.
        (
            "Access tokens, unlike refresh tokens, expire after one hour.",
            "one hour",
            "30 days",
            False,
        ),
        # More than one word changed: a paraphrase the rule does not read.
        ("Refresh credentials expire after one hour.", "one hour", "30 days", False),
    ],
)
def test_a_clause_taking_a_word_of_the_other_values_clause_for_its_own_is_substituted(
    claim: str, surface: str, other: str, found: bool
) -> None:
    changes = substitutable(claim, TOKENS)
    assert substituted(changes, surface, other, [surface], TOKENS) is found
    if found:
        assert changes


def test_a_function_word_put_in_place_is_no_substitution() -> None:
    passage = "They live on less than three euros each a day, or 10 euro cents per kilometre."
    claim = "They live on less than three euros each per day."
    assert not substitutable(claim, passage)
    every_change = changed_words(claim, passage)  # the function word's change, unfiltered
    assert every_change
    assert not substituted(every_change, "three euros", "10 euro", ["three euros"], passage)


def test_one_clause_stating_both_values_substitutes_nothing() -> None:
    passage = "Access tokens expire after one hour rather than after 30 days."
    claim = "Refresh tokens expire after one hour."
    changes = substitutable(claim, passage)
    assert changes  # a one-word copy: only the shared clause keeps it from substituting
    assert not substituted(changes, "one hour", "30 days", ["one hour"], passage)


HOURS_BY_DAY = (
    "The office is open Monday to Friday from 9 AM to 5 PM and on Saturday from 10 AM to 2 PM."
)


@pytest.mark.parametrize(
    ("claim", "expected"),
    [
        # Saturday, which only the other value's clause names, in place of the weekdays.
        ("On Saturdays the office opens at 9 AM.", True),
        ("Saturday opening is at 9 AM.", True),
        # The days of the value's own clause, named or kept beside Saturday.
        ("From Monday to Friday the office opens at 9 AM.", False),
        ("The office opens at 9 AM from Monday to Friday, not on Saturday.", False),
        # No day named: nothing given another fact.
        ("The office opens at 9 AM.", False),
    ],
)
def test_a_value_given_the_thing_only_the_other_clause_names_is_requalified(
    claim: str, expected: bool
) -> None:
    assert requalified(claim, "9 AM", "10 AM", ["9 AM"], HOURS_BY_DAY) is expected


def test_two_periods_are_things_of_a_kind() -> None:
    leave = "Employees accrue 1.5 vacation days per month, up to a maximum of 18 days per year."
    claim = "Employees can accrue at most 18 vacation days a year."
    assert requalified(claim, "18", "18", ["1.5"], leave)  # "year" for the 1.5's "month"
    assert not requalified(claim, "18", "1.5", ["18"], leave)


def test_a_thing_that_is_not_of_the_kind_of_the_ones_left_out_requalifies_nothing() -> None:
    # "premium" and "basic" are not two things of one kind in the contrast table.
    passes = "Basic members get 2 guest passes per month, and premium members get 10 per year."
    assert not requalified("Premium members get 2 guest passes.", "2", "10", ["2"], passes)
    drinks = "Tea costs $2 at the counter, and coffee $3."
    assert requalified("Coffee costs $2 at the counter.", "$2", "$3", ["$2"], drinks)


def test_values_swapped_between_two_facts_that_share_a_frame_are_swapped() -> None:
    """ "Members earn" is said once for both facts, and "per dollar" of both: only
    "online" and "in store" tell them apart."""
    passage = "Members earn 2 points for every dollar spent in store and 1 point per dollar online."
    claim = "Members earn 2 points per dollar online and 1 point per dollar in store."
    assert swapped(claim, ("2", ["2"]), ("1", ["1"]), passage)
    kept = "Members earn 2 points per dollar in store and 1 point per dollar online."
    assert not swapped(kept, ("2", ["2"]), ("1", ["1"]), passage)
