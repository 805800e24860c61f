"""The consistency findings: details compared as values (a time written another way
is the same time, "by half" a 50% change) and find_contrast (what makes a verifier
contradiction one the rationale can name); the addition rule is in test_additions.py."""

from __future__ import annotations

import pytest

from grounding_sidecar.detection.contract import Verdict
from grounding_sidecar.detection.judging.consistency import (
    Contrast,
    FindingKind,
    Pairing,
    find_contrast,
    find_inconsistency,
)
from grounding_sidecar.detection.judging.corpus import SourceCorpus

SOURCE = "The east entrance of the hospital stays open during the renovation."


def _find(claim: str, passage: str = SOURCE) -> Contrast | None:
    return find_contrast(claim, passage, SourceCorpus([passage]))


def test_a_word_standing_against_a_dropped_word_of_the_passage() -> None:
    found = _find("The east entrance of the hospital stays closed during the renovation.")
    assert found == Contrast("closed", "open", Pairing.OPPOSITES)
    assert found.describe("s0.0") == "'closed' where s0.0 says 'open'"


def test_the_end_of_a_span_the_passage_states_is_no_contrast_to_its_start() -> None:
    passage = "The pharmacy is open from 8 AM to 10 PM every day."
    assert _find("The pharmacy closes at 10 PM every day.", passage) is None
    found = _find("The pharmacy closes at 8 AM every day.", passage)  # the span's start
    assert found == Contrast("closes", "open", Pairing.OPPOSITES)


def test_a_negation_that_differs() -> None:
    found = _find("The east entrance of the hospital does not stay open during the renovation.")
    assert found == Contrast()
    assert found.describe("s0.0") == "negation differs from s0.0"


def test_a_negation_the_passage_words_as_a_denial_is_no_contrast() -> None:
    passage = "Smoking is banned inside public buildings."
    claim = "You cannot smoke inside a public building."
    assert find_contrast(claim, passage, SourceCorpus([passage])) is None


@pytest.mark.parametrize(
    ("claim", "passage"),
    [
        # A word the claim's own negation turns around stands against nothing.
        (
            "The museum does not open on public holidays.",
            "The museum is closed on public holidays.",
        ),
        ("The course is not required for new staff.", "The course is optional for new staff."),
        # "any" after a negation says "none", as "all" under a prohibition does.
        ("You cannot smoke in any public building.", "Smoking is banned in all public buildings."),
        # "least" and "less" turn the word after them around.
        ("It is the least expensive plan we offer.", "It is the cheapest plan we offer."),
        ("The Basic plan is less expensive than Pro.", "The Basic plan is cheaper than Pro."),
    ],
)
def test_a_word_the_claim_negates_names_no_contrast(claim: str, passage: str) -> None:
    assert find_contrast(claim, passage, SourceCorpus([passage])) is None


@pytest.mark.parametrize(
    ("claim", "passage", "contrast"),
    [
        (
            "The museum opens on public holidays.",
            "The museum is closed on public holidays.",
            ("opens", "closed"),
        ),
        (
            "The course is required for new staff.",
            "The course is optional for new staff.",
            ("required", "optional"),
        ),
        (
            "It is the most expensive plan we offer.",
            "It is the cheapest plan we offer.",
            ("expensive", "cheapest"),
        ),
        # "least" itself still stands against "most".
        (
            "The least expensive plan is Enterprise.",
            "The most expensive plan is Enterprise.",
            ("least", "most"),
        ),
    ],
)
def test_the_same_word_unnegated_stands_against_the_passages(
    claim: str, passage: str, contrast: tuple[str, str]
) -> None:
    assert find_contrast(claim, passage, SourceCorpus([passage])) == Contrast(
        *contrast, Pairing.OPPOSITES
    )


def test_a_negated_word_still_stands_against_one_the_passage_negates_too() -> None:
    passage = "Cars travel further without increasing the size of the battery."
    claim = "Cars travel further without decreasing the size of the battery."
    assert find_contrast(claim, passage, SourceCorpus([passage])) == Contrast(
        "decreasing", "increasing", Pairing.OPPOSITES
    )


