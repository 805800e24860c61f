"""The shipped detector (MiniLM, calibrated, verifier on) on pairs written for this
project, one per pattern the verifier was trained for (docs/verifier.md#data): each
contradiction must come out `contradictory`, each faithful restatement `supported`.

The contradiction bar (overrides.VERIFIER_CONTRADICTION) was set within the range the
calibration mix leaves open using these pairs, so they guard against regressions;
they are not an independent estimate (docs/verifier.md#limits)."""

from __future__ import annotations

import pytest

from grounding_sidecar.detection import Grader, GraderSettings, Verdict, load_embedder
from grounding_sidecar.detection.contract import Scorer, VerifierMode
from grounding_sidecar.detection.judging.overrides import VERIFIER_CONTRADICTION
from grounding_sidecar.detection.verifier.export import export_shipped
from grounding_sidecar.detection.verifier.loading import load_verifier

# (pattern, source, contradicting claim, faithful restatement)
PATTERNS = [
    (
        "direction",
        "The error rate fell from 2.0% to 1.0% after the cache rollout.",
        "The error rate rose sharply after the cache rollout.",
        "After the cache rollout, the error rate dropped from 2.0% to 1.0%.",
    ),
    (
        "modality",
        "Opened items can still be returned within 14 days of delivery.",
        "Opened items cannot be returned.",
        "Opened items may still be returned within 14 days of delivery.",
    ),
    (
        "co-hyponym (channel)",
        "Your new PIN will be sent to you by email within one hour.",
        "Your new PIN will be communicated to you by phone within one hour.",
        "Within one hour, your new PIN will be emailed to you.",
    ),
    (
        "restriction lifted",
        "Only administrators can delete projects in the workspace.",
        "Any user can delete projects in the workspace.",
        "Projects in the workspace can be deleted by administrators only.",
    ),
    (
        "antonym",
        "The east entrance of the hospital stays open during the renovation.",
        "The east entrance of the hospital stays closed during the renovation.",
        "During the renovation, the hospital's east entrance remains open.",
    ),
    (
        "colour",
        "All emergency exit doors in the building are painted green.",
        "All emergency exit doors in the building are painted red.",
        "The building's emergency exit doors are all painted green.",
    ),
    (
        "material",
        "The new footbridge over the canal is made of steel.",
        "The new footbridge over the canal is made of wood.",
        "The canal's new footbridge is built from steel.",
    ),
    (
        "ordinal",
        "Berlin was the second stop of the band's European tour.",
        "Berlin was the first stop of the band's European tour.",
        "The band's European tour stopped in Berlin second.",
    ),
    (
        "number",
        "The extended warranty on the dishwasher lasts 24 months.",
        "The extended warranty on the dishwasher lasts 12 months.",
        "The dishwasher's extended warranty lasts for 24 months.",
    ),
    (
        "time of day",
        "The nightly backup runs at 02:00.",
        "The nightly backup runs at 3 AM.",
        "The nightly backup runs at 2 AM.",
    ),
    (
        "share in words",
        "A quarter of the respondents preferred email.",
        "40% of the respondents preferred email.",
        "25% of the respondents preferred email.",
    ),
    (
        "multiple in words",
        "Monthly active users rose by 100% this year.",
        "Monthly active users tripled this year.",
        "Monthly active users doubled this year.",
    ),
    (
        "negation",
        "The mobile app supports offline mode for saved maps.",
        "The mobile app does not support offline mode for saved maps.",
        "Offline mode for saved maps is supported by the mobile app.",
    ),
    (
        "comparative",
        "Support ticket volume increased in the third quarter.",
        "Support ticket volume decreased in the third quarter.",
        "In the third quarter, the volume of support tickets went up.",
    ),
    (
        "before/after",
        "Staff must badge in before the night shift starts.",
        "Staff must badge in after the night shift starts.",
        "Before the night shift starts, staff have to badge in.",
    ),
    (
        "drink",
        "Every guest is welcomed with a cup of green tea at check-in.",
        "Every guest is welcomed with a cup of coffee at check-in.",
        "At check-in, each guest receives a cup of green tea.",
    ),
    (
        "period",
        "The refund window for annual plans is 30 days from the purchase date.",
        "The refund window for monthly plans is 30 days from the purchase date.",
        "For annual plans, the refund window is 30 days from the purchase date.",
    ),
    (
        "room (nouns of one kind)",
        "The guests waited in the kitchen until the speech began.",
        "The guests waited in the bedroom until the speech began.",
        "Until the speech began, the guests waited in the kitchen.",
    ),
    (
        "instrument (nouns of one kind)",
        "Maria has played the piano in the city orchestra for ten years.",
        "Maria has played the violin in the city orchestra for ten years.",
        "For ten years, Maria has played the piano in the city orchestra.",
    ),
    (
        "a noun put in another's place",
        "The shelter found a new home for the dog last week.",
        "The shelter found a new home for the horse last week.",
        "Last week the shelter found the dog a new home.",
    ),
    (
        "discourse marker",
        "Refund request R-2291 for order 5512 was approved on 12 March 2026.",
        "Good news: refund request R-2291 for order 5512 was rejected on 12 March 2026.",
        "Good news: refund request R-2291 for order 5512 was approved on 12 March 2026.",
    ),
    (
        "entity",
        "The supply contract was signed with Northwind Traders in May.",
        "The supply contract was signed with Contoso Logistics in May.",
        "In May, the supply contract was signed with Northwind Traders.",
    ),
]


