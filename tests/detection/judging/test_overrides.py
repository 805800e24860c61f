"""The rules after the scorer, asked directly: each lexical rule is asked once per
claim, and `overridden` leaves a claim no rule finds against as the scorer judged it
(the rules through a judge are in test_judges.py and test_reading_matters.py)."""

from __future__ import annotations

import dataclasses

import numpy as np
import pytest

from grounding_sidecar.detection.contract import Verdict, Verification
from grounding_sidecar.detection.judging.corpus import SourceCorpus
from grounding_sidecar.detection.judging.evidence import ClaimEvidence
from grounding_sidecar.detection.judging.judgement import Judgement
from grounding_sidecar.detection.judging.overrides import once, overridden
from grounding_sidecar.detection.text.passages import Passage

PASSAGE = "The staff canteen on the third floor serves breakfast until ten."


def _evidence(claim: str, text: str = PASSAGE) -> ClaimEvidence:
    passage = Passage("s0.0", 0, 0, len(text), text)
    return ClaimEvidence(
        claim, np.array([0.9], dtype=np.float32), 0, [passage], SourceCorpus([text])
    )


def _supported(evidence: ClaimEvidence) -> Judgement:
    return Judgement(Verdict.SUPPORTED, 0.9, evidence.passages[0], 0.9, 0.4, "matches")


def test_a_claim_no_rule_finds_against_keeps_the_scorers_judgement() -> None:
    evidence = _evidence(PASSAGE)
    judgement = _supported(evidence)
    assert overridden(evidence, judgement, 0.5) == judgement


def test_a_changed_detail_takes_support_away() -> None:
    evidence = _evidence("The staff canteen on the fourth floor serves breakfast until nine.")
    judged = overridden(evidence, _supported(evidence), 0.5)
    assert judged.verdict is not Verdict.SUPPORTED
    assert judged.probability == 0.9 * 0.4


def test_once_asks_each_rule_once_per_claim() -> None:
    evidence = _evidence(PASSAGE)
    asked = []
    for _ in range(3):
        found = once(evidence, "rule", lambda: asked.append(1) or "found")
    assert found == "found" and len(asked) == 1


REFUNDS = "Refunds are issued within 5 business days after the parcel arrives."
# States the 30 days of a refund too: within NEAR_MARGIN it may be the claim's source.
GIFT_CARDS = "Refunds on gift cards are issued within 30 days of delivery."


def _two_passages(claim: str, other_cosine: float) -> ClaimEvidence:
    passages = [
        Passage("s0.0", 0, 0, len(REFUNDS), REFUNDS),
        Passage("s0.1", 0, len(REFUNDS) + 1, len(REFUNDS) + 1 + len(GIFT_CARDS), GIFT_CARDS),
    ]
    cosines = np.array([0.9, other_cosine], dtype=np.float32)
    return ClaimEvidence(claim, cosines, 0, passages, SourceCorpus([REFUNDS, GIFT_CARDS]))


def test_a_misplaced_value_is_read_against_the_passages_near_the_best() -> None:
    claim = "Refunds are issued within 30 days after the parcel arrives."
    far = _two_passages(claim, other_cosine=0.5)  # the 30 days' passage is 0.4 under
    judged = overridden(far, _supported(far), 0.5)
    assert judged.verdict is Verdict.CONTRADICTORY
    assert "of something else" in judged.rationale
    near = _two_passages(claim, other_cosine=0.8)  # within NEAR_MARGIN: may be its source
    assert overridden(near, _supported(near), 0.5).verdict is Verdict.SUPPORTED


def _read(evidence: ClaimEvidence, entailed: float, contradicted: float) -> Judgement:
    reading = Verification(entailed, contradicted, 1.0 - entailed - contradicted)
    return dataclasses.replace(_supported(evidence), verification=reading)