def test_an_opposite_restating_a_negation_the_premise_states_is_no_contrast() -> None:
    """The verifier reads the best passage with its neighbours: where a neighbour
    negates the passage's word in the clause the claim speaks of, the claim's opposite
    restates that negation; where no neighbour does, it stands against the word."""
    best = "The museum opens at 10 AM."
    premise = f"{best} It is not open on Mondays."
    claim = "The museum is closed on Mondays."
    corpus = SourceCorpus([premise])
    assert find_contrast(claim, best, corpus, premise) is None
    assert find_contrast(claim, best, corpus) == Contrast("closed", "opens", Pairing.OPPOSITES)
    at_ten = "The museum is closed at 10 AM."
    assert find_contrast(at_ten, best, corpus, premise) == Contrast(
        "closed", "opens", Pairing.OPPOSITES
    )


def test_a_paraphrase_names_no_contrast() -> None:
    assert _find("During the renovation, the hospital's east entrance remains accessible.") is None


def test_a_contrasting_word_the_sources_use_is_not_a_contrast() -> None:
    # "closed" is the sources' own word (the west entrance): the claim may mix up
    # which entrance, but no word of it is new, so the rule has nothing to name.
    passage = SOURCE + " The west entrance is closed."
    claim = "The east entrance of the hospital stays closed during the renovation."
    assert find_contrast(claim, SOURCE, SourceCorpus([passage])) is None


def test_the_passage_word_must_be_one_the_claim_dropped() -> None:
    # "closed" stands against "open", but the claim keeps "open" too.
    claim = "The east entrance stays open during the renovation, the west closed."
    assert _find(claim) is None


LATENCY = "Latency fell after the cache change."


def test_a_flip_beside_an_added_name_is_named() -> None:
    claim = "Checkout-service latency rose after the cache change."
    assert _find(claim, LATENCY) == Contrast("rose", "fell", Pairing.OPPOSITES)
    # The name's own plural in the passage is no word the claim dropped.
    passage = "After the cache change, latency fell across all services."
    assert _find(claim, passage) == Contrast("rose", "fell", Pairing.OPPOSITES)


def test_a_flip_beside_an_added_qualifier_is_named() -> None:
    passage = "Refunds are available for unopened items only."
    claim = "Opened items can still be returned for a refund."
    assert _find(claim, passage) == Contrast("opened", "unopened", Pairing.PAIRED)
    # Another source uses "opened": it still stands against the passage's "unopened".
    corpus = SourceCorpus([passage, "Opened items can be exchanged for store credit."])
    assert find_contrast(claim, passage, corpus) == Contrast("opened", "unopened", Pairing.PAIRED)


def test_a_flip_of_a_word_the_claim_writes_elsewhere_in_another_form_is_named() -> None:
    passage = "Net orders increased year-over-year, resulting in an increase in net income."
    claim = (
        "Net orders increased year-over-year, resulting in a substantial decrease in net income."
    )
    assert _find(claim, passage) == Contrast("decrease", "increase", Pairing.OPPOSITES)


def test_a_word_the_claim_keeps_in_another_form_is_not_dropped() -> None:
    # "opens" keeps the passage's "open": "closes" stands against nothing it dropped.
    passage = "The gym is open 24 hours on weekdays and from 7 AM to 9 PM at weekends."
    claim = "On weekends the gym opens at 7 AM and closes at 9 PM."
    assert _find(claim, passage) is None
    assert _find("On weekends the gym closes at 7 AM.", passage) == Contrast(
        "closes", "open", Pairing.OPPOSITES
    )


def test_a_word_the_passage_writes_in_a_derived_form_is_not_new() -> None:
    # "approval" for "approved": a noun made from the passage's verb stands against
    # nothing it dropped ("requests", a kind of message, as "approval" is).
    passage = "Requests for leave longer than five days must be approved by your manager."
    assert _find("Leave of more than five days needs your manager's approval.", passage) is None
    # The two parties of one relation are no derived form of each other.
    passage = "The employee pays the first month of the premium."
    found = _find("The employer pays the first month of the premium.", passage)
    assert found is not None and (found.claim_word, found.passage_word) == ("employer", "employee")


def test_the_flipped_word_may_be_one_another_source_uses() -> None:
    corpus = SourceCorpus([LATENCY, "Error rates rose briefly during the rollout."])
    claim = "Checkout-service latency rose after the cache change."
    assert find_contrast(claim, LATENCY, corpus) == Contrast("rose", "fell", Pairing.OPPOSITES)
    # Without a word no source uses the claim may only be reordering the sources.
    assert find_contrast("Latency rose after the cache change.", LATENCY, corpus) is None


