"""Polarity: a negation reworded on both sides is no flip, a passage's cue about another
clause flips nothing, and one side negating a word the other states plainly is a plain
flip that no count can explain away."""

from __future__ import annotations

import pytest

from grounding_sidecar.detection.judging.polarity import Flip, negation_flip, restates_negation

GUESTS = "Guest accounts are not counted toward your seat total."
WARRANTY = (
    "The warranty covers manufacturing defects for one year; accidental damage is not covered."
)
PORTS = "It has two USB-C ports and a headphone jack, but no HDMI port."
BOARDING = "Passengers arriving less than 20 minutes before departure may be denied boarding."
BAGS = "Checked bags must weigh no more than 23 kg."


@pytest.mark.parametrize(
    ("claim", "passage"),
    [
        ("Guest accounts do not use up seats.", GUESTS),
        (
            "Paid leave is not available to contractors.",
            "Contractors are not eligible for paid leave.",
        ),
        (
            "Don't take more than 4000 mg in a 24-hour period.",
            "Do not exceed 4,000 mg in 24 hours.",
        ),
    ],
)
def test_a_negation_reworded_on_both_sides_is_no_flip(claim: str, passage: str) -> None:
    assert negation_flip(claim, passage) is None


def test_a_reworded_negation_pairs_only_with_a_cue_about_the_same_thing() -> None:
    # The passage's "not" is about refunds of opened items; the claim's about seats.
    passage = "Guest accounts are free. Opened items are not refunded."
    assert negation_flip("Guest accounts do not use up seats.", passage) is Flip.COUNTED


def test_a_negation_said_again_counts_once() -> None:
    """Two cues negating the same word are no double negative: they would cancel by
    parity, and the flip of either would pass."""
    plan = "The plan does not include roaming and does not include international calls."
    assert negation_flip("The plan includes international calls and roaming.", plan)
    assert negation_flip("The plan does not include roaming.", plan) is None
    rooms = "Pets are not allowed in the rooms, and smoking is not allowed either."
    assert negation_flip("Smoking is allowed in the rooms.", rooms)
    assert negation_flip("Smoking is not allowed in the rooms.", rooms) is None


_SIDE_BY_SIDE = "The hotel does not allow pets{joined} does not permit smoking in the rooms."


@pytest.mark.parametrize(
    ("passage", "flipped", "restated"),
    [
        (  # two sentences
            "No pets. The hotel doesn't allow pets in its rooms.",
            "The hotel allows pets in its rooms.",
            "The hotel does not allow pets in its rooms.",
        ),
        (
            "Smoking: no. The hotel does not permit smoking anywhere on the premises.",
            "The hotel permits smoking on the premises.",
            "The hotel does not permit smoking on the premises.",
        ),
        (  # a clause joined by ", and" with a subject of its own
            "We do not refund sale items, and they cannot be exchanged for store credit.",
            "Sale items can be exchanged for store credit.",
            "Sale items cannot be exchanged for store credit.",
        ),
        (  # an "and" or a comma that a negation follows
            _SIDE_BY_SIDE.format(joined=" and"),
            "The hotel permits smoking in the rooms.",
            "The hotel does not permit smoking in the rooms.",
        ),
        (
            _SIDE_BY_SIDE.format(joined=","),
            "The hotel permits smoking in the rooms.",
            "The hotel does not permit smoking in the rooms.",
        ),
    ],
)
def test_negations_in_separate_statements_are_no_double_negative(
    passage: str, flipped: str, restated: str
) -> None:
    """A double negative is said in one statement; two statements that each negate, in
    other words, both negate."""
    assert negation_flip(flipped, passage) is not None
    assert negation_flip(restated, passage) is None


def test_a_claim_negating_two_things_pairs_with_the_passages_two_statements() -> None:
    passage = "The patient does not speak, and her eyes do not follow a person in the room."
    claim = "The patient does not speak, her eyes do not follow a person in the room."
    assert negation_flip(claim, passage) is None


