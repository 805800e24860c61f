"""A text's words in every form: a word is new to another text only when that text
writes it in no form, inflected or derived from one root, and the two parties of a
relation stay two words."""

from __future__ import annotations

from grounding_sidecar.detection.judging.forms import WordForms, words_in
from grounding_sidecar.detection.text.contrasts import contrast_table


def _forms(text: str) -> WordForms:
    return WordForms(text, contrast_table())


def test_a_word_written_in_an_inflected_form_is_not_new() -> None:
    claim, passage = _forms("Opened items can be exchanged."), _forms("Exchange opened items.")
    assert claim.new_beside(passage) == ["can", "be"]


def test_a_word_written_in_a_derived_form_is_not_new() -> None:
    claim = _forms("It needs your manager's approval.")
    assert "approval" not in claim.new_beside(_forms("It must be approved by your manager."))
    assert "approval" in claim.new_beside(_forms("It must be requested from your manager."))


def test_the_two_parties_of_a_relation_are_two_words() -> None:
    claim = _forms("The employer pays the premium.")
    assert "employer" in claim.new_beside(_forms("The employee pays the premium."))
    assert not _forms("The employee pays.").derives("employer")
    assert _forms("It was approved.").derives("approval")


def test_a_short_word_has_no_root_of_its_own() -> None:
    # Six letters or fewer: "credit" is a whole word, not the root of "creditor".
    assert not _forms("The creditor was paid.").derives("credit")
    assert _forms("The creditor was paid.").derives("creditors")


def test_a_word_the_claim_writes_fewer_times_is_dropped_its_unwritten_forms_first() -> None:
    # "increase" twice in the passage, once in the claim: both forms dropped, the one
    # the claim never writes first; "prices" is kept.
    passage = _forms("Prices increased after an increase in costs.")
    dropped = passage.dropped_by(_forms("Prices increased."))
    assert "prices" not in dropped
    assert dropped.index("increase") < dropped.index("increased") == len(dropped) - 1
    assert "increase" not in passage.dropped_by(_forms("Prices increased; an increase."))


def test_the_words_are_lower_case_and_alphabetic_in_order() -> None:
    assert words_in("The 2 Pro plans, at $25.") == ["the", "pro", "plans", "at"]