def test_a_restriction_lifted_is_named() -> None:
    passage = "Only administrators can delete projects."
    assert _find("Any user can delete the projects.", passage) == Contrast("any", "only")
    assert _find("Administrators are able to delete projects.", passage) is None


SHELTER = "The shelter found a new home for the dog last week. Volunteers walk them daily."


def test_a_noun_put_in_place_of_another_in_a_copied_stretch_is_named() -> None:
    # No kind in common within WordNet's first links ("horse": equine; "dog": canine):
    # the copied words around them say the two fill one slot.
    claim = "The shelter found a new home for the horse last week."
    assert _find(claim, SHELTER) == Contrast("horse", "dog")


def test_a_noun_in_place_needs_the_rest_copied_word_for_word() -> None:
    assert _find("Last week the shelter found the horse a new home.", SHELTER) is None
    assert _find("The shelter found a new home for the old horse last week.", SHELTER) is None
    assert _find("The shelter found a home for the horse.", SHELTER) is None  # two words off


def test_a_noun_in_place_is_not_a_synonym_a_hypernym_or_a_broader_noun() -> None:
    car = "The office bought a new car for the sales team last week."
    assert _find("The office bought a new automobile for the sales team last week.", car) is None
    assert _find("The shelter found a new home for the puppy last week.", SHELTER) is None
    assert _find("The shelter found a new home for the animal last week.", SHELTER) is None
    meeting = "The meeting starts at nine and ends at noon in room four."
    # "session" is, by one of its senses, a kind of "meeting".
    assert _find("The session starts at nine and ends at noon in room four.", meeting) is None


def test_a_word_used_mostly_as_a_verb_is_a_noun_in_place_after_a_determiner() -> None:
    passage = "The technician fixed the cabinet door with a hammer last week."
    claim = "The technician fixed the cabinet door with a drill last week."
    assert _find(claim, passage) == Contrast("drill", "hammer")
    jar = "The samples are shipped to the lab in a sealed box."
    assert _find("The samples are shipped to the lab in a sealed jar.", jar) == Contrast(
        "jar", "box"
    )


def test_a_word_used_mostly_as_a_verb_is_no_noun_where_no_determiner_comes_before() -> None:
    passage = "Engineers check the servers every night before the backup."
    assert _find("Engineers monitor the servers every night before the backup.", passage) is None


def test_a_noun_in_place_of_a_word_that_is_no_noun_is_not_named() -> None:
    passage = "The team quickly reviewed every open ticket before the release."
    assert (
        _find("The team carefully reviewed every open ticket before the release.", passage) is None
    )


def test_a_short_claim_does_not_line_up_by_chance() -> None:
    assert _find("For the horse.", SHELTER) is None


BACKUP = "The nightly backup runs at 02:00 and takes about 40 minutes."


def _inconsistency(claim: str, passage: str = BACKUP) -> str | None:
    finding = find_inconsistency(claim, passage, "s0.0", SourceCorpus([passage]))
    return None if finding is None else f"{finding.verdict.value}: {finding.rationale}"


RECIPE = "Toss the potatoes with 3 tablespoons of olive oil and a teaspoon of salt."


def test_a_measure_swapped_on_the_same_number_is_a_finding() -> None:
    # Read without their units, both would be a 3 the passage states; teaspoons and
    # tablespoons are one dimension, so the passage's amount stands against the claim's.
    assert _inconsistency("Toss the potatoes with 3 teaspoons of olive oil.", RECIPE) == (
        "contradictory: number '3 teaspoons' where s0.0 says '3 tablespoons'"
    )
    assert _inconsistency("Toss the potatoes with 9 teaspoons of olive oil.", RECIPE) is None
    assert _inconsistency("Toss the potatoes with 3 tbsp of olive oil.", RECIPE) is None
    tank = "The tank holds 5 gallons of water."
    assert _inconsistency("The tank holds 5 litres of water.", tank) is not None


