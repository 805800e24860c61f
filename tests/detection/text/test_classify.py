"""Claim classes for the `classed` policy, and advice split from its premise."""

from __future__ import annotations

import pytest

from grounding_sidecar.detection.contract import ClaimClass
from grounding_sidecar.detection.text.classify import classify_claim, split_premise


@pytest.mark.parametrize(
    ("claim", "expected"),
    [
        ("I recommend filing a claim today.", ClaimClass.INTERPRETATION),
        ("Is the depot open?", ClaimClass.INTERPRETATION),
        ("Your order shipped on Monday.", ClaimClass.SUBJECT_SPECIFIC),
        ("Refunds take 90 days.", ClaimClass.SUBJECT_SPECIFIC),
        ("Exercise improves sleep quality for most people.", ClaimClass.EXTERNAL),
    ],
)
def test_each_class(claim: str, expected: ClaimClass) -> None:
    assert classify_claim(claim) is expected


def test_advice_resting_on_a_premise_is_split_from_it() -> None:
    text = "Since your parcel was damaged, you should file a claim."
    split = split_premise(text)
    assert split is not None
    premise, advice = split
    assert text[slice(*premise)] == "Since your parcel was damaged"
    assert text[slice(*advice)] == "you should file a claim."
    assert split_premise("Since your parcel was damaged, it was returned.") is None
