"""Negation cues: the parity the consistency rule compares ("one side negates, the
other does not"), counted as the rule written out word by word counts it."""

from __future__ import annotations

import re

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from grounding_sidecar.detection.text.negation import (
    Cue,
    conditions,
    cues,
    denials,
    first_cue,
    lessened,
    negated_words,
    negates,
    negates_any,
    negation_parity,
    permits,
    prohibitions,
)
from tests.support.word_texts import word_texts

# The rule written out word by word (every contraction listed, case-insensitive): the
# shipped pattern is a faster form of it and must count the same.
# Idioms that negate nothing ("not only ... but", "no matter", "without you having to
# do anything") are left out alike.
REFERENCE = re.compile(
    r"\b(?:not(?!\s+(?:only|just)\b[^.;!?]*\bbut\b)|no(?!\s+(?:matter|doubt)\b)"
    r"|never|none|nobody|nothing(?!\s+but\b)|neither|nor|cannot|unable|can't|won't|"
    r"without(?!\s+(?:(?:you|your|the\s+user|users|anyone)\s+)?(?:having|needing)\s+to\s+do"
    r"\s+anything\b)|"
    r"isn't|aren't|wasn't|weren't|don't|doesn't|didn't|hasn't|haven't|hadn't|"
    r"shouldn't|wouldn't|couldn't|mustn't|n't)\b(?<!n't(?=\s+(?:only|just)\b[^.;!?]*\bbut\b))"
    r"|n't\b(?!\s+(?:only|just)\b[^.;!?]*\bbut\b)"
    r"|\b[a-z]+-free\b|\bfail(?:s|ed|ing)?\s+to\b",
    re.IGNORECASE,
)
VOCABULARY = (
    "not no never none nobody nothing neither nor without cannot unable able can't won't isn't "
    "didn't DIDN'T Don't n't ain't NOT No-one knot snow nowhere notable nothingness "
    "nor'easter the refund was processed x-not (never) no. it's only just cost charge "
    "extra additional matter doubt but no-cost you having needing to do anything "
    "ad-free Sugar-Free free -free carefree free- fail failed to fails toll"
).split()


@pytest.mark.parametrize(
    ("text", "parity"),
    [
        ("The refund was processed on Monday.", 0),
        ("The refund was not processed.", 1),
        ("The refund wasn't processed.", 1),
        ("It is NOT true that nobody came.", 0),  # two negations
        ("He can't and won't.", 0),
        ("Nothing was shipped; the knot held and it snowed.", 1),  # knot, snow: no
        ("No-one ain't here", 0),
        ("Customers were unable to log in.", 1),  # "could not log in" in other words
        ("Plus includes ad-free listening.", 1),  # "listening without ads"
        ("The gluten-free bread is not sugar-free.", 1),
        ("Entry is free and carefree.", 0),
        ("The airbags may fail to deploy.", 1),  # "may not deploy"
        ("The talks failed, and nobody came.", 1),  # "failed" alone is no cue
        ("", 0),
    ],
)
def test_parity_of_examples(text: str, parity: int) -> None:
    assert negation_parity(text) == parity


@settings(max_examples=300, deadline=None)
@given(word_texts(VOCABULARY, max_words=25))
def test_counts_like_the_word_by_word_rule(text: str) -> None:
    assert negation_parity(text) == len(REFERENCE.findall(text)) % 2


@settings(max_examples=300, deadline=None)
@given(st.text(max_size=80))
def test_any_text_counts_like_the_word_by_word_rule(text: str) -> None:
    assert negation_parity(text) == len(REFERENCE.findall(text)) % 2


@pytest.mark.parametrize(
    "text",
    [
        "It lends not only books but also films.",
        "It is not just fast but cheap.",
        "It doesn't just affect those involved but also those who witness it.",
        "It isn't only cheap, but fast.",
        "The kit holds nothing but water.",
        "It works no matter what.",
        "There is no doubt it works.",
        "Large files are uploaded in parts without you having to do anything.",
        "It retries without having to do anything.",
    ],
)
def test_idioms_that_negate_nothing_hold_no_cue(text: str) -> None:
    assert negation_parity(text) == 0
    assert not negates(text)


def test_not_only_with_no_but_after_it_negates() -> None:
    assert negation_parity("Case law is not only found in print.") == 1


def test_negates_finds_any_cue() -> None:
    assert negates("Returns are NOT accepted.")
    assert negates("We can't ship it.")
    assert not negates("The knot held in the snow.")