def test_one_of_an_open_set_is_no_count_against_the_passage() -> None:
    """ "One reason ..." introduces one of the reasons, as an answer says "a reason": no
    count that "two reasons" stands against, nor one missing from the sources; "one
    reason" inside a sentence still counts."""
    delay = "There are two main reasons for the delay: the strike and the storm."
    assert _inconsistency("One reason for the delay was the strike.", delay) is None
    assert _inconsistency("The strike is one of the reasons for the delay.", delay) is None
    assert _inconsistency("There is one reason for the delay: the strike.", delay) == (
        "contradictory: number 'one' where s0.0 says 'two'"
    )
    reset = "To reset the router, hold the reset button for ten seconds."
    assert _inconsistency("One way to reset the router is to hold the reset button.", reset) is None


def test_a_passages_first_capital_stands_against_no_name_where_the_claim_puts_none() -> None:
    """ "The three finalists" puts no name where "Only three contestants" has its
    capital: the claim's name no source states is missing, not swapped for "Only"."""
    passage = "Only three contestants remain: Grace Kinstler, Willie Spence and Chayce Beckham."
    claim = (
        "The three finalists of American Idol are Grace Kinstler, Willie Spence and Chayce Beckham."
    )
    assert _inconsistency(claim, passage) == (
        "unsupported: entity 'American Idol' appears in no source"
    )


def test_an_hour_with_its_half_of_the_day_is_the_passages_time() -> None:
    hours = "The store is open from 9 AM to 5 PM on weekdays."
    restated = "On weekdays the store opens at 9 in the morning and closes at 5 in the afternoon."
    assert _inconsistency(restated, hours) is None
    assert _inconsistency("On weekdays the store opens at 9 in the evening.", hours) == (
        "contradictory: time '9 in the evening' where s0.0 says '9 AM'"
    )


def test_a_common_noun_put_at_a_sentences_start_is_a_finding_of_its_own_kind() -> None:
    passage = "Staff must wear a helmet in the warehouse."
    corpus = SourceCorpus([passage])
    finding = find_inconsistency(
        "Employees must wear a helmet in the warehouse.", passage, "s0.0", corpus
    )
    assert finding is not None and finding.kind is FindingKind.FIRST_NOUN
    names = "Alice approved the budget for the new library."
    finding = find_inconsistency(
        "Bob approved the budget for the new library.", names, "s0.0", SourceCorpus([names])
    )
    assert finding is not None and finding.kind is FindingKind.CONFLICTING_NAME


@pytest.mark.parametrize(
    ("claim", "kind"),
    [
        ("Alice approved the budget for the new library in Leeds.", FindingKind.MISSING_NAME),
        ("Alice approved the budget for the new library in 2021.", FindingKind.MISSING_DETAIL),
        ("Bob approved the budget for the new library.", FindingKind.CONFLICTING_NAME),
        ("Alice approved the budget of £3m for the new library.", FindingKind.CONFLICTING_DETAIL),
    ],
)
def test_a_name_missing_or_in_anothers_place_is_a_finding_of_its_own_kind(
    claim: str, kind: FindingKind
) -> None:
    """Names are read off capitals, so their findings are told apart from those of
    numbers and dates: the verifier's entailment overrules only theirs
    (test_overrides.py)."""
    passage = "Alice approved the budget of £2m for the new library."
    finding = find_inconsistency(claim, passage, "s0.0", SourceCorpus([passage]))
    assert finding is not None and finding.kind is kind, finding


def test_a_synonym_at_a_sentences_start_is_no_finding() -> None:
    passage = "Students must wear a uniform during lessons."
    corpus = SourceCorpus([passage])
    claim = "Pupils must wear a uniform during lessons."
    assert find_inconsistency(claim, passage, "s0.0", corpus) is None
    finding = find_inconsistency(
        "Teachers must wear a uniform during lessons.", passage, "s0.0", corpus
    )
    assert finding is not None


def test_a_negation_word_is_no_contrast() -> None:
    passage = "Venus has the hottest surface of any planet in the Solar System."
    corpus = SourceCorpus([passage])
    claim = "No planet in the Solar System has a hotter surface than Venus."
    assert find_contrast(claim, passage, corpus) is None


def test_a_thing_the_sources_set_apart_taken_in_is_contradictory() -> None:
    passage = "Pets are not allowed, with the exception of registered assistance dogs."
    corpus = SourceCorpus([passage])
    claim = "The hotel does not allow any dogs, including registered assistance dogs."
    finding = find_inconsistency(claim, passage, "s0.0", corpus)
    assert finding is not None and finding.verdict is Verdict.CONTRADICTORY
    assert "'including'" in finding.rationale