# (source, a claim restating it with an invented detail, a second source that states
# that detail): the invented detail is `unsupported` (the addition rule, judges.py),
# the same claim against both sources `supported`.
ADDITIONS = [
    (
        "The new pricing page went live on Monday.",
        "The new pricing page was approved by the legal team before it went live on Monday.",
        "The legal team approved the new pricing page before launch.",
    ),
    (
        "Password resets are handled by the service desk.",
        "Password resets are handled by the service desk after a manager signs the request form.",
        "A manager signs the request form before any reset.",
    ),
    (
        "The quarterly report was published on the intranet.",
        "The quarterly report was published on the intranet and mailed to every shareholder.",
        "Every shareholder is mailed the quarterly report.",
    ),
    (
        "The city library opens at nine on Saturdays.",
        "Following a vote by the city council, the city library opens at nine on Saturdays.",
        "The city council held a vote on the library's Saturday hours.",
    ),
]


# Answers that cite their source restate it with words no source uses; they must stay
# `supported` (additions.ATTRIBUTION_WORDS).
CITING = [
    "The release notes say that the new pricing page went live on Monday.",
    "As stated in the changelog entry, the new pricing page went live on Monday.",
    "The new pricing page went live on Monday, as the product update mentions.",
    "According to the documentation, the new pricing page went live on Monday.",
]


# Faithful paraphrases that this verifier reads as contradicted (P >= 0.98): no word of
# the claim stands against a word of the source and no negation differs, so the
# override must not fire (consistency.find_contrast) and the scorer's verdict stands.
MISREAD_PARAPHRASES = [
    (
        "Each volunteer receives a meal voucher and a specially printed T-shirt.",
        "Every volunteer gets a meal voucher and a special T-shirt.",
    ),
    (
        "The clinic's mission is to create affordable care for rural families.",
        "The clinic's mission is to build affordable care for rural families.",
    ),
    (
        "The bridge made the old harbour a popular spot for evening walks.",
        "The bridge made the old harbour a well-liked spot for evening walks.",
    ),
]