def test_a_double_negative_in_one_sentence_still_cancels_beside_another_sentence() -> None:
    passage = "Flood damage is not covered unless you add the flood extension. Fire is covered."
    claim = "Flood damage is covered with the flood extension."
    assert negation_flip(claim, passage) is None


def test_a_cue_in_another_clause_than_the_claims_flips_nothing() -> None:
    assert negation_flip("The one-year warranty covers manufacturing defects.", WARRANTY) is None
    claim = "The warranty covers accidental damage for one year."
    assert negation_flip(claim, WARRANTY) is Flip.PLAIN


@pytest.mark.parametrize(
    ("claim", "passage", "flip"),
    [
        ("The laptop has an HDMI port.", PORTS, Flip.PLAIN),
        (
            "Contractors are not eligible for paid leave.",
            "Contractors are eligible for paid leave.",
            Flip.PLAIN,
        ),
        # The claim's cue negates a word the passage never uses: counted, not plain.
        ("Insects do not have eyelids.", "Many insects have two kinds of eyes.", Flip.COUNTED),
    ],
)
def test_a_word_negated_on_one_side_and_stated_plainly_on_the_other_is_plain(
    claim: str, passage: str, flip: Flip
) -> None:
    assert negation_flip(claim, passage) is flip


def test_a_denying_verb_only_takes_a_flip_away() -> None:
    assert negation_flip("You may not be allowed to board if you are late.", BOARDING) is None
    # One side's "declined to" against the other's "refused to" is no flip either.
    passage = "Cruz has modelled for Mango, but declined to model for L'Oreal."
    assert negation_flip("Cruz refused to model for L'Oreal.", passage) is None
    # ... and a denial alone makes none: "banning" and "prohibiting" restate each other.
    banning = "The government is banning the hugely popular app on phones."
    assert negation_flip("The government is prohibiting the popular app.", banning) is None


SMOKING = "Smoking is banned in all public buildings."


@pytest.mark.parametrize(
    ("claim", "passage"),
    [
        ("You can smoke in public buildings.", SMOKING),
        ("Smoking is allowed in public buildings.", SMOKING),
        ("Trucks are allowed on the bridge.", "The bridge is closed to trucks."),
        # Either side may forbid; with nothing after it, a prohibition forbids its clause.
        ("Pets are banned from the rooms.", "Pets are welcome in all rooms."),
        ("Smoking is banned.", "You may smoke in the lounge."),
        ("Late passengers will be allowed to board.", "Late passengers may be denied boarding."),
    ],
)
def test_a_prohibition_against_a_permission_is_a_plain_flip(claim: str, passage: str) -> None:
    assert negation_flip(claim, passage) is Flip.PLAIN


@pytest.mark.parametrize(
    ("claim", "passage", "flip"),
    [
        ("The museum does not open on holidays.", "The museum is closed on holidays.", None),
        ("The medicine is not safe for children.", "It is dangerous for children.", None),
        ("The course is not required.", "The course is optional.", None),
        # Its own word negated is a flip; a noun's kind is no antonym.
        ("The museum does not close on holidays.", "The museum is closed on holidays.", Flip.PLAIN),
        ("The cafe does not stock tea.", "The cafe stocks coffee.", Flip.PLAIN),
    ],
)
def test_a_negated_antonym_restates_the_passage(claim: str, passage: str, flip: Flip) -> None:
    assert negation_flip(claim, passage) is flip


@pytest.mark.parametrize(
    ("claim", "passage", "flip"),
    [
        ("Pets are permitted in the cabin.", "Pets are not allowed in the cabin.", Flip.PLAIN),
        ("Pets are welcome.", "Pets are not allowed, except assistance dogs.", Flip.PLAIN),
        ("Pets are not permitted in the cabin.", "Pets are not allowed in the cabin.", None),
    ],
)
def test_the_words_that_permit_are_read_as_one(claim: str, passage: str, flip: Flip) -> None:
    assert negation_flip(claim, passage) is flip


