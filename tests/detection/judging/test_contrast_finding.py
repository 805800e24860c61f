"""consistency.find_contrast: what makes a verifier contradiction one the rationale
can name."""

from __future__ import annotations

from grounding_sidecar.detection.judging.consistency import Contrast, find_contrast
from grounding_sidecar.detection.judging.corpus import SourceCorpus

SOURCE = "The east entrance of the hospital stays open during the renovation."


def _find(claim: str, passage: str = SOURCE) -> Contrast | None:
    return find_contrast(claim, passage, SourceCorpus([passage]))


def test_a_word_standing_against_a_dropped_word_of_the_passage() -> None:
    found = _find("The east entrance of the hospital stays closed during the renovation.")
    assert found == Contrast("closed", "open")
    assert found.describe("s0.0") == "'closed' where s0.0 says 'open'"


def test_a_negation_that_differs() -> None:
    found = _find("The east entrance of the hospital does not stay open during the renovation.")
    assert found == Contrast()
    assert found.describe("s0.0") == "negation differs from s0.0"


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