def test_a_time_written_another_way_is_the_same_time() -> None:
    for claim in (
        "The nightly backup runs at 2 AM and takes about 40 minutes.",
        "The nightly backup runs at 2am and takes about 40 minutes.",
        "The nightly backup runs at 2 a.m. and takes about 40 minutes.",
        "The nightly backup runs at 2:00 and takes about 40 minutes.",
    ):
        assert _inconsistency(claim) is None, claim
    assert _inconsistency("Support closes at 5:30 PM.", "Support closes at 17:30.") is None
    assert _inconsistency("The shop closes at noon.", "The shop closes at 12:00.") is None


def test_a_time_that_differs_as_a_value_is_a_changed_detail() -> None:
    claim = "The nightly backup runs at 3 AM and takes about 40 minutes."
    assert _inconsistency(claim) == "contradictory: time '3 AM' where s0.0 says '02:00'"
    claim = "The nightly backup runs at 2 PM and takes about 40 minutes."
    assert _inconsistency(claim) == "contradictory: time '2 PM' where s0.0 says '02:00'"
    found = _inconsistency("The shop closes at midnight.", "The shop closes at noon.")
    assert found == "contradictory: time 'midnight' where s0.0 says 'noon'"


BUILD = "Build time fell from 40 to 20 minutes after the upgrade."


def test_a_change_restated_as_its_share_is_the_same_change() -> None:
    assert _inconsistency("The upgrade cut build time by half.", BUILD) is None
    assert _inconsistency("The upgrade cut build time by 50%.", "The upgrade halved it.") is None
    assert _inconsistency("A quarter of users opted in.", "25% of users opted in.") is None
    assert _inconsistency("Sign-ups doubled in May.", "Sign-ups rose by 100% in May.") is None


def test_a_share_that_differs_is_still_caught() -> None:
    found = _inconsistency("The upgrade cut build time by half.", "It cut build time by a third.")
    assert found == "contradictory: number 'by half' where s0.0 says 'by a third'"
    found = _inconsistency("The upgrade cut build time by a third.", BUILD)
    assert found == "unsupported: number 'by a third' appears in no source"
    found = _inconsistency("Sign-ups tripled in May.", "Sign-ups rose by 100% in May.")
    assert found == "contradictory: number 'tripled' where s0.0 says '100%'"


# (claim, best passage, the finding): the names rules-v5 reads.
NAMES = {
    "a name given more fully than the passage gives it is missing, not conflicting": (
        "Barack Obama was born in Honolulu, Hawaii.",
        "Obama was born in Honolulu, Hawaii.",
        "unsupported: entity 'Barack Obama' appears in no source",
    ),
    "a name the passage gives in part is missing, not conflicting": (
        "The American Fantasy Press publishes limited editions.",
        "In 2020 the Fantasy Press began to publish limited editions for Tolkien.",
        "unsupported: entity 'American Fantasy Press' appears in no source",
    ),
    "a plural of the passage's name is the same name": (
        "NATO calls its standards STANAGs.",
        "Each NATO STANAG is a standardization agreement.",
        None,
    ),
    "another full name in the same place still conflicts": (
        "Michelle Obama was born in Honolulu, Hawaii.",
        "Barack Obama was born in Honolulu, Hawaii.",
        "contradictory: entity 'Michelle Obama' where s0.0 says 'Barack Obama'",
    ),
    "another name in the same place still conflicts": (
        "The review is led by Alice Smith.",
        "The review is led by Bob Jones.",
        "contradictory: entity 'Alice Smith' where s0.0 says 'Bob Jones'",
    ),
    "a capital that only starts the passage stands against no name": (
        "Charles II returned to England in 1660.",
        "Parliament invited Charles II back in 1660.",
        "unsupported: entity 'England' appears in no source",
    ),
    "a first word put in place of the passage's still conflicts": (
        "Alice approved the budget.",
        "Bob approved the budget.",
        "contradictory: entity 'Alice' where s0.0 says 'Bob'",
    ),
}


