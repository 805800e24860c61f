"""The claims a check grades under its claim policy: every claim subject-specific under
`strict`; under `classed`, each claim's class, and advice resting on a premise graded
as its premise."""

from __future__ import annotations

from grounding_sidecar.detection import (
    ClaimClass,
    ClaimPolicy,
    Grader,
    Reason,
    ResponseVerdict,
    Verdict,
)
from tests.detection.test_grader import SOURCES


def test_external_claim_fails_under_strict_and_is_unknown_under_classed(
    hash_grader: Grader,
) -> None:
    answer = "Tracking numbers let you follow a parcel between depots."
    strict = hash_grader.check(answer, SOURCES)
    assert strict.verdict is ResponseVerdict.FAIL
    classed = hash_grader.check(answer, SOURCES, policy=ClaimPolicy.CLASSED)
    assert classed.claims[0].claim_class is ClaimClass.EXTERNAL
    assert classed.verdict is ResponseVerdict.UNKNOWN
    assert classed.reasons == (Reason.NO_APPROVED_EXTERNAL_SOURCE,)
    approved = hash_grader.check(
        answer,
        SOURCES,
        policy=ClaimPolicy.CLASSED,
        references=["Tracking numbers let you follow a parcel between depots and hubs."],
    )
    assert approved.verdict is ResponseVerdict.PASS
    assert approved.claims[0].evidence[0].passage_id == "r0.0"
    # A reference never supports a subject-specific claim.
    own = hash_grader.check(
        "Order 5512 shipped on 3 June 2026 by ground freight.",
        [],
        policy=ClaimPolicy.CLASSED,
        references=["Order 5512 shipped on 3 June 2026 by ground freight."],
    )
    assert own.claims[0].verdict is Verdict.UNSUPPORTED


def test_interpretation_is_not_applicable_under_classed(hash_grader: Grader) -> None:
    result = hash_grader.check(
        "I recommend contacting support if it does not arrive soon.",
        SOURCES,
        policy=ClaimPolicy.CLASSED,
    )
    assert result.claims[0].verdict is Verdict.NOT_APPLICABLE
    assert result.verdict is ResponseVerdict.UNKNOWN
    assert result.reasons == (Reason.NO_CHECKABLE_CLAIMS,)


def test_advice_resting_on_a_premise_grades_the_premise_under_classed(
    hash_grader: Grader,
) -> None:
    answer = (
        "Since the warranty covers accidental damage for 24 months, you should file a claim. "
        "Since your parcel was lost at the depot, you should contact the carrier today."
    )
    result = hash_grader.check(answer, SOURCES, policy=ClaimPolicy.CLASSED)
    grades = [(g.text, g.claim_class, g.verdict) for g in result.claims]
    assert grades == [
        (
            "Since the warranty covers accidental damage for 24 months",
            ClaimClass.SUBJECT_SPECIFIC,
            Verdict.SUPPORTED,
        ),
        ("you should file a claim.", ClaimClass.INTERPRETATION, Verdict.NOT_APPLICABLE),
        (
            "Since your parcel was lost at the depot",
            ClaimClass.SUBJECT_SPECIFIC,
            Verdict.UNSUPPORTED,
        ),
        (
            "you should contact the carrier today.",
            ClaimClass.INTERPRETATION,
            Verdict.NOT_APPLICABLE,
        ),
    ]
    for grade in result.claims:
        assert answer[grade.span[0] : grade.span[1]] == grade.text
    assert result.verdict is ResponseVerdict.FAIL
    # Under strict every sentence stays one claim.
    assert len(hash_grader.check(answer, SOURCES).claims) == 2
