"""Nouns of one kind: different things of a kind are a contrast; a synonym, a
hypernym or a noun of another kind is not."""

from __future__ import annotations

import pytest

from grounding_sidecar.detection.text.contrasts import contrast_table
from grounding_sidecar.detection.text.noun_kinds import Noun, NounKinds, noun_forms

# A small taxonomy: 10 kitchen and 11 bedroom are rooms (kind 1); 12 attic is a floor
# (kind 2); 13 galley is a kitchen; cookroom is the kitchen's synonym; 15 chamber, also
# a room, heads 20 nouns and sits higher than a kitchen (broader than it); 19 pantry, a
# room heading 20 nouns too, sits lower (no broader word for it); 16 den, a room too,
# is a bedroom by a rarer sense (11); 17 study, a room, is by a rarer sense (18) a kind
# of kitchen (10).  Each entry: synset, hypernyms of that sense, kinds, nouns below,
# all senses, the hypernyms of all senses, depth.
NOUNS = {
    "kitchen": [10, [1, 100], [1], 1, [10], [1, 100], 5],
    "cookroom": [10, [1, 100], [1], 1, [10], [1, 100], 5],
    "bedroom": [11, [1, 100], [1], 0, [11], [1, 100], 5],
    "attic": [12, [2, 100], [2], 0, [12], [2, 100], 5],
    "galley": [13, [10, 1, 100], [1], 0, [13], [10, 1, 100], 6],
    "chamber": [15, [1, 100], [1], 20, [15], [1, 100], 4],
    "pantry": [19, [1, 100], [1], 20, [19], [1, 100], 6],
    "den": [16, [1, 100], [1], 0, [16, 11], [1, 100], 5],
    "study": [17, [1, 100], [1], 0, [17, 18], [1, 10, 100], 5],
}


def test_different_nouns_of_one_kind_contrast() -> None:
    kinds = NounKinds.from_nouns(NOUNS)
    [kitchen], [bedroom], [chamber] = kinds.lookup([["kitchen"], ["bedroom"], ["chamber"]])
    assert kitchen.stands_against(bedroom)
    assert bedroom.stands_against(kitchen)
    assert kitchen.stands_against(chamber)  # a narrower noun in the claim is a swap


def test_a_noun_that_heads_many_but_sits_lower_is_no_broader_word() -> None:
    """ "mother" (16 nouns below) for "brother" (1) is a swap, where "vehicle" for
    "bus" restates: the broader word sits higher in the hierarchy."""
    [kitchen], [pantry], [chamber] = NounKinds.from_nouns(NOUNS).lookup(
        [["kitchen"], ["pantry"], ["chamber"]]
    )
    assert pantry.stands_against(kitchen) and not pantry.broader_than(kitchen)
    assert chamber.broader_than(kitchen) and not chamber.replaces(kitchen)


# Pairs that restate each other: neither `replaces` the other, so neither stands
# against it whatever their kinds.
RELATED = [
    ("kitchen", "cookroom"),  # synonyms: one synset
    ("kitchen", "galley"),  # a galley is a kitchen: a hypernym is a restatement
    ("galley", "kitchen"),
    ("chamber", "kitchen"),  # a claim's broader noun restates the passage's
    ("den", "bedroom"),  # synonyms by a rarer sense
    ("study", "kitchen"),  # a hypernym by a rarer sense
    ("kitchen", "study"),
]


@pytest.mark.parametrize(("first", "second"), RELATED)
def test_synonyms_hypernyms_and_broader_nouns_neither_replace_nor_contrast(
    first: str, second: str
) -> None:
    [mine], [theirs] = NounKinds.from_nouns(NOUNS).lookup([[first], [second]])
    assert not mine.replaces(theirs)
    assert not mine.stands_against(theirs)


def test_a_noun_of_another_kind_replaces_but_does_not_contrast() -> None:
    """`replaces` is `stands_against` without the shared kind (100 is a hypernym of
    both, not a kind): the sentence around two nouns has to say they fill one slot
    (consistency.find_contrast)."""
    [kitchen], [attic] = NounKinds.from_nouns(NOUNS).lookup([["kitchen"], ["attic"]])
    assert kitchen.replaces(attic) and not kitchen.stands_against(attic)


def test_lookup_finds_each_words_nouns_among_its_lemmas() -> None:
    found = NounKinds.from_nouns(NOUNS).lookup([["kitchens", "kitchen"], ["ran"], []])
    kitchen = Noun(
        10, frozenset({1, 100}), frozenset({1}), 1, frozenset({10}), frozenset({1, 100}), 5
    )
    assert found == [(kitchen,), (), ()]
    assert NounKinds.from_nouns({}).lookup([["kitchen"]]) == [()]


@pytest.mark.parametrize(
    ("first", "second"),
    [
        ("kitchen", "bedroom"),  # rooms
        ("bedrooms", "kitchen"),  # an inflection finds its lemma
        ("piano", "violin"),  # musical instruments, three links up
        ("guitar", "drums"),
        ("tea", "lemonade"),  # beverages
        ("tennis", "golf"),  # sports
        ("london", "paris"),  # capitals
    ],
)
def test_the_shipped_table_names_everyday_swaps(first: str, second: str) -> None:
    assert contrast_table().contrast(first, second)


@pytest.mark.parametrize(
    ("first", "second"),
    [
        ("car", "taxi"),  # a taxi is a car
        ("lawyer", "attorney"),  # synonyms
        ("meeting", "conference"),  # a conference is a meeting
        ("kitchen", "violin"),
        ("customer", "client"),
        ("vehicle", "bus"),  # broader than the passage's noun: WordNet links no bus to
        ("room", "basement"),  # "vehicle", no basement to "room"
        ("teacher", "professor"),
        ("aim", "purpose"),  # synonyms by one sense ("purpose, intent, intention, aim")
    ],
)
def test_the_shipped_table_keeps_restatements_apart(first: str, second: str) -> None:
    assert not contrast_table().contrast(first, second)


@pytest.mark.parametrize(
    ("first", "second"),
    [("river", "pond"), ("river", "canal"), ("island", "peninsula"), ("port", "airport")],
)
def test_named_instances_make_no_noun_a_broader_word(first: str, second: str) -> None:
    """ "river" heads 129 nouns with its named rivers and none without: put where a
    passage says "pond", it names something else; so do "island" (112 with named
    islands, none without) and "port" (221, 3)."""
    assert contrast_table().replaces(first, second)


def test_noun_forms_undo_plurals_only() -> None:
    assert {"city"} <= noun_forms("cities")
    assert {"kitchen"} <= noun_forms("kitchens")
    assert "star" not in noun_forms("starred")  # a verb's form is never a noun


@pytest.mark.parametrize(
    ("first", "second"),
    [
        ("starred", "dylan"),  # "starred" is a verb here, never the noun "star"
        ("down", "fell"),  # mostly not nouns: an adverb, a form of "fall"
    ],
)
def test_words_that_are_mostly_not_nouns_are_not_read_as_nouns(first: str, second: str) -> None:
    assert not contrast_table().contrast(first, second)
