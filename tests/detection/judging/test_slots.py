"""Slots: a claim's detail stands against a passage's detail of its kind (and unit),
one the claim dropped, never one naming the same thing more fully."""

from __future__ import annotations

from grounding_sidecar.detection.judging.slots import (
    common_first_nouns,
    conflicting,
    counterparts,
    first_word_synonyms,
    same_slot,
    substitutes_first_word,
)
from grounding_sidecar.detection.text.details import Detail, extract_details


def _detail(text: str, surface: str) -> Detail:
    return next(d for d in extract_details(text) if d.surface == surface)


def test_amounts_share_a_slot_only_in_one_unit_and_codes_only_with_codes() -> None:
    usd, euros = _detail("It costs $20.", "$20"), _detail("It costs 20 EUR.", "20 EUR")
    assert same_slot(usd, _detail("It costs $25.", "$25"))
    assert not same_slot(usd, euros)
    code = _detail("Use code SAVE25 today.", "SAVE25")
    assert same_slot(code, _detail("Use code SAVE20 today.", "SAVE20"))
    assert not same_slot(code, _detail("The refund went to Alice Moreno.", "Alice Moreno"))


def test_a_claim_stands_against_the_passages_detail_it_dropped() -> None:
    passage = "The plan costs $20 and the add-on $5."
    stated = extract_details(passage)
    claim = "The plan costs $25 and the add-on $5."
    replaced = counterparts(claim, passage, stated)
    assert [d.surface for d in replaced] == ["$20"]  # "$5" the claim keeps
    found = conflicting(_detail(claim, "$25"), stated, replaced)
    assert found is not None and found.surface == "$20"


def test_a_name_written_more_fully_is_no_other_name() -> None:
    passage = "Obama signed the bill."
    stated = extract_details(passage)
    claim = "Barack Obama signed the bill."
    replaced = counterparts(claim, passage, stated)
    assert conflicting(_detail(claim, "Barack Obama"), stated, replaced) is None


def test_a_first_word_is_a_name_only_where_it_replaces_the_passages() -> None:
    assert substitutes_first_word("Bob approved the budget.", "Alice approved the budget.")
    assert not substitutes_first_word("Good news: the budget passed.", "The budget passed.")
    # The word replaced must be able to name: no function word, no adverb or heading.
    assert not substitutes_first_word("Becoming a member is free.", "Being a member is free.")
    assert not substitutes_first_word("Implement data checks.", "Thus, data checks run.")
    assert not substitutes_first_word(
        "Airplane glide ratio is 12.", "Importance: Glide ratio is 12."
    )
    # Nor may the word put in its place be one that names nothing.
    assert not substitutes_first_word(
        "The three finalists are Kinstler, Spence and Beckham.",
        "Only three contestants remain: Kinstler, Spence and Beckham.",
    )
    assert not substitutes_first_word("Thus, data checks run.", "Implement data checks.")
    # An instruction's verb, before the noun phrase it acts on.
    assert not substitutes_first_word("Put the printer on Wi-Fi.", "Connect the printer to Wi-Fi.")


def test_common_nouns_at_a_sentences_start_are_plurals_not_names() -> None:
    assert common_first_nouns("Employees must wear a helmet.", "Staff must wear a helmet.")
    assert common_first_nouns("Kids ride for free.", "Children ride for free.")
    assert not common_first_nouns("Physician visits are free.", "Doctor visits are free.")
    assert not common_first_nouns("Bob approved the budget.", "Alice approved the budget.")
    assert not common_first_nouns("Microsoft bought it.", "Google bought it.")
    assert not common_first_nouns("", "Staff must wear a helmet.")


def test_a_first_word_the_table_calls_a_synonym_is_no_name() -> None:
    assert first_word_synonyms("Physician visits are free.", "Doctor visits are free.")
    assert first_word_synonyms("Pupils wear a uniform.", "Students wear a uniform.")
    assert not first_word_synonyms("Teachers wear a uniform.", "Students wear a uniform.")
    assert not first_word_synonyms("Bob approved the budget.", "Alice approved the budget.")
    assert not first_word_synonyms("", "Students wear a uniform.")


def test_a_date_stands_only_against_a_date_that_names_another_day() -> None:
    passage = "The festival screened it on Thursday 18 October at 15:30."
    stated = extract_details(passage)
    for claim, against in [
        ("It was screened on 18 October 2018.", None),  # a year more: the same day
        ("It was screened on 19 October 2018.", "18 October"),
        ("It was screened on Friday.", "Thursday"),
    ]:
        replaced = counterparts(claim, passage, stated)
        claimed = next(d for d in extract_details(claim) if d.kind.value == "date")
        found = conflicting(claimed, stated, replaced)
        assert (found.surface if found else None) == against, claim
