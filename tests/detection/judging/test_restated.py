"""A claim's cue that restates its passage: the antonym of a word the passage states,
paying where the passage calls the thing free, a narrow cue whose word the passage
does not use; not where the passage negates too or uses the cue's word."""

from __future__ import annotations

from grounding_sidecar.detection.judging.restated import Antonyms, counts_in, free_restated
from grounding_sidecar.detection.text.negation import cues


def test_a_negated_antonym_of_a_passage_word_restates_it() -> None:
    claim = "The induction course is not required."
    (cue,) = cues(claim)
    assert Antonyms(claim, "The induction course is optional.").restated_by(cue)
    # The passage negates too, or uses the claim's own word: no restatement.
    assert not Antonyms(claim, "The course is not optional.").restated_by(cue)
    assert not Antonyms(claim, "The course is required.").restated_by(cue)


def test_a_negated_payment_restates_free() -> None:
    (before,) = cues("Members do not pay any shipping fee.")
    (after,) = cues("The repair costs them nothing.")
    assert free_restated(before, "Return shipping is free for members.")
    assert free_restated(after, "Repairs are free.")
    assert not free_restated(after, "Repairs cost 50 dollars.")
    assert not free_restated(after, "Repairs are free, but not for fleets.")


def test_a_narrow_cue_counts_only_where_the_passage_uses_its_word() -> None:
    (limit,) = cues("Submit it no later than Friday.")
    assert not counts_in(limit, "Submit it by Friday.")
    assert counts_in(limit, "Submit it later than Friday.")
    (plain,) = cues("Submit it not on Friday.")
    assert counts_in(plain, "Submit it by Friday.")