@pytest.mark.parametrize(
    ("claim", "passage"),
    [
        # A permission of something else, a prohibition restated, a refusal: no flip.
        ("Cars are allowed on the bridge.", "The bridge is closed to trucks."),
        ("Smoking is prohibited in all public buildings.", SMOKING),
        ("Customers can avoid the fee by paying on time.", "Customers can skip the fee."),
        ("Members were refused entry.", "Members were barred from the hall."),
        (
            "The airline can refuse to board late passengers.",
            "Late passengers may be denied boarding.",
        ),
        # A prohibition in the past: news of one lifted.
        (
            "Oman is allowing Israeli carriers to use its airspace.",
            "Israeli airlines were banned from the airspace of Oman.",
        ),
    ],
)
def test_a_prohibition_flips_only_what_the_other_side_permits(claim: str, passage: str) -> None:
    assert negation_flip(claim, passage) is None


@pytest.mark.parametrize(
    ("claim", "passage"),
    [
        ("You cannot smoke in any public building.", SMOKING),
        ("Trucks are not allowed on the bridge.", "The bridge is closed to trucks."),
        ("Do not drink alcohol with the drug.", "Avoid drinking alcohol with the drug."),
        ("Members were not let in.", "Members were barred from the hall."),
        (
            "From version 4.2, Python 3.8 is no longer supported.",
            "Version 4.2 drops support for Python 3.8.",
        ),
        ("The vendor no longer supports the model.", "The vendor ended support for the model."),
        ("The device lacks a USB port.", "The device doesn't have a USB port."),
        (
            "People with autism may lack social flexibility.",
            "Due to our autism, we often don't have the social flexibility to understand.",
        ),
    ],
)
def test_a_negation_restating_a_denying_verb_is_no_flip(claim: str, passage: str) -> None:
    assert negation_flip(claim, passage) is None


def test_a_negation_restating_an_alternative_set_aside_is_no_flip() -> None:
    passage = "Epigenetic changes occur in the chromosome rather than in the DNA sequence."
    assert negation_flip("Epigenetic change is not encoded in the DNA sequence.", passage) is None
    assert negation_flip("Epigenetic changes do not occur in the chromosome.", passage) is not None
    card = "Customers pay by card instead of cash."
    assert negation_flip("Customers cannot pay in cash.", card) is None
    assert negation_flip("Customers cannot pay by card.", card) is Flip.PLAIN


def test_a_cue_with_its_verb_left_out_speaks_of_the_words_of_its_clause() -> None:
    metals = "Gold and mercury can be dissolved in aqua regia but iridium and silver cannot."
    assert negation_flip("Aqua regia is capable of dissolving gold.", metals) is None
    assert negation_flip("Aqua regia is capable of dissolving silver.", metals) is not None
    drug = "The drug is approved in the EU. In the US it is not."
    assert negation_flip("The drug is approved in the EU.", drug) is None
    assert negation_flip("The drug is approved in the US.", drug) is not None


def test_unable_negates_as_a_cue() -> None:
    could_not = "Customers in the EU could not log in to the dashboard."
    assert negation_flip("EU customers were unable to log in to the dashboard.", could_not) is None
    able = "Customers in the EU were able to log in to the dashboard."
    assert negation_flip("EU customers were unable to log in to the dashboard.", able)


def test_free_at_no_cost_and_at_cost_are_told_apart() -> None:
    free = "Residents get a library card for free."
    assert negation_flip("Residents get a library card at no cost.", free) is None
    no_cost = "The plan comes with a 30-day trial at no cost."
    assert negation_flip("The plan comes with a 30-day trial at cost.", no_cost) is Flip.PLAIN


