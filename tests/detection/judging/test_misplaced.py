"""Misplaced details: a value the sources state, put in the best passage's slot from a
less similar passage or from a near one that states it of something else, is named with
the passage's own value; a claim joining two passages' facts, a value a near passage
states of the claim's fact, a bare number counting another thing and a date from
elsewhere are not.  A value the best passage states of another fact
(by its clause, or by the words around it: a bare number, a date or a name too) is."""

from __future__ import annotations

from grounding_sidecar.detection.judging.misplaced import misplaced_detail
from tests.support.counted import Counted

REFUNDS = "Refunds are issued within 5 business days after the parcel arrives at our warehouse."
RETURNS = "Drop the parcel at any post office within 30 days of delivery."
SUPPORT = "Our support line is open from 9 AM on weekdays."


def _misplaced(claim: str, best: str, *near: str) -> tuple[str, str] | None:
    found = misplaced_detail(claim, best, lambda: [best, *near])
    return None if found is None else (found[0].surface, found[1].surface)


def test_a_value_in_the_best_passages_slot_from_elsewhere_is_misplaced() -> None:
    claim = "Refunds are issued within 30 days after the parcel arrives."
    assert _misplaced(claim, REFUNDS) == ("30 days", "5 business days")
    assert _misplaced("Our support line is open from 7 AM on weekdays.", SUPPORT) == (
        "7 AM",
        "9 AM",
    )


def test_a_value_a_near_passage_states_of_the_claims_fact_is_not_misplaced() -> None:
    claim = "Refunds are issued within 30 days after the parcel arrives."
    gift_cards = "Gift card refunds are issued within 30 days once the parcel arrives."
    assert _misplaced(claim, REFUNDS, gift_cards) is None


def test_a_value_a_near_passage_states_of_something_else_is_misplaced() -> None:
    # RETURNS gives its 30 days to dropping the parcel off: the claim gives them to the
    # refund, the mix-up this rule is for.
    claim = "Refunds are issued within 30 days after the parcel arrives."
    assert _misplaced(claim, REFUNDS, RETURNS) == ("30 days", "5 business days")


def test_a_claim_that_keeps_the_passages_value_joins_two_facts() -> None:
    claim = "Refunds are issued within 5 business days, and parcels go back within 30 days."
    assert _misplaced(claim, REFUNDS) is None


def test_a_detail_in_a_clause_about_something_else_is_not_misplaced() -> None:
    # The claim joins facts: the refund passage is not what its "30 days" clause is about.
    claim = (
        "Members earn store credit within 30 days, and refunds are issued once the parcel arrives."
    )
    assert _misplaced(claim, REFUNDS) is None
    # The clause is about the refund: the 30 days are misplaced.
    claim = "Store credit is fine, and refunds are issued within 30 days once the parcel arrives."
    assert _misplaced(claim, REFUNDS) == ("30 days", "5 business days")


def test_a_claim_of_one_clause_is_about_its_best_passage_in_whatever_words() -> None:
    # "ride" and "lasts" for "journey" and "takes": under the clause share, but the
    # claim has no other clause the passage could be beside the point of.
    journey = "The journey to the airport takes 35 minutes."
    trains = "Trains run every 15 minutes during the day."
    claim = "The ride to the airport lasts 15 minutes."
    assert _misplaced(claim, journey, trains) == ("15 minutes", "35 minutes")
    # The same words in the second clause of a claim joining facts: left alone.
    claim = "Trains leave for the airport often, and the ride lasts 15 minutes."
    assert _misplaced(claim, journey, trains) is None


def test_a_bare_number_is_misplaced_only_where_it_counts_what_the_passages_does() -> None:
    # A bare number counts things of many kinds; dates are most often of other events.
    passage = "The club has 40 members and meets on 3 May 2024."
    assert _misplaced("The club has 12 members and meets on 3 May 2024.", passage) == ("12", "40")
    assert _misplaced("The club has 12 rooms and meets on 3 May 2024.", passage) is None
    assert _misplaced("The club has 40 members and meets on 1 April 2024.", passage) is None
    # The same claims' details with a unit are read.
    passage = "The club charges $40 a year and meets at 7 PM."
    assert _misplaced("The club charges $12 a year and meets at 7 PM.", passage) == ("$12", "$40")


def test_a_value_in_another_unit_of_the_slot_is_misplaced() -> None:
    # The battery's 12 months, given to the laptop whose passage says 2 years.
    laptop = "Laptops come with a warranty of 2 years."
    assert _misplaced("The laptop warranty lasts 12 months.", laptop) == ("12 months", "2 years")