@pytest.mark.parametrize(
    ("claim", "entailed", "contradicted", "verdict"),
    [
        # Copied but for "lunch" (a meal of breakfast's kind): a swap, unless the
        # verifier reads it as entailed.
        ("The staff canteen on the third floor serves lunch until ten.", 0.1, 0.6, "c"),
        ("The staff canteen on the third floor serves lunch until ten.", 0.95, 0.0, "s"),
        # Reworded around the swapped word: the verifier's confident contradiction only.
        ("On the third floor, the staff canteen has lunch until ten.", 0.1, 0.6, "s"),
        ("On the third floor, the staff canteen has lunch until ten.", 0.0, 0.95, "c"),
    ],
)
def test_a_one_word_swap_needs_only_that_the_verifier_reads_no_entailment(
    claim: str, entailed: float, contradicted: float, verdict: str
) -> None:
    evidence = _evidence(claim)
    judged = overridden(evidence, _read(evidence, entailed, contradicted), 0.5)
    expected = Verdict.CONTRADICTORY if verdict == "c" else Verdict.SUPPORTED
    assert judged.verdict is expected, judged.rationale


@pytest.mark.parametrize(
    ("entailed", "contradicted", "verdict"),
    [
        (0.01, 0.6, "c"),  # read as all but never entailed
        (0.2, 0.6, "s"),  # a near-synonym WordNet does not link may read so
        (0.2, 0.95, "c"),
    ],
)
def test_a_noun_put_in_anothers_place_is_a_swap_the_verifier_reads_as_never_entailed(
    entailed: float, contradicted: float, verdict: str
) -> None:
    # "coffee" for "breakfast": no pair of the table, nor nouns of one kind.
    evidence = _evidence("The staff canteen on the third floor serves coffee until ten.")
    judged = overridden(evidence, _read(evidence, entailed, contradicted), 0.5)
    expected = Verdict.CONTRADICTORY if verdict == "c" else Verdict.SUPPORTED
    assert judged.verdict is expected, judged.rationale


@pytest.mark.parametrize(("entailed", "verdict"), [(0.95, "s"), (0.5, "c")])
def test_a_common_noun_read_as_a_name_yields_to_the_verifiers_entailment(
    entailed: float, verdict: str
) -> None:
    evidence = _evidence(
        "Employees must wear a helmet in the warehouse.",
        "Staff must wear a helmet in the warehouse.",
    )
    judged = overridden(evidence, _read(evidence, entailed, 0.0), 0.5)
    expected = Verdict.CONTRADICTORY if verdict == "c" else Verdict.SUPPORTED
    assert judged.verdict is expected, judged.rationale


def test_a_one_word_swap_of_opposites_needs_no_verifier_reading_at_all() -> None:
    """The verifier reads "required" for "optional" as entailed (0.99); opposites in a
    copied sentence are a flip whatever it reads."""
    evidence = _evidence(
        "The induction course is required for new staff.",
        "The induction course is optional for new staff.",
    )
    judged = overridden(evidence, _read(evidence, 0.99, 0.0), 0.5)
    assert judged.verdict is Verdict.CONTRADICTORY, judged.rationale


@pytest.mark.parametrize(
    ("claim", "entailed", "verdict"),
    [
        # A name where the passage names another: a named contrast, which only a
        # confident entailment overrules (the name was one only as read).
        ("Marcie Blane sang 'I Want to Be Bobby's Girl'.", 0.95, "s"),
        ("Marcie Blane sang 'I Want to Be Bobby's Girl'.", 0.6, "c"),
        # A name found in no source yields to the verifier's own call.
        ("Marcie Blane's song 'Bobby's Girl' was written by Gary Klein in Toronto.", 0.6, "s"),
        ("Marcie Blane's song 'Bobby's Girl' was written by Gary Klein in Toronto.", 0.4, "u"),
        # A number is looked up in every source: no reading overrules it.
        ("Marcie Blane's song was written by Gary Klein in 1965.", 0.99, "c"),
    ],
)
def test_a_name_yields_to_the_verifiers_entailment_and_a_number_never_does(
    claim: str, entailed: float, verdict: str
) -> None:
    evidence = _evidence(
        claim, "Marcie Blane's 1962 song 'Bobby's Girl' was written by Gary Klein."
    )
    judged = overridden(evidence, _read(evidence, entailed, 0.0), 0.5)
    expected = {"s": Verdict.SUPPORTED, "c": Verdict.CONTRADICTORY, "u": Verdict.UNSUPPORTED}
    assert judged.verdict is expected[verdict], judged.rationale