@pytest.mark.parametrize(("claim", "passage", "finding"), NAMES.values(), ids=NAMES.keys())
def test_names_are_compared_as_the_things_they_name(
    claim: str, passage: str, finding: str | None
) -> None:
    assert _inconsistency(claim, passage) == finding


def test_a_negation_of_what_the_passage_says_is_a_contradiction() -> None:
    claim = "The east entrance of the hospital does not stay open during the renovation."
    assert _inconsistency(claim, SOURCE) == "contradictory: negation differs from s0.0"


def test_a_denial_in_a_sentence_of_a_similar_passage_is_a_contradiction() -> None:
    best = "The VITAL-K trial tested whether daily vitamin K2 supplements slow calcification."
    other = "No serious adverse events related to the supplements were reported."
    claim = "Several serious adverse events in the trial were attributed to the supplements."
    corpus = SourceCorpus([best, other])
    finding = find_inconsistency(claim, best, "s0.0", corpus, None, lambda: [best, other])
    assert finding is not None
    assert finding.rationale == f"negation differs from a similar passage: '{other}'"
    # Without the similar passages, the best passage alone is read.
    assert find_inconsistency(claim, best, "s0.0", corpus) is None


def test_a_negation_a_similar_passage_states_is_no_flip_of_the_best_one() -> None:
    best = "Train drivers will strike on Monday and Tuesday."
    other = "About half of services will run on Monday, but no trains will run on Tuesday."
    claim = "There will be no trains at all on Tuesday during the strike."
    corpus = SourceCorpus([best, other])
    assert find_inconsistency(claim, best, "s0.0", corpus, None, lambda: [best, other]) is None
    # Read against the best passage alone, the claim's "no trains" flips its "Train".
    finding = find_inconsistency(claim, best, "s0.0", corpus)
    assert finding is not None and finding.rationale == "negation differs from s0.0"


@pytest.mark.parametrize(
    ("claim", "passage", "finding"),
    [
        (  # the passage's "not" is about things the claim never speaks of
            "The new images reveal the structures stars create inside galaxies.",
            "The new images reveal the structures stars create, not seen before.",
            None,
        ),
        (  # every cue of the claim counts, even on a word the passage never uses
            "Insects do not have eyelids, but they have compound eyes.",
            "Many insects have two kinds of eyes: simple and compound.",
            "contradictory: negation differs from s0.0",
        ),
        (  # "include" and "includes" are one word, though the stemmer cuts them apart
            "The Pro plan includes single sign-on for every user.",
            "The Pro plan does not include single sign-on.",
            "contradictory: negation differs from s0.0",
        ),
        (  # a passage's "not" about a word of the claim still counts
            "The new images reveal the structures stars create inside galaxies.",
            "The new images do not reveal the structures stars create inside galaxies.",
            "contradictory: negation differs from s0.0",
        ),
        (
            "The new images do not reveal the structures stars create inside galaxies.",
            "The new images reveal the structures stars create inside galaxies.",
            "contradictory: negation differs from s0.0",
        ),
    ],
)
def test_a_passage_negation_flips_only_what_the_claim_speaks_of(
    claim: str, passage: str, finding: str | None
) -> None:
    assert _inconsistency(claim, passage) == finding


@pytest.mark.parametrize(
    ("claim", "passage", "verdict", "rationale"),
    [
        (
            "Use promo code SAVE25 at checkout.",
            "Use promo code SAVE20 at checkout.",
            Verdict.CONTRADICTORY,
            "entity 'SAVE25' where s0.0 says 'SAVE20'",
        ),
        (
            "Uranium-235 was discovered in 1935.",
            "It was discovered in 1935 by Arthur Jeffrey Dempster.",
            Verdict.UNSUPPORTED,
            "entity 'Uranium-235' appears in no source",
        ),
    ],
)
def test_a_code_stands_against_a_code_never_against_a_name(
    claim: str, passage: str, verdict: Verdict, rationale: str
) -> None:
    assert _inconsistency(claim, passage) == f"{verdict.value}: {rationale}"


NEGATION_KINDS = frozenset({FindingKind.NEGATION, FindingKind.NEGATED_WORD})

RETURNS = "Drop the parcel at any post office within 30 days of delivery."
REFUNDS = "Refunds are issued within 5 business days after the parcel arrives at our warehouse."