def test_the_near_passages_are_asked_for_only_when_a_detail_stands_against_the_passage() -> None:
    near = Counted([REFUNDS, RETURNS])
    assert misplaced_detail("Refunds are issued after the parcel arrives.", REFUNDS, near) is None
    claim = "Refunds are issued within 5 business days after the parcel arrives."
    assert misplaced_detail(claim, REFUNDS, near) is None  # its own value: no conflict
    assert near.reads == 0
    found = misplaced_detail("Refunds are issued within 30 days.", REFUNDS, near)
    assert found is not None and found[0].surface == "30 days"
    assert near.reads == 1  # asked: RETURNS (near) states the 30 days, of another fact


FEES = (
    "The Everyday account has no monthly fee if you deposit at least $500 each month; "
    "otherwise the fee is $5."
)


def test_a_value_the_passage_binds_to_another_clause_is_misplaced() -> None:
    claim = "The Everyday account has no monthly fee if you deposit at least $5 each month."
    assert _misplaced(claim, FEES) == ("$5", "$500")
    # Read with the clause that states it, the value is where the passage puts it.
    assert _misplaced("Otherwise the monthly fee is $5.", FEES) is None
    # A claim keeping both values joins the two clauses.
    assert _misplaced("Deposit $500 a month, or the fee is $5.", FEES) is None
    # Function words count: "from" and "in" say which clause "Check-in is from" is.
    times = "Check-in is from 3 PM and check-out is by 11 AM."
    assert _misplaced("Check-in is from 11 AM.", times) == ("11 AM", "3 PM")
    assert _misplaced("Check-out is by 11 AM.", times) is None


def test_a_value_of_another_sentence_of_the_passage_is_not_rebound() -> None:
    # Shared words across the sentences of a long passage say little: the claim's
    # "three-year" is the deal's, whatever "the 39-year-old" clause shares with it.
    passage = (
        "the manager was given the role and signed a three-year deal . \nthe 39-year-old "
        "former boss joined the club as assistant last summer ."
    )
    claim = "The former boss signed a three-year contract and joined the club last summer."
    assert _misplaced(claim, passage) is None


OFFICES = "In 2023 the Berlin office had 120 employees and the Munich office had 45 employees."
BRIDGE = "The bridge opened in 1932 and was widened in 1958."


def test_a_value_the_words_around_another_value_continue_is_misplaced() -> None:
    # "the Munich office had ... employees" goes on around 45, only "office had ...
    # employees" around the passage's own 120; "In 2023" is shared by both and past
    # the first word that differs, so it counts for neither.
    assert _misplaced("In 2023 the Munich office had 120 employees.", OFFICES) == ("120", "45")
    assert _misplaced("In 2023 the Munich office had 45 employees.", OFFICES) is None
    # Keeping the year 2023 keeps no value of the slot of "45 employees".
    assert _misplaced("In 2023 the Berlin office had 45 employees.", OFFICES) == ("45", "120")
    assert _misplaced("The Berlin office had 120 employees in 2023.", OFFICES) is None
    # A bare number with no counted word after it, read by its context alone.
    assert _misplaced("The bridge was widened in 1932.", BRIDGE) == ("1932", "1958")
    assert _misplaced("The bridge was widened in 1958.", BRIDGE) is None
    assert _misplaced("The bridge opened in 1932.", BRIDGE) is None


LOANS = "Books are lent for three weeks and DVDs for one week."
PRICES = "The Basic plan costs $10 a month, the Pro plan $25."


def test_a_value_of_a_clause_that_leaves_its_verb_out_is_where_the_passage_puts_it() -> None:
    # "and DVDs for one week" leaves out "are lent": the claim writes the clause's
    # words with the verb between them, and the value is the clause's own.
    assert _misplaced("DVDs are lent for one week.", LOANS) is None
    assert _misplaced("Books are lent for three weeks.", LOANS) is None
    assert _misplaced("DVDs are lent for three weeks.", LOANS) == ("three weeks", "one week")
    assert _misplaced("Books are lent for one week.", LOANS) == ("one week", "three weeks")
    # The verb left out after the subject: "the Pro plan $25".
    assert _misplaced("The Pro plan costs $25 a month.", PRICES) is None
    assert _misplaced("The Pro plan costs $10 a month.", PRICES) == ("$10", "$25")
    assert _misplaced("The Basic plan costs $25 a month.", PRICES) == ("$25", "$10")
    # A joined clause that ends at its value leaves out what the clause before says
    # after it: "free guest passes per year".
    passes = "Basic members get 2 free guest passes per year and premium members 10."
    assert _misplaced("Premium members get 10 free guest passes a year.", passes) is None
    assert _misplaced("Basic members get 10 free guest passes a year.", passes) == ("10", "2")
    # ... and the value of the clause before given to the joined clause's subject.
    assert _misplaced("Premium members get 2 free guest passes a year.", passes) == ("2", "10")