@pytest.mark.parametrize(
    ("text", "negated"),
    [
        ("The east entrance does not stay open.", (("stay",),)),
        ("Refunds are never issued without a receipt.", (("issu",), ("receipt",))),
        ("They didn't arrive until 1570.", (("until",),)),  # a limit: "arrived in 1570"
        ("It has not been shipped.", (("shipp",),)),
        ("It is not.", ((),)),  # nothing follows: the cue counts on its own
        ("Gift cards cannot be returned or exchanged.", (("return", "exchang"),)),
        ("No one should take more than 4000 mg.", (("one",),)),  # never the number
        ("The refund was processed.", ()),
        ("Files are uploaded without encryption.", (("encryption",),)),
    ],
)
def test_each_cue_names_the_word_it_negates_and_its_alternatives(
    text: str, negated: tuple[tuple[str, ...], ...]
) -> None:
    assert negated_words(text) == negated


def test_a_cue_knows_the_other_words_of_its_clause() -> None:
    text = "The warranty covers defects; accidental damage is not covered."
    assert cues(text) == (Cue(("cover",), frozenset({"accidental", "damage"}), written="covered"),)
    # A comma inside a number ends no clause; the cue's own words are not its clause's.
    (cue,) = cues("Do not exceed 4,000 mg in 24 hours.")
    assert cue.clause == frozenset({"4,000", "mg", "24", "hour"})
    (cue,) = cues("It has two ports, but no HDMI port.")
    assert cue.negated == ("hdmi",) and cue.clause == frozenset({"port"})


def test_a_cue_after_an_if_in_its_clause_is_supposed() -> None:
    stored, works = cues("But if medications aren't stored properly they may not work.")
    assert stored.supposed and works.supposed
    member, booking = cues("If you are not a member, you cannot book a table.")
    assert member.supposed and not booking.supposed
    (broken,) = cues("Do not use the kit if the seal is broken.")
    assert not broken.supposed


def test_a_cue_before_a_comparative_sets_a_limit() -> None:
    (cue,) = cues("Bags must weigh no more than 23 kg.")
    assert cue.narrow and cue.negated == ("more",)
    (cue,) = cues("No one should take more than 4000 mg.")
    assert not cue.narrow and cue.negated == ("one",)


def test_a_cue_before_a_time_word_sets_a_limit() -> None:
    (cue,) = cues("Breakfast is not served before 7:30.")
    assert cue.narrow and cue.negated == ("before",)
    (cue,) = cues("The refund is not issued until the item arrives.")
    assert cue.narrow and cue.negated == ("until",)
    (cue,) = cues("Breakfast is not served at weekends before noon.")
    assert not cue.narrow


@pytest.mark.parametrize(
    "text", ["Cards are issued at no cost.", "It ships at no extra charge.", "A no-cost plan."]
)
def test_a_cue_before_a_price_negates_the_price_alone(text: str) -> None:
    (cue,) = cues(text)
    assert cue.narrow and cue.negated[0] in ("cost", "charge")


@pytest.mark.parametrize(
    ("text", "negated"),
    [
        ("Passengers may be denied boarding.", (("board",),)),
        ("She refused to sign.", (("sign",),)),
        ("He turned down offers to work there.", (("offer",),)),
        ("She declined to comment.", (("comment",),)),
        ("Sales declined sharply.", ()),  # a fall, not a refusal
        ("Pets are prohibited from the cabin.", (("cabin",),)),
        ("Holders are exempt from the fee.", (("fee",),)),
        ("Towels are provided free of charge.", (("charge",),)),
        # An alternative set aside.
        ("It occurs in the chromosome rather than in the DNA sequence.", (("dna",),)),
        ("Pay by card instead of cash.", (("cash",),)),
        # An end of support.
        ("Version 4.2 drops support for Python 3.8.", (("support",),)),
        ("The vendor ended support for the model.", (("support",),)),
        ("The bank discontinued the Basic plan.", (("basic",),)),
        ("Sales dropped sharply.", ()),  # a fall
        # "lack" as a verb, not the noun.
        ("People with autism may lack social flexibility.", (("social",),)),
        ("A lack of sleep impairs memory.", ()),
    ],
)
def test_denying_verbs_negate_the_word_after_them(
    text: str, negated: tuple[tuple[str, ...], ...]
) -> None:
    assert tuple(cue.negated for cue in denials(text)) == negated
    assert negation_parity(text) == 0  # the scorer's parity never counts them


