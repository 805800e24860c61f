"""The verifier's batch: only the claims the judge wants read are read, against their
best passage with its neighbours, all in one run; a batch that raised marks each of
its claims, and only them."""

from __future__ import annotations

from grounding_sidecar.detection.contract import Verification
from grounding_sidecar.detection.grading.verification import (
    VERIFICATION_FAILED,
    read_evidence_pairs,
)
from grounding_sidecar.detection.text.passages import split_passages
from tests.support.fake_verifiers import FAILS, MarkerVerifier

PASSAGES = [
    *split_passages(0, "Orders ship on Mondays."),
    *split_passages(1, "Refunds take a week."),
]
CLAIMS = ["Orders ship on Mondays.", "Refunds take a week.", "Penguins migrate in winter."]
# Each claim's best passage: the first claim's is the first passage, the others' the second.
BEST = [0, 1, 1]
ALL = [True, True, True]


def test_without_a_verifier_nothing_is_read() -> None:
    assert read_evidence_pairs(None, CLAIMS, ALL, BEST, PASSAGES) == [None, None, None]


def test_the_wanted_claims_are_read_against_their_best_passage_in_one_batch() -> None:
    verifier = MarkerVerifier()
    readings = read_evidence_pairs(verifier, CLAIMS, [True, True, False], BEST, PASSAGES)
    assert verifier.batches == [[(PASSAGES[0].text, CLAIMS[0]), (PASSAGES[1].text, CLAIMS[1])]]
    assert all(isinstance(reading, Verification) for reading in readings[:2])
    assert readings[2] is None


def test_no_wanted_claim_means_no_model_run() -> None:
    verifier = MarkerVerifier()
    assert read_evidence_pairs(verifier, CLAIMS, [False] * 3, BEST, PASSAGES) == [None] * 3
    assert verifier.batches == []


def test_a_batch_that_raised_marks_only_the_claims_it_held() -> None:
    claims = [f"Orders ship on Mondays {FAILS}.", *CLAIMS[1:]]
    readings = read_evidence_pairs(MarkerVerifier(), claims, [True, True, False], BEST, PASSAGES)
    assert readings == [VERIFICATION_FAILED, VERIFICATION_FAILED, None]


THREE_SENTENCES = (
    "Orders ship on Mondays. Parcels leave the depot at noon. Tracking numbers follow by email."
)


def test_the_premise_is_the_best_passage_with_its_neighbours_in_the_same_source() -> None:
    passages = [
        *split_passages(0, THREE_SENTENCES),
        *split_passages(1, "Refunds take a week."),
    ]
    assert [p.text for p in passages][:3] == [
        "Orders ship on Mondays.",
        "Parcels leave the depot at noon.",
        "Tracking numbers follow by email.",
    ]
    # Claim 0 is closest to the middle passage of source 0, claim 1 to the last one.
    verifier = MarkerVerifier()
    read_evidence_pairs(verifier, CLAIMS[:2], [True, True], [1, 3], passages)
    assert [premise for premise, _ in verifier.batches[0]] == [
        THREE_SENTENCES,
        "Refunds take a week.",
    ]
