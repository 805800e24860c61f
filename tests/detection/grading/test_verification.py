"""The verifier's batch: only usable claims whose best passage reaches the floor are
read, all in one run; a batch that raised marks each of its claims, and only them."""

from __future__ import annotations

import numpy as np

from grounding_sidecar.detection.contract import Verification
from grounding_sidecar.detection.grading.verification import (
    VERIFICATION_FAILED,
    read_evidence_pairs,
)
from grounding_sidecar.detection.judging.scoring import score
from grounding_sidecar.detection.text.passages import split_passages
from tests.support.fake_verifiers import FAILS, MarkerVerifier

PASSAGES = [
    *split_passages(0, "Orders ship on Mondays."),
    *split_passages(1, "Refunds take a week."),
]
# Each claim's similarities to the two passages (unit vectors): the first claim is close
# to the first passage, the second to the second, the third to neither.
KERNEL = score(
    np.array([[0.9, 0.1], [0.2, 0.8], [0.3, 0.1]], dtype=np.float32), np.eye(2, dtype=np.float32)
)
CLAIMS = ["Orders ship on Mondays.", "Refunds take a week.", "Penguins migrate in winter."]
FLOOR = 0.5


def test_without_a_verifier_nothing_is_read() -> None:
    ok = np.ones(3, dtype=bool)
    assert read_evidence_pairs(None, FLOOR, CLAIMS, ok, KERNEL, PASSAGES) == [None, None, None]


def test_usable_claims_at_the_floor_are_read_against_their_best_passage_in_one_batch() -> None:
    verifier = MarkerVerifier()
    ok = np.array([True, True, False])
    readings = read_evidence_pairs(verifier, FLOOR, CLAIMS, ok, KERNEL, PASSAGES)
    assert verifier.batches == [[(PASSAGES[0].text, CLAIMS[0]), (PASSAGES[1].text, CLAIMS[1])]]
    assert all(isinstance(reading, Verification) for reading in readings[:2])
    assert readings[2] is None
    # Under the floor a usable claim is not read either.
    verifier.batches.clear()
    assert read_evidence_pairs(verifier, 0.95, CLAIMS, ok, KERNEL, PASSAGES) == [None, None, None]
    assert verifier.batches == [[]]


def test_a_batch_that_raised_marks_only_the_claims_it_held() -> None:
    claims = [f"Orders ship on Mondays {FAILS}.", *CLAIMS[1:]]
    ok = np.ones(3, dtype=bool)
    readings = read_evidence_pairs(MarkerVerifier(), FLOOR, claims, ok, KERNEL, PASSAGES)
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
    kernel = score(
        np.array([[0.1, 0.9, 0.1, 0.1], [0.1, 0.1, 0.2, 0.9]], dtype=np.float32),
        np.eye(4, dtype=np.float32),
    )
    verifier = MarkerVerifier()
    read_evidence_pairs(verifier, FLOOR, CLAIMS[:2], np.ones(2, dtype=bool), kernel, passages)
    assert [premise for premise, _ in verifier.batches[0]] == [
        THREE_SENTENCES,
        "Refunds take a week.",
    ]