def test_a_limit_negates_its_comparative_not_the_number() -> None:
    assert negation_flip("A checked bag can weigh up to 23 kg.", BAGS) is None
    assert negation_flip("Checked bags can weigh more than 23 kg.", BAGS) is Flip.PLAIN
    # The limit phrase against a limit in other words, and against a negated comparison.
    up_to = "A checked bag can weigh up to 23 kg."
    assert negation_flip(BAGS, up_to) is None
    assert negation_flip("Checked bags may not weigh more than 23 kg.", BAGS) is None
    # A claim's limit counts only where the passage uses its comparative.
    assert negation_flip("Submit the form no later than Friday.", "Submit it by Friday.") is None
    assert negation_flip("Submit it no later than Friday.", "Submit it later than Friday.")
    # "not before" restates "from"; against a "before" it still flips.
    breakfast = "Breakfast is served from 7:30 at weekends."
    assert negation_flip("At weekends breakfast is not served before 7:30.", breakfast) is None
    early = "Breakfast is served before 7:30 at weekends."
    assert negation_flip("At weekends breakfast is not served before 7:30.", early)


@pytest.mark.parametrize(
    ("claim", "passage"),
    [
        (
            "Students with an extension are not penalised for late work.",
            "Students with an extension are exempt from late penalties.",
        ),
        ("Members do not have to pay for the towels.", "Towels are provided free of charge."),
    ],
)
def test_a_negation_restating_an_exemption_is_no_flip(claim: str, passage: str) -> None:
    assert negation_flip(claim, passage) is None


def test_a_negation_against_no_exemption_still_flips() -> None:
    claim = "Students with an extension are not penalised for late work."
    passage = "Students with an extension are subject to late penalties."
    assert negation_flip(claim, passage) is not None


FLOOD = "Flood damage is not covered unless you add the flood extension."


def test_an_unless_the_claim_speaks_of_turns_the_negation_around() -> None:
    assert (
        negation_flip("You need the flood extension for flood damage to be covered.", FLOOD) is None
    )
    assert negation_flip("Without the flood extension, floods aren't covered.", FLOOD) is None
    # A condition the claim drops leaves the passage's "not" standing.
    label = "Children under 12 should not take this product unless directed by a doctor."
    assert negation_flip("Children under 12 can safely take this product.", label) is Flip.PLAIN


@pytest.mark.parametrize(
    ("claim", "passage"),
    [
        ("The pool is heated all year.", "The pool is unheated."),
        ("Tickets can be transferred to another person.", "Tickets are non-transferable."),
        ("Tickets are non-transferable.", "Tickets can be transferred to another person."),
    ],
)
def test_a_word_negated_by_its_prefix_on_either_side_is_a_plain_flip(
    claim: str, passage: str
) -> None:
    assert negation_flip(claim, passage) is Flip.PLAIN


def test_a_passages_prefix_is_read_only_against_the_word_as_written() -> None:
    # A root alone would read "unchanged" against "changing".
    passage = "The share of adults who drink was unchanged."
    assert negation_flip("Changing social norms shape how adults drink.", passage) is None


def test_a_passages_prefix_counts_only_where_both_words_say_what_something_is() -> None:
    passage = "The grant may require the nonfederal committee to register."
    assert negation_flip("The grant goes to federal candidates.", passage) is None


def test_a_prefix_and_a_negation_of_one_word_agree() -> None:
    assert negation_flip("The deposit is non-refundable.", "The deposit is not refundable.") is None
    # The claim writes the one negation both ways: its cue and its prefix count once.
    claim = "The deep web is not indexed by search engines and includes non-indexed websites."
    passage = "The deep web is the part of the web whose contents are not indexed."
    assert negation_flip(claim, passage) is None
    assert negation_flip(claim, "The deep web is the part of the web that is indexed.") is not None


def test_a_negation_of_all_before_a_comparison_restates_a_limit() -> None:
    claim = "No carriage on a Coastline train may carry more than two bicycles."
    limit = "Bicycles are allowed outside peak hours, but only two are permitted per carriage."
    assert negation_flip(claim, limit) is None
    assert negation_flip(claim, "Bicycles can be taken on all Coastline trains.") is not None