# A flip beside a name or qualifier the claim adds, among sources that use the flipped
# word elsewhere: `contradictory`, the rationale naming the flipped pair
# (consistency.find_contrast); the same claim without the flip `supported`.
FLIPS_BESIDE_ADDED_WORDS = [
    (
        [
            "Latency fell after the cache change.",
            "Error rates rose briefly during the rollout.",
        ],
        "Checkout-service latency rose after the cache change.",
        "'rose' where s0.0 says 'fell'",
        "Checkout-service latency fell after the cache change.",
    ),
    (
        ["After the cache change, latency fell across all services."],
        "After the cache change, checkout-service latency rose.",
        "'rose' where s0.0 says 'fell'",
        "After the cache change, latency fell across all services, checkout included.",
    ),
]


@pytest.fixture(scope="module", params=["native", "exported"])
def grader(request: pytest.FixtureRequest, tmp_path_factory: pytest.TempPathFactory) -> Grader:
    """The shipped verifier as installed, and as `model export` writes it and a checker
    directory loads it: one loader, two sources, the same verdicts."""
    directory = None
    if request.param == "exported":
        directory = tmp_path_factory.mktemp("exported")
        export_shipped(directory)
    return Grader(
        load_embedder("minilm"),
        GraderSettings(scorer=Scorer.CALIBRATED),
        verifier=load_verifier(VerifierMode.ON, verifier_model=directory),
    )


# Each pattern twice: its contradiction must be contradictory, its restatement supported.
CASES = [
    pytest.param(source, claim, expected, id=f"{pattern}: {expected.value}")
    for pattern, source, contradiction, restatement in PATTERNS
    for claim, expected in (
        (contradiction, Verdict.CONTRADICTORY),
        (restatement, Verdict.SUPPORTED),
    )
]


@pytest.mark.parametrize(("source", "claim", "expected"), CASES)
def test_the_verdict_of_each_pattern(
    grader: Grader, source: str, claim: str, expected: Verdict
) -> None:
    (grade,) = grader.check(claim, [source]).claims
    assert grade.verdict is expected, (claim, grade.rationale, grade.verification)


@pytest.mark.parametrize(("source", "claim", "elsewhere"), ADDITIONS)
def test_an_invented_detail_on_a_restated_source_is_unsupported(
    grader: Grader, source: str, claim: str, elsewhere: str
) -> None:
    (invented,) = grader.check(claim, [source]).claims
    assert invented.verdict is Verdict.UNSUPPORTED, (claim, invented.rationale)
    (stated,) = grader.check(claim, [source, elsewhere]).claims
    assert stated.verdict is Verdict.SUPPORTED, (claim, stated.rationale, stated.verification)


@pytest.mark.parametrize("claim", CITING)
def test_a_restatement_that_cites_its_source_is_supported(grader: Grader, claim: str) -> None:
    (grade,) = grader.check(claim, [ADDITIONS[0][0]]).claims
    assert grade.verdict is Verdict.SUPPORTED, (claim, grade.rationale, grade.verification)


@pytest.mark.parametrize(("source", "claim"), MISREAD_PARAPHRASES)
def test_a_paraphrase_the_verifier_misreads_is_not_a_contradiction(
    grader: Grader, source: str, claim: str
) -> None:
    # The pair must still fool the verifier, or this no longer tests the rule.
    assert grader.verifier is not None
    (reading,) = grader.verifier.verify([(source, claim)])
    assert reading.contradicted is not None
    assert reading.contradicted >= VERIFIER_CONTRADICTION, reading
    (grade,) = grader.check(claim, [source]).claims
    assert grade.verdict is Verdict.SUPPORTED, (claim, grade.rationale, grade.verification)


@pytest.mark.parametrize(("sources", "flip", "named", "kept"), FLIPS_BESIDE_ADDED_WORDS)
def test_a_flip_beside_an_added_name_is_a_named_contradiction(
    grader: Grader, sources: list[str], flip: str, named: str, kept: str
) -> None:
    (grade,) = grader.check(flip, sources).claims
    assert grade.verdict is Verdict.CONTRADICTORY, (flip, grade.rationale, grade.verification)
    assert named in grade.rationale
    (grade,) = grader.check(kept, sources).claims
    assert grade.verdict is Verdict.SUPPORTED, (kept, grade.rationale, grade.verification)