def test_a_misplaced_detail_is_a_contradiction_named_with_both_values() -> None:
    claim = "Refunds are issued within 30 days after the parcel arrives."
    corpus = SourceCorpus([RETURNS, REFUNDS])
    finding = find_inconsistency(claim, REFUNDS, "s0.1", corpus, lambda: [REFUNDS])
    assert finding is not None and finding.kind is FindingKind.CONFLICTING_DETAIL
    assert (finding.verdict, finding.rationale) == (
        Verdict.CONTRADICTORY,
        "number '30 days' where s0.1 says '5 business days' "
        "(the sources state '30 days' of something else)",
    )
    # A passage about as similar that states the 30 days of the refund: the claim may be
    # its.  RETURNS states them of dropping the parcel off, which excuses nothing.
    gift_cards = "Gift card refunds are issued within 30 days once the parcel arrives."
    corpus = SourceCorpus([RETURNS, REFUNDS, gift_cards])
    near = [REFUNDS, gift_cards]
    assert find_inconsistency(claim, REFUNDS, "s0.1", corpus, lambda: near) is None
    assert find_inconsistency(claim, REFUNDS, "s0.1", corpus, lambda: [REFUNDS, RETURNS])


def test_a_changed_amount_in_another_unit_is_contradictory() -> None:
    passage = "Laptops come with a warranty of 2 years."
    corpus = SourceCorpus([passage])
    changed = find_inconsistency("The warranty lasts 36 months.", passage, "s0.0", corpus)
    assert (
        changed is not None and changed.rationale == "number '36 months' where s0.0 says '2 years'"
    )
    assert find_inconsistency("The warranty lasts 24 months.", passage, "s0.0", corpus) is None


@pytest.mark.parametrize(
    ("claim", "passage", "flips"),
    [
        # The passage's "cannot" negates "exchanged" too ("returned or exchanged").
        (
            "Gift cards are non-refundable and cannot be exchanged.",
            "Gift cards cannot be returned or exchanged.",
            False,
        ),
        # "unopened" negates the passage's "opened": one negation each.
        (
            "Items must be unopened to qualify for a refund.",
            "Opened items can be exchanged but not refunded.",
            False,
        ),
        ("Only unopened items are refunded.", "Only opened items are refunded.", True),
        # The passage's "unchanged" is about drinkers, the claim's "changing" about norms.
        (
            "Experts point to changing social norms.",
            "The share of drinkers stayed unchanged; experts point to changing social norms.",
            False,
        ),
        # The "No" negates "one", not the dose beside it.
        ("The daily maximum is 4000 mg.", "No one should take more than 4000 mg in a day.", False),
        ("Gift cards can be exchanged.", "Gift cards cannot be returned or exchanged.", True),
    ],
)
def test_negation_is_counted_over_alternatives_and_in_a_prefix(
    claim: str, passage: str, flips: bool
) -> None:
    finding = find_inconsistency(claim, passage, "s0.0", SourceCorpus([passage]))
    negation = finding is not None and finding.kind in NEGATION_KINDS
    assert negation is flips, finding


def test_a_ranges_changed_upper_bound_is_contradictory() -> None:
    passage = "Shipping takes 3-5 business days."
    corpus = SourceCorpus([passage])
    changed = find_inconsistency("Shipping takes 3-7 business days.", passage, "s0.0", corpus)
    assert changed is not None and changed.verdict is Verdict.CONTRADICTORY
    same = "Shipping takes 3 to 5 business days."
    assert find_inconsistency(same, passage, "s0.0", corpus) is None


def test_a_swapped_thing_is_a_contradiction_named_with_both_words() -> None:
    team = "The Team plan costs $12 per user per month."
    business = "The Business plan costs $24 per user per month."
    claim = "The Business plan costs $12 per user per month."
    finding = find_inconsistency(claim, team, "s0.0", SourceCorpus([team, business]))
    assert finding is not None and finding.kind is FindingKind.SWAPPED_WORD
    assert (finding.verdict, finding.rationale) == (
        Verdict.CONTRADICTORY,
        "'business' where s0.0 says 'team' (the sources name 'business' elsewhere)",
    )