def test_a_negation_of_paying_restates_free() -> None:
    passage = "Return shipping is free for members of ShopNest Plus."
    claim = "ShopNest Plus members do not pay any shipping fee when they return items."
    assert negation_flip(claim, passage) is None
    priced = "Return shipping costs members of ShopNest Plus £3.95."
    assert negation_flip(claim, priced) is not None


def test_an_adverb_negates_with_the_word_it_qualifies() -> None:
    passage = "The difference in exacerbation rates was not statistically significant."
    claim = "There was no significant difference in exacerbation rates."
    assert negation_flip(claim, passage) is None


def test_an_end_of_support_only_takes_a_flip_away() -> None:
    passage = "Version 4.2 drops support for Python 3.8."
    assert negation_flip("Version 4.2 does not drop support for Python 3.8.", passage) is not None
    # "no longer" still negates where nothing denies on the other side.
    assert (
        negation_flip("Python 3.8 is no longer available.", "Python 3.8 is available.") is not None
    )


def test_a_limit_written_with_never_restates_the_passages_maximum() -> None:
    passage = "Late returns cost 20 cents per item per day, up to a maximum of €5 per item."
    assert (
        negation_flip("Each late item costs 20 cents a day, but never more than €5.", passage)
        is None
    )
    assert (
        negation_flip("Each late item costs 20 cents a day, but no more than €5.", passage) is None
    )


def test_an_upload_without_anything_to_do_restates_automatically() -> None:
    passage = "Uploads larger than 5 GB are split into parts automatically."
    claim = "Files over 5 GB are uploaded in parts without you having to do anything."
    assert negation_flip(claim, passage) is None
    assert negation_flip("Files over 5 GB are uploaded without splitting.", passage) is not None


def test_a_thing_off_restates_a_negation_and_makes_no_flip_of_its_own() -> None:
    passage = "Retries are now off by default and must be enabled with the retry option."
    assert negation_flip("By default, version 4.2 does not retry.", passage) is None
    assert negation_flip("Retries are not off by default.", passage) is not None
    assert negation_flip("Retries are on by default.", "Retries are off by default.") is None


@pytest.mark.parametrize(
    ("claim", "restates"),
    [
        ("The library is closed on Sundays.", True),  # the negated clause's words
        ("The library is closed on weekdays.", False),  # the plain clause's
        ("The library is closed.", False),  # a tie: the word stated plainly
        ("The library is never closed on Sundays.", False),  # negates its own word
    ],
)
def test_an_opposite_restates_a_negation_in_the_clause_the_claim_speaks_of(
    claim: str, restates: bool
) -> None:
    passage = "The library is open on weekdays. It is not open on Sundays."
    assert restates_negation(("closed", "open"), claim, passage) is restates


def test_a_text_whose_every_negation_is_supposed_negates_nothing() -> None:
    passage = "If medicines aren't stored properly they may not work as promised."
    assert negation_flip("Medicines should be stored in a cool, dry place.", passage) is None
    # Beside a stated negation a supposed one counts.
    booking = "If you are not a member, you cannot book a table."
    assert negation_flip("Visitors who are not members can book a table.", booking)
    assert negation_flip("Members can book a table.", booking) is None


def test_a_negation_of_a_word_the_passage_uses_only_in_another_clause_is_reworded() -> None:
    passage = "Photography is welcome, but visitors can't use a flash in the galleries."
    restated = "Visitors may take photos, but flash is not permitted in the galleries."
    assert negation_flip(restated, passage) is None
    # Where the passage uses the word in the clause the claim speaks of, it flips.
    assert negation_flip("Photography is not permitted in the museum.", passage)
    assert negation_flip("Visitors can use a flash in the galleries.", passage)


def test_a_negation_moved_onto_a_word_of_the_negated_clause_is_no_flip() -> None:
    """The claim negates "children", the passage the verb whose subject they are: one
    negation, said from either end of its clause."""
    passage = "Children under 12 should not use this product."
    assert negation_flip("This product is not for children younger than 12.", passage) is None
    assert negation_flip("Children under 12 can use this product.", passage) is not None