def test_a_value_given_the_thing_another_values_clause_names_is_misplaced() -> None:
    hours = (
        "The office is open Monday to Friday from 9 AM to 5 PM and on Saturday from 10 AM to 2 PM."
    )
    # The weekdays' opening hour given to Saturday: the Saturday clause's value is named.
    assert _misplaced("On Saturdays the office opens at 9 AM.", hours) == ("9 AM", "10 AM")
    assert _misplaced("On Saturdays the office opens at 10 AM.", hours) is None
    assert _misplaced("From Monday to Friday the office opens at 9 AM.", hours) is None


def test_a_value_whose_own_clause_the_claim_names_is_no_misplaced_value() -> None:
    # "vacation days" goes on as the 1.5's clause, but "a year" names the 18's period,
    # in place of "per month".
    leave = "Employees accrue 1.5 vacation days per month, up to a maximum of 18 days per year."
    assert _misplaced("Employees can accrue at most 18 vacation days a year.", leave) is None
    assert _misplaced("Employees accrue 18 vacation days per month.", leave) == ("18", "1.5")


PLANS = (
    "FibreOne Basic offers 150 Mbps download speeds for £28 a month, while FibreOne Plus "
    "offers 500 Mbps for £38 a month."
)


def test_a_name_the_clause_of_its_value_shares_binds_the_value() -> None:
    # "download speeds" goes on around 150 only, but the claim names the plan whose
    # clause states 500 Mbps, and the other clause does not name it.
    claim = "FibreOne Plus provides 500 Mbps download speeds for £38 a month."
    assert _misplaced(claim, PLANS) is None
    # The plan whose clause states the other value: misplaced.
    claim = "FibreOne Basic provides 500 Mbps download speeds for £28 a month."
    assert _misplaced(claim, PLANS) == ("500 Mbps", "150 Mbps")
    # A name both clauses share says nothing of whose fact the value is, and a capital
    # that only starts the sentence is no name: the later clause leaves its subject out.
    assert _misplaced("In 2023 the Munich office had 120 employees.", OFFICES) == ("120", "45")
    revenue = "Revenue grew 12% in Europe and 4% in Asia last year."
    assert _misplaced("Revenue grew 12% in Asia last year.", revenue) == ("12%", "4%")
    # A clause naming nothing leaves out the subject the sentence gave both values.
    policy = (
        "The Voyager policy covers emergency medical expenses up to $2 million and trip "
        "cancellation up to $5,000 per person."
    )
    claim = "The Voyager policy covers trip cancellation costs of up to $2 million per person."
    assert _misplaced(claim, policy) == ("$2 million", "$5,000")


def test_the_context_is_read_across_the_passages_sentences() -> None:
    passage = "The bridge opened in 1932. It was widened in 1958."
    assert _misplaced("The bridge was widened in 1932.", passage) == ("1932", "1958")


def test_one_word_of_context_in_common_binds_nothing() -> None:
    # Only "in" goes on around 1958: the claim's own words are not another fact's.
    assert _misplaced("The bridge was rebuilt in 1932.", BRIDGE) is None


def test_a_date_or_a_name_is_misplaced_only_where_the_passage_states_it() -> None:
    store = "The store opened on 3 May 2021 and was renovated on 9 June 2022."
    assert _misplaced("The store was renovated on 3 May 2021.", store) == (
        "3 May 2021",
        "9 June 2022",
    )
    assert _misplaced("The store opened on 3 May 2021.", store) is None
    teams = "Alice Chen leads the design team and Bob Ortiz leads the security team."
    assert _misplaced("Bob Ortiz leads the design team.", teams) == ("Bob Ortiz", "Alice Chen")
    assert _misplaced("Bob Ortiz leads the security team.", teams) is None
    # A name or a date the passage does not state is missing (consistency.py), and
    # one from another passage most often names another event: not misplaced.
    assert _misplaced("Carol Diaz leads the design team.", teams) is None
    assert (
        _misplaced("The store was renovated on 1 April 2020.", store, "It opened on 1 April 2020.")
        is None
    )