def test_a_plain_negation_has_its_own_kind() -> None:
    passage = "It has two USB-C ports, but no HDMI port."
    corpus = SourceCorpus([passage])
    plain = find_inconsistency("The laptop has an HDMI port.", passage, "s0.0", corpus)
    assert plain is not None and plain.kind is FindingKind.NEGATED_WORD
    counted = find_inconsistency(
        "Insects do not have eyelids.", "Insects have eyes.", "s0.0", corpus
    )
    assert counted is not None and counted.kind is FindingKind.NEGATION


def test_one_period_after_a_word_of_length_counts_only_against_a_stated_length() -> None:
    ran = "The pilot program ran for {} before it was replaced."
    assert _inconsistency(ran.format("a decade"), ran.format("half a decade")) == (
        "contradictory: number 'a decade' where s0.0 says 'half a decade'"
    )
    assert _inconsistency(ran.format("a decade"), ran.format("ten years")) is None
    # Stated by no source, it is no detail the sources miss: such a length is as often
    # inferred from dates.
    dates = "The program started in 2019 and was replaced in 2020."
    assert _inconsistency("The program ran for a year before it was replaced.", dates) is None


LEAGUE = "The league grew from a few north German towns in the late 12th century."


def test_a_century_or_a_rank_changed_is_a_finding() -> None:
    assert _inconsistency("The league grew from a few towns in the late 14th century.", LEAGUE) == (
        "contradictory: number '14th century' where s0.0 says '12th century'"
    )
    assert _inconsistency("The league grew from a few towns in the 1100s.", LEAGUE) is None
    rise = "It was the fifth increase in a row."
    assert _inconsistency("It was the third increase in a row.", rise) == (
        "contradictory: number 'third' where s0.0 says 'fifth'"
    )
    assert _inconsistency("It was the 5th increase in a row.", rise) is None


def test_a_claim_its_best_passage_writes_word_for_word_is_read_against_it_alone() -> None:
    """A near passage that says it the other way round is the sources disagreeing when
    the best passage writes the claim whole; otherwise it is read as a flip."""
    deal = "GitHub acquired Microsoft in 2018."
    other = "Microsoft acquired GitHub in 2018."
    corpus = SourceCorpus([deal, other])

    def near() -> list[str]:
        return [deal, other]

    assert find_inconsistency(deal, deal, "s0.0", corpus, near_passages=near) is None
    reordered = "In 2018 GitHub acquired Microsoft."
    finding = find_inconsistency(reordered, deal, "s0.0", corpus, near_passages=near)
    assert finding is not None and "other way round" in finding.rationale


def test_a_limit_called_unlimited_is_a_contradiction_naming_the_limit() -> None:
    passage = "A loan can be renewed twice online, unless another member has reserved the item."
    assert _inconsistency("A loan can be renewed online as often as you like.", passage) == (
        "contradictory: 'as often as you like' where s0.0 says 'twice'"
    )


@pytest.mark.parametrize(
    ("claim", "passage", "rationale"),
    [
        (
            "The lake is fed by a single river.",
            "The lake is fed by more than 25 rivers.",
            "count 'a single' where s0.0 says 'more than 25'",
        ),
        (
            "Tolls are charged for cars, lorries and trains.",
            "Tolls are charged only for cars and lorries; trains are paid for with a ticket.",
            "'trains' where s0.0 says 'only for cars and lorries'",
        ),
        (
            "Etna is the smallest active volcano in Europe.",
            "Mount Etna, on the east coast of Sicily, is the tallest active volcano in Europe.",
            "'smallest' where s0.0 says 'tallest'",
        ),
    ],
)
def test_a_count_a_list_or_a_superlative_turned_is_a_contradiction_naming_both(
    claim: str, passage: str, rationale: str
) -> None:
    assert _inconsistency(claim, passage) == f"contradictory: {rationale}"


def test_a_thing_ended_said_to_go_on_is_a_contradiction_naming_both() -> None:
    passage = "The deprecated sync_client module has been removed."
    claim = "The deprecated sync_client module is still included."
    assert _inconsistency(claim, passage) == (
        "contradictory: 'still' where s0.0 says 'has been removed'"
    )


def test_a_change_of_a_thing_the_passage_keeps_is_a_contradiction() -> None:
    passage = "Net profit fell 12%. The company kept its dividend unchanged."
    assert (
        _inconsistency("The company raised its dividend.", passage)
        == "contradictory: 'raised' where s0.0 says 'kept its dividend unchanged'"
    )