def test_a_negation_the_passage_says_of_the_same_word_is_not_moved() -> None:
    """The passage's own "without" negates what the claim's does; its "isn't" negates
    something else, in a clause that runs on past an em dash."""
    passage = (
        "Balance isn't a static goal—it means having the flexibility to shift so that "
        "you can meet challenges without experiencing burnout."
    )
    claim = "Balance means having the flexibility to shift without experiencing burnout."
    assert negation_flip(claim, passage) is None


def test_a_supposed_negation_counts_where_the_other_text_negates_too() -> None:
    """Both state one condition, the claim with "without", the passage with a prefix;
    against a passage that negates nothing the supposed cue still counts for none."""
    passage = "The deposit is returned when the bike is brought back undamaged."
    claim = "The deposit is refunded if the bike comes back without damage."
    assert negation_flip(claim, passage) is None
    plain = "The deposit is returned when the bike is brought back."
    assert negation_flip(claim, plain) is None


def test_what_a_plan_covers_is_one_word_to_a_negation() -> None:
    passage = "It covers tuition in full but does not include living costs."
    assert negation_flip("The scholarship covers tuition and living costs.", passage)
    assert negation_flip("Living costs are not covered by the scholarship.", passage) is None
    assert negation_flip("The scholarship covers tuition in full.", passage) is None


def test_a_supposed_negation_counts_against_a_cue_that_negates_its_word() -> None:
    """ "If you have no receipt" supposes what "Without a receipt" states: one negation
    of one word; against a cue of another word the supposed one still counts for none."""
    passage = "Without a receipt, we offer store credit only."
    assert negation_flip("If you have no receipt, you get store credit.", passage) is None
    assert negation_flip("If you have a receipt, you get store credit.", passage)
    habit = "Don't make it a habit to call the hotline."
    assert negation_flip("If the website is not working, call the hotline.", habit) is None


@pytest.mark.parametrize(
    ("claim", "passage"),
    [
        # "fail to" and a cancellation deny as "not" does.
        (
            "The cars are being recalled over airbags that may fail to deploy.",
            "The cars are recalled because the airbags may not deploy in a crash.",
        ),
        (
            "Secondary schools stay open, though after-school activities won't take place.",
            "Secondary schools will remain open, but after-school activities are cancelled.",
        ),
        # A cue after a word of paying that negates no word of its own says "free".
        (
            "Owners will get a letter, and the repair costs them nothing.",
            "Owners will be contacted by letter, and repairs are free.",
        ),
    ],
)
def test_a_negation_said_with_a_verb_or_a_price_restates_it(claim: str, passage: str) -> None:
    assert negation_flip(claim, passage) is None


def test_a_negated_cancellation_is_still_a_flip() -> None:
    assert negation_flip(
        "The airline did not cancel the flight.", "The airline cancelled the flight."
    )
    priced = "Owners will be contacted by letter, and repairs cost 50 dollars."
    assert negation_flip("Owners will get a letter, and the repair costs them nothing.", priced)


def test_fail_to_negates_as_not_does() -> None:
    passage = "The talks failed to reach an agreement."
    assert negation_flip("The talks reached an agreement.", passage) is Flip.PLAIN
    assert negation_flip("The talks did not reach an agreement.", passage) is None


def test_two_negations_of_things_the_passage_states_plainly_flip_each() -> None:
    passage = "The agent explains the plans and assures competitive prices."
    claim = "The agent fails to explain the plans and cannot assure competitive prices."
    assert negation_flip(claim, passage) is Flip.PLAIN
    assert negation_flip("Neither the drug nor the placebo reduced pain.", "The drug reduced pain.")
    # Against a passage that negates as often, counted as before.
    both = "The agent does not explain the plans and cannot assure competitive prices."
    assert negation_flip(claim, both) is None