def test_an_unless_negates_the_words_of_its_condition() -> None:
    (condition,) = conditions("Flood damage is not covered unless you add the flood extension.")
    assert condition.negated == ("add", "extension", "flood")
    assert condition.clause == frozenset({"damage", "cover"})
    assert conditions("Flood damage is not covered.") == ()


@pytest.mark.parametrize(
    ("text", "negated"),
    [
        ("Pets are prohibited from the cabin.", (("cabin",),)),
        ("Smoking is banned in all public buildings.", (("public",),)),
        ("The bridge is closed to trucks.", (("truck",),)),
        # A passive denial of what follows it forbids it; a condition or an agent after
        # it, or a denial of a statement, does not.
        ("Passengers may be denied boarding.", (("board",),)),
        ("Claims are denied if filed late.", ()),
        ("He denied the claim.", ()),
        ("Members were refused entry.", ()),  # a refusal
        ("Avoid alcohol.", ()),
    ],
)
def test_prohibitions_are_the_denials_that_forbid(
    text: str, negated: tuple[tuple[str, ...], ...]
) -> None:
    assert tuple(cue.negated for cue in prohibitions(text)) == negated


@pytest.mark.parametrize(
    ("text", "permitting"),
    [
        ("You can smoke here.", True),
        ("Trucks are allowed on the bridge.", True),
        ("Pets are welcome.", True),
        ("The lounge is open to members.", True),
        ("Smoking is banned.", False),
        ("The bridge opens at noon.", False),
    ],
)
def test_permits_finds_a_word_that_permits(text: str, permitting: bool) -> None:
    assert permits(text) is permitting


def test_a_price_is_narrow_after_no_only() -> None:
    (free,) = cues("A 30-day trial at no cost.")
    assert free.narrow and free.negated == ("cost",)
    # A verb's "not" negates its verb as any cue does.
    (verb,) = cues("The account doesn't charge any monthly fees.")
    assert not verb.narrow and verb.negated == ("charge",) and verb.written == "charge"


@pytest.mark.parametrize(
    ("text", "negating"),
    [
        ("You cannot smoke in any public building.", True),
        ("The account doesn't charge any monthly fees.", True),
        ("Any user can delete projects.", False),
        # A clause break ends the negation's reach.
        ("It is not free, but any member can join.", False),
    ],
)
def test_negates_any_reads_any_after_a_negation_in_its_clause(text: str, negating: bool) -> None:
    assert negates_any(text) is negating


def test_a_negated_adverb_negates_the_word_it_qualifies_too() -> None:
    (cue,) = cues("The difference was not statistically significant.")
    assert cue.negated == ("statistically", "significant")


def test_first_cue_names_the_first_negation_as_written() -> None:
    assert first_cue("Opened cosmetics cannot be returned; no refunds.") == "cannot"
    assert first_cue("The library lends not only books but also films.") is None


def test_a_cues_clause_reaches_at_most_400_characters_either_side() -> None:
    # Text with no clause break for pages (a table flattened to words) would make each
    # of its cues read all of it: thousands of cues, the square of its length.
    filler = " ".join(f"item{i}" for i in range(200))  # about 1,500 characters
    (cue,) = cues(f"alpha {filler} the shipment does not include batteries {filler} omega")
    assert cue.negated == ("include",)
    assert {"shipment", "battery", "item199", "item0"} <= cue.clause  # item0 of the second
    assert "alpha" not in cue.clause and "omega" not in cue.clause  # beyond the reach
    # A clause break still ends the clause first.
    (cue,) = cues("alpha, the shipment does not include batteries, omega")
    assert cue.clause == frozenset({"shipment", "battery"})


@pytest.mark.parametrize(
    ("text", "word", "turned"),
    [
        ("the least expensive plan", "expensive", True),
        ("it is less crowded", "crowded", True),
        ("backups run at least weekly", "weekly", False),  # a bound, not a turn
        ("the most expensive plan", "expensive", False),
    ],
)
def test_a_word_after_least_or_less_is_turned_around_but_not_after_at_least(
    text: str, word: str, turned: bool
) -> None:
    tokens = text.split()
    assert lessened(tokens, tokens.index(word)) is turned


def test_a_word_ending_in_free_negates_the_word_it_is_made_from() -> None:
    (cue,) = cues("Plus includes ad-free listening and offline downloads.")
    assert cue.negated == ("ad", "ads")  # "without ads" is said in the plural
    assert cue.written == "ad"
    assert {"listen", "download"} <= cue.clause
    (cue,) = cues("A fee-free account.")
    assert cue.negated == ("fee", "fees")