def test_two_values_of_the_claim_swapped_against_the_passage_are_misplaced() -> None:
    teams = "Alice Chen leads the design team, and Bob Ortiz leads the security team."
    claim = "Bob Ortiz leads the design team, and Alice Chen leads the security team."
    assert _misplaced(claim, teams) == ("Bob Ortiz", "Alice Chen")
    claim = "Bob Ortiz leads the security team, and Alice Chen leads the design team."
    assert _misplaced(claim, teams) is None


def test_a_claim_is_read_for_a_swap_among_its_first_values_only() -> None:
    # Eight values at most, pair by pair: a claim listing dozens costs a check no time.
    passage = (
        "The design team is led by Ann Lee; the security team is led by Bea Moss; "
        "the data team is led by Cal Ng."
    )
    claim = "The design team is led by Bea Moss; the security team is led by Ann Lee."
    assert _misplaced(claim, passage) == ("Bea Moss", "Ann Lee")
    crowd = "The board of Dan Ray, Eve Orr, Fay Lin, Gus Holt, Hal Ito, Ida Sato, Jon Berg, Kim Ode"
    assert _misplaced(f"{crowd} met. {claim}", f"{crowd} met. {passage}") is None


def test_a_value_given_the_other_facts_subject_is_misplaced() -> None:
    tokens = "Access tokens expire after one hour; refresh tokens are valid for 30 days."
    assert _misplaced("Refresh tokens expire after one hour.", tokens) == ("one hour", "30 days")
    assert _misplaced("Access tokens expire after one hour.", tokens) is None


def test_two_values_given_each_others_names_are_misplaced() -> None:
    # The prices in brackets cut the clauses whose words `_swapped_pair` compares; the
    # names nearest each value still pair them (owners.py).
    passage = (
        "The Sweepa S2 ($349) picked up 92% of debris, while the CleanBot Mini ($279) "
        "picked up 81%."
    )
    claim = "The CleanBot Mini picked up 92% of debris, compared with 81% for the Sweepa S2."
    assert _misplaced(claim, passage) == ("92%", "81%")


def test_a_bare_number_the_passage_writes_only_as_an_amount_of_another_unit_is_its_own() -> None:
    """ "six hours" does not state six tablets: the claim's six stands against the
    passage's one tablet, as a number the passage lacks would."""
    dosing = "Adults should take one tablet every six hours as needed."
    claim = "Adults may take up to six tablets in 24 hours."
    assert _misplaced(claim, dosing, "Do not take more than four tablets in 24 hours.") == (
        "six",
        "one",
    )
    # Where the claim counts in the passage's unit, the passage states its number.
    leave = "Employees accrue 1.5 vacation days per month, up to a maximum of 18 days per year."
    assert _misplaced("Employees can accrue at most 18 vacation days a year.", leave) is None


def test_a_value_a_passage_states_beside_another_value_of_the_claim_is_not_misplaced() -> None:
    """The claim restates that passage's pair of values, in words of its own; a passage
    only among the claim's most similar counts as well as a near one."""
    dosing = "Adults should take one tablet every six hours as needed."
    limit = "Do not take more than four tablets in 24 hours."
    claim = "The maximum for adults is four tablets within a 24-hour period."
    assert _misplaced(claim, dosing) is not None
    assert _misplaced(claim, dosing, limit) is None
    weekdays = "The Northside clinic opens at 8:00 on weekdays and closes at 18:30."
    saturdays = "On Saturdays it is open from 9:00 until noon."
    claim = "On Saturdays the Northside clinic is open from 9 AM to 12 PM."
    assert misplaced_detail(claim, weekdays, lambda: [weekdays]) is not None
    found = misplaced_detail(claim, weekdays, lambda: [weekdays], lambda: [weekdays, saturdays])
    assert found is None
    # One value beside none: a near passage must state it of the claim's fact.
    assert _misplaced("The clinic opens at 9 AM on weekdays.", weekdays, saturdays) is not None


def test_a_near_passage_of_another_subject_excuses_no_value() -> None:
    """The claim is the best passage's sentence with the near one's value; the near one
    states it of paid accounts, the claim of the free ones the best passage names."""
    free = "Free accounts can make 100 requests per minute."
    paid = "Paid accounts can make 1,000 requests per minute."
    assert _misplaced("Free accounts can make 1,000 requests per minute.", free, paid) == (
        "1,000",
        "100",
    )
    assert _misplaced("Paid accounts can make 1,000 requests per minute.", free, paid) is None
