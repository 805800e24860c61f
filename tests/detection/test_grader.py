from __future__ import annotations

import json
from collections.abc import Sequence
from pathlib import Path

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from grounding_sidecar.detection import (
    ClaimClass,
    ClaimPolicy,
    Grader,
    GraderSettings,
    HashEmbedder,
    Reason,
    ResponseVerdict,
    SourceLimits,
    Verdict,
    load_embedder,
)
from grounding_sidecar.detection.contract import (
    VALID_VERDICTS,
    Scorer,
    SkipReason,
    StatementGrade,
    VerifierMode,
)
from grounding_sidecar.detection.embedding.base import EmbeddingError
from grounding_sidecar.detection.verifier.loading import load_verifier
from tests.support.fake_verifiers import MarkerVerifier

SOURCES = [
    "Order 5512 shipped on 3 June 2026 by ground freight from the Leeds depot. "
    "The invoice total was $84.50 including 20% VAT.",
    "Alice Moreno approved the refund for the customer. The parcel weighs 2 kg.",
    "The warranty covers accidental damage for 24 months.",
]

# (supported sentence, swapped sentence) pairs: each swap changes one detail.
SWAPS = [
    (
        "Order 5512 shipped on 3 June 2026 by ground freight.",
        "Order 5512 shipped on 9 June 2026 by ground freight.",
    ),
    (
        "Order 5512 shipped on 06/03/2026 by ground freight.",  # read either way round
        "Order 5512 shipped on 06/04/2026 by ground freight.",
    ),
    (
        "The invoice total was $84.50 including 20% VAT.",
        "The invoice total was $94.50 including 20% VAT.",
    ),
    (
        "The invoice total was $84.50 including 20% VAT.",
        "The invoice total was $84.50 including 25% VAT.",
    ),
    (
        "The parcel weighs 2 kg according to the label.",
        "The parcel weighs 7 kg according to the label.",
    ),
    (
        "Alice Moreno approved the refund for the customer.",
        "Brian Keller approved the refund for the customer.",
    ),
    (
        "It shipped from the Leeds depot by ground freight.",
        "It shipped from the Bristol depot by ground freight.",
    ),
    (
        "The warranty covers accidental damage for 24 months.",
        "The warranty does not cover accidental damage for 24 months.",
    ),
    (
        "The warranty covers accidental damage for 24 months.",
        "The warranty covers accidental damage for 36 months.",
    ),
]


@pytest.mark.parametrize(("supported", "swapped"), SWAPS)
def test_detail_swaps_of_a_supported_sentence_are_contradictory(
    hash_grader: Grader, supported: str, swapped: str
) -> None:
    good = hash_grader.check(supported, SOURCES)
    assert [g.verdict for g in good.claims] == [Verdict.SUPPORTED], good.claims[0].rationale
    assert good.verdict is ResponseVerdict.PASS
    bad = hash_grader.check(swapped, SOURCES)
    assert [g.verdict for g in bad.claims] == [Verdict.CONTRADICTORY], bad.claims[0].rationale
    assert bad.verdict is ResponseVerdict.FAIL
    assert bad.reasons[0] is Reason.CONTRADICTED_CLAIMS
    assert bad.claims[0].evidence, "a contradiction names the passage it contradicts"


LOANS = [
    "Members can borrow up to 12 items at a time. Books are lent for three weeks and DVDs "
    "for one week. A loan can be renewed twice online."
]


@pytest.mark.parametrize(
    ("supported", "swapped"),
    [
        ("DVDs are lent for one week.", "DVDs are lent for three weeks."),
        ("Books are lent for three weeks.", "Books are lent for one week."),
    ],
)
def test_a_value_of_a_clause_that_leaves_its_verb_out_is_read_as_that_clauses(
    hash_grader: Grader, supported: str, swapped: str
) -> None:
    # "and DVDs for one week": the verb "are lent" is the clause before's.
    good = hash_grader.check(supported, LOANS)
    assert good.verdict is ResponseVerdict.PASS, good.claims[0].rationale
    bad = hash_grader.check(swapped, LOANS)
    assert [g.verdict for g in bad.claims] == [Verdict.CONTRADICTORY], bad.claims[0].rationale


HOURS = [
    "The pharmacy is open from 8 AM to 10 PM every day. The office is open Monday to Friday "
    "from 9 AM to 5 PM and on Saturday from 10 AM to 2 PM."
]


@pytest.mark.minilm
@pytest.mark.parametrize(
    ("answer", "verdict"),
    [
        # The end of a span the source states, said as its own event.
        ("The pharmacy closes at 10 PM every day.", Verdict.SUPPORTED),
        ("The pharmacy closes at 8 AM every day.", Verdict.CONTRADICTORY),
        ("The pharmacy opens at 10 PM every day.", Verdict.CONTRADICTORY),
        # The weekdays' hour given to Saturday, which only the other clause names.
        ("On Saturdays the office opens at 9 AM.", Verdict.CONTRADICTORY),
        ("On Saturdays the office opens at 10 AM.", Verdict.SUPPORTED),
    ],
)
def test_opening_hours_restated_pass_and_given_another_day_fail_under_the_shipped_default(
    answer: str, verdict: Verdict
) -> None:
    graded = _shipped_default().check(answer, HOURS)
    assert [g.verdict for g in graded.claims] == [verdict], graded.claims[0].rationale


CODES = ["Use promo code SAVE20 at checkout. Firmware 2.4.1 fixes error E1043 on the scanner."]


@pytest.mark.parametrize(
    ("supported", "swapped"),
    [
        ("Use promo code SAVE20 at checkout.", "Use promo code SAVE25 at checkout."),
        ("Firmware 2.4.1 fixes error E1043.", "Firmware 2.4.2 fixes error E1043."),
        ("Firmware v2.4.1 fixes error E1043.", "Firmware 2.4.1 fixes error E1044."),
    ],
)
def test_a_code_or_version_swapped_is_contradictory(
    hash_grader: Grader, supported: str, swapped: str
) -> None:
    assert hash_grader.check(supported, CODES).verdict is ResponseVerdict.PASS
    bad = hash_grader.check(swapped, CODES)
    assert [g.verdict for g in bad.claims] == [Verdict.CONTRADICTORY], bad.claims[0].rationale


WRITTEN_AGAINST = [
    "The club raised €4.5m from ticket sales in 2025, and its app now has 5.68m users. "
    "The stadium opened in 1998."
]


def test_sources_with_numbers_past_the_float_range_are_checked(hash_grader: Grader) -> None:
    # A 400-digit key, a change to it and a count of 5,000 digits each raised inside
    # the check (CHECK_FAILED: BLOCK refused the answer for no reason).
    key = "7" * 400
    sources = [
        f"The key is {key}. Users went from 5 to {key} in a day. "
        f"1 in {'4' * 5000} adults agree. The service opened in 2001."
    ]
    result = hash_grader.check("The service opened in 2001.", sources)
    assert result.verdict is ResponseVerdict.PASS


def test_a_multiplier_written_against_its_number_is_read(hash_grader: Grader) -> None:
    restated = hash_grader.check(
        "The club raised €4.5 million from ticket sales in 2025.", WRITTEN_AGAINST
    )
    assert restated.verdict is ResponseVerdict.PASS, restated.claims[0].rationale
    for changed in (
        "The club raised €4.7m from ticket sales in 2025.",
        "Its app now has 5.86m users.",
    ):
        bad = hash_grader.check(changed, WRITTEN_AGAINST)
        assert [g.verdict for g in bad.claims] == [Verdict.CONTRADICTORY], changed


def test_a_detail_found_in_no_source_is_unsupported(hash_grader: Grader) -> None:
    result = hash_grader.check(
        "Order 5512 shipped on 3 June 2026 by ground freight with tracking code 99812.",
        SOURCES,
    )
    grade = result.claims[0]
    assert grade.verdict is Verdict.UNSUPPORTED
    assert "99812" in grade.rationale


def test_a_short_statement_is_graded_and_a_flip_in_it_fails_the_answer(
    hash_grader: Grader,
) -> None:
    """ "Parking is free." holds no number, date, name or negation and is under five
    words: graded all the same (text/statements.py), its flip fails the answer and
    its restatement passes; a short pleasantry stays skipped."""
    sources = ["Parking at the hotel is free for guests. Breakfast is served from 7 to 10 am."]
    restated = hash_grader.check("Parking is free. Great question.", sources)
    assert [grade.text for grade in restated.claims] == ["Parking is free."]
    assert restated.verdict is ResponseVerdict.PASS
    assert [skipped.text for skipped in restated.skipped_claims] == ["Great question."]
    flipped = hash_grader.check("Parking is paid. Breakfast is served from 7 to 10 am.", sources)
    assert flipped.verdict is ResponseVerdict.FAIL
    assert flipped.claims[0].verdict is not Verdict.SUPPORTED


def test_a_cited_answer_passes_on_sources_that_state_no_citation_number(
    hash_grader: Grader,
) -> None:
    # RAG answers cite their sources as "[1]"; a source need not state "1" or "2".
    result = hash_grader.check(
        "The warranty covers accidental damage for 24 months [1][2].", SOURCES
    )
    assert [g.verdict for g in result.claims] == [Verdict.SUPPORTED], result.claims[0].rationale
    assert result.verdict is ResponseVerdict.PASS


def test_a_cited_answer_with_its_source_list_passes_and_a_claim_in_the_list_fails(
    hash_grader: Grader,
) -> None:
    titled = ["Warranty terms (2025 edition)\n" + SOURCES[2], *SOURCES[:2]]
    answer = "The warranty covers accidental damage for 24 months [1].\n\nSources:\n[1] {}"
    result = hash_grader.check(answer.format("Warranty terms, section 4"), titled)
    assert result.verdict is ResponseVerdict.PASS, result.claims
    assert [s.reason for s in result.skipped_claims] == [SkipReason.SOURCE_LIST]
    untitled = hash_grader.check(answer.format("Warranty terms, section 4"), SOURCES)
    assert untitled.verdict is ResponseVerdict.FAIL  # no source gives that title
    claim = hash_grader.check(answer.format("Accidental damage is covered for 36 months"), titled)
    assert claim.verdict is ResponseVerdict.FAIL
    assert claim.claims[-1].verdict is Verdict.CONTRADICTORY


def test_a_claim_citing_its_source_inline_is_read_without_the_citation(
    hash_grader: Grader,
) -> None:
    titled = ["Warranty terms (2025 edition)\n" + SOURCES[2], *SOURCES[:2]]
    answer = "The warranty covers accidental damage for 24 months (Source: Warranty terms, § 4)."
    result = hash_grader.check(answer, titled)
    assert result.verdict is ResponseVerdict.PASS, result.claims
    assert [c.text for c in result.claims] == [answer]
    assert hash_grader.check(answer, SOURCES).verdict is ResponseVerdict.FAIL  # "4" unread


def test_pleasantries_and_a_borne_out_abstention_leave_a_grounded_answer_passing(
    hash_grader: Grader,
) -> None:
    answer = (
        "Here is what I found in the provided documents:\n\n"
        "The warranty covers accidental damage for 24 months.\n\n"
        "I could not find information about international shipping in the documents.\n\n"
        "Let me know if you have any other questions!"
    )
    result = hash_grader.check(answer, SOURCES)
    assert result.verdict is ResponseVerdict.PASS, result.claims
    assert [s.reason for s in result.skipped_claims] == [SkipReason.CONVERSATION] * 3


def test_an_abstention_the_sources_answer_is_graded(hash_grader: Grader) -> None:
    answer = "The documents do not mention the warranty for accidental damage."
    result = hash_grader.check(answer, SOURCES)
    assert [c.text for c in result.claims] == [answer]
    assert result.skipped_claims == ()


def test_labelled_examples_get_their_response_verdict(
    hash_grader: Grader, examples_path: Path
) -> None:
    path = examples_path
    for line in path.read_text().splitlines():
        case = json.loads(line)
        result = hash_grader.check(case["answer"], case["sources"], policy=ClaimPolicy.CLASSED)
        assert (
            result.verdict.value
            == {
                "grounded": "pass",
                "ungrounded": "fail",
                "unknown": "unknown",
            }[case["label_response"]]
        ), case["id"]
        labels = [claim["label"] for claim in case["claims"]]
        assert [g.verdict.value for g in result.claims] == labels, case["id"]


def test_dropped_sources_make_unsupported_unknown_but_keep_contradictions_failing(
    hash_grader: Grader,
) -> None:
    limits = SourceLimits(max_sources=1, max_source_length=10_000)
    unsupported = hash_grader.check(
        "The warranty covers accidental damage for 24 months.", SOURCES, limits=limits
    )
    assert unsupported.verdict is ResponseVerdict.UNKNOWN
    assert Reason.EVIDENCE_TRUNCATED in unsupported.reasons
    assert [d.source_index for d in unsupported.dropped_sources] == [1, 2]
    contradicted = hash_grader.check(
        "Order 5512 shipped on 9 June 2026 by ground freight.", SOURCES, limits=limits
    )
    assert contradicted.verdict is ResponseVerdict.FAIL
    supported = hash_grader.check(
        "Order 5512 shipped on 3 June 2026 by ground freight.", SOURCES, limits=limits
    )
    assert supported.verdict is ResponseVerdict.PASS


def test_no_sources_and_no_claims_are_unknown(hash_grader: Grader) -> None:
    no_sources = hash_grader.check("Your order will arrive tomorrow before ten.", [])
    assert no_sources.verdict is ResponseVerdict.UNKNOWN
    assert no_sources.reasons[0] is Reason.EVIDENCE_MISSING
    assert not no_sources.grounded
    empty = hash_grader.check("", SOURCES)
    assert empty.verdict is ResponseVerdict.UNKNOWN
    assert empty.reasons == (Reason.NO_CHECKABLE_CLAIMS,)


def test_version_names_rubric_policy_embedder_splitter_and_threshold() -> None:
    grader = Grader(HashEmbedder())
    version = grader.check("Order 5512 shipped on 3 June 2026.", SOURCES).version
    embedder = HashEmbedder().version_tag
    assert version == f"grounding-v1/strict/{embedder}/split-v5/rules-v36/t0.50/lex8@20000"
    assert grader.version(ClaimPolicy.CLASSED).split("/")[1] == "classed"


@pytest.mark.parametrize("apostrophe", ["\u2019", "\u02bc"])
def test_a_typeset_contraction_is_read_as_the_plain_one_and_reported_as_written(
    hash_grader: Grader, apostrophe: str
) -> None:
    source = f"Pets aren{apostrophe}t allowed in guest rooms, except for assistance dogs."
    restated = f"Guest rooms don{apostrophe}t allow pets, though assistance dogs are an exception."
    flipped = "Pets are allowed in guest rooms."
    result = hash_grader.check(f"{restated} {flipped}", [source])
    assert [(c.text, c.verdict) for c in result.claims] == [
        (restated, Verdict.SUPPORTED),
        (flipped, Verdict.CONTRADICTORY),
    ]


def test_an_emphasised_negation_is_read_plain_and_reported_as_written(
    hash_grader: Grader,
) -> None:
    source = "Pets are welcome: the hotel allows pets in all of its rooms."
    denied = "The hotel does _not_ allow pets in its rooms."
    welcomed = "Pets are _welcome_ in all of the hotel's rooms."
    result = hash_grader.check(f"{denied} {welcomed}", [source])
    assert [(c.text, c.verdict) for c in result.claims] == [
        (denied, Verdict.CONTRADICTORY),
        (welcomed, Verdict.SUPPORTED),
    ]


@pytest.mark.parametrize(
    ("source", "faithful", "changed"),
    [
        (
            "Temperatures fall to \u221215 \u00b0C in January at the station.",
            "Temperatures fall to -15 \u00b0C in January at the station.",
            "Temperatures fall to 15 \u00b0C in January at the station.",
        ),
        (
            "Advance tickets are non\u2011refundable and valid on one train only.",
            "Advance tickets are non-refundable and valid on one train only.",
            "Advance tickets are refundable and valid on one train only.",
        ),
        (
            "The bridge is 1\u202f200 metres long and opened in 1932.",
            "The bridge is 1,200 metres long and opened in 1932.",
            "The bridge is 200 metres long and opened in 1932.",
        ),
        (
            "The guided tour costs \u20ac 84,50 per person and lasts two hours.",
            "The guided tour costs \u20ac84.50 per person and lasts two hours.",
            "The guided tour costs \u20ac84 per person and lasts two hours.",
        ),
    ],
)
def test_a_typeset_number_or_prefix_in_a_source_is_read_as_written_plain(
    hash_grader: Grader, source: str, faithful: str, changed: str
) -> None:
    assert hash_grader.check(faithful, [source]).verdict is ResponseVerdict.PASS
    assert hash_grader.check(changed, [source]).verdict is ResponseVerdict.FAIL


def test_a_source_with_ligatures_and_soft_hyphens_is_read_as_its_letters(
    hash_grader: Grader,
) -> None:
    """PDF extraction writes "\ufb01ve"; web pages hide soft hyphens in words.  The
    evidence still points into the source as sent."""
    source = "Payments.\u200b The \ufb01nal payment is due within \ufb01ve days of de\u00adlivery."
    faithful = hash_grader.check("The final payment is due within five days of delivery.", [source])
    assert faithful.verdict is ResponseVerdict.PASS
    (evidence,) = faithful.claims[0].evidence
    assert source[evidence.start : evidence.end].startswith("Payments.\u200b The \ufb01nal")
    assert source[evidence.start : evidence.end].endswith("de\u00adlivery.")
    changed = hash_grader.check("The final payment is due within nine days of delivery.", [source])
    assert changed.claims[0].verdict is Verdict.CONTRADICTORY


def test_invalid_pairs_and_evidence_free_support_are_rejected() -> None:
    with pytest.raises(ValueError):
        StatementGrade("x", (0, 1), ClaimClass.INTERPRETATION, Verdict.SUPPORTED, (), 1.0, "")
    with pytest.raises(ValueError):
        StatementGrade("x", (0, 1), ClaimClass.SUBJECT_SPECIFIC, Verdict.SUPPORTED, (), 1.0, "")


_words = st.sampled_from(
    "Order 5512 shipped on 3 June 9 July by ground air freight the refund was not approved "
    "Alice Bob Leeds $84.50 20% kg I recommend you should your warranty covers damage . ? \n- "
    "# ``` doesn’t it’s don't −15 1\u202f200 84,50 1.234,5 [1,2] _not_ "
    "\ufb01ve de\u00adlivery \u200b".split(" ")
)


@settings(max_examples=120, deadline=None)
@given(
    st.lists(_words, max_size=60).map(" ".join),
    st.lists(st.lists(_words, max_size=30).map(" ".join), max_size=4),
    st.sampled_from(list(ClaimPolicy)),
)
def test_every_grade_is_valid_and_every_span_is_exact(
    answer: str, sources: list[str], policy: ClaimPolicy
) -> None:
    result = Grader(HashEmbedder()).check(answer, sources, policy=policy)
    for grade in result.claims:
        assert grade.verdict in VALID_VERDICTS[grade.claim_class]
        assert answer[grade.span[0] : grade.span[1]] == grade.text
        if grade.verdict is Verdict.SUPPORTED:
            assert grade.evidence
        for evidence in grade.evidence:
            passage = sources[evidence.source_index][evidence.start : evidence.end]
            assert passage.strip() == passage and passage
        if grade.score is not None:
            assert -1.0 <= grade.score <= 1.0
    assert 0.0 <= result.confidence <= 1.0
    assert result.embedding_failures == ()
    assert min(result.timings.split, result.timings.embed, result.timings.score) >= 0.0
    if result.verdict is ResponseVerdict.PASS:
        assert result.grounded
    assert np.isfinite(result.overall_similarity or 0.0)


class _BrokenEmbedder:
    """Loads fine, cannot embed: what a warm-up check is there to catch."""

    name = "broken"
    version_tag = "broken@1"
    default_threshold = 0.5
    cheap = False

    def embed(self, texts: Sequence[str]) -> np.ndarray:
        raise EmbeddingError("no such instruction on this CPU")


def test_warm_up_grades_cleanly_with_a_working_embedder() -> None:
    assert Grader(HashEmbedder()).warm_up() is None


def test_warm_up_reports_an_embedder_that_cannot_run() -> None:
    problem = Grader(_BrokenEmbedder()).warm_up()
    assert problem is not None and "could not embed" in problem and "claim" in problem


TOWER = [
    "The Eiffel Tower is located in Paris and was completed in 1889. It is 330 metres "
    "tall and was designed by the engineering company of Gustave Eiffel."
]
WHERE = "Where is the Eiffel Tower located?"


@pytest.fixture
def asking_grader() -> Grader:
    """The hash grader with `short-answers-with-question` on."""
    return Grader(HashEmbedder(), GraderSettings(short_answers_with_question=True))


@pytest.mark.parametrize(
    ("answer", "verdict", "claim_verdict"),
    [
        ("Paris.", ResponseVerdict.PASS, Verdict.SUPPORTED),
        ("Rome.", ResponseVerdict.FAIL, Verdict.CONTRADICTORY),
    ],
)
def test_a_short_answer_is_graded_with_the_users_question(
    asking_grader: Grader, answer: str, verdict: ResponseVerdict, claim_verdict: Verdict
) -> None:
    alone = asking_grader.check(answer, TOWER)
    assert alone.verdict is ResponseVerdict.UNKNOWN
    assert alone.reasons == (Reason.NO_CHECKABLE_CLAIMS,)
    result = asking_grader.check(answer, TOWER, question=WHERE)
    assert result.verdict is verdict
    (claim,) = result.claims
    assert (claim.text, claim.span, claim.verdict) == (answer, (0, len(answer)), claim_verdict)
    assert claim.formed_with_question
    assert claim.rationale.startswith("read with the user's question; ")
    assert claim.to_dict()["formed_with_question"] is True
    assert result.skipped_claims == ()
    assert WHERE not in json.dumps(result.to_dict())  # the report never quotes it


def test_the_questions_details_are_never_evidence(asking_grader: Grader) -> None:
    """The question states the fact; the sources do not: "Yes." is not supported."""
    question = "Did order 7781 leave the Hull depot on 9 May 2026 by air freight?"
    result = asking_grader.check("Yes.", SOURCES, question=question)
    assert result.claims[0].formed_with_question
    assert result.verdict is ResponseVerdict.FAIL
    assert result.claims[0].verdict is not Verdict.SUPPORTED


def test_a_gradable_claim_is_never_read_with_the_question(asking_grader: Grader) -> None:
    answer = "Yes. Order 5512 shipped on 3 June 2026 by ground freight."
    result = asking_grader.check(answer, SOURCES, question="Did order 5512 ship by air?")
    assert [c.text for c in result.claims] == [answer[5:]]
    assert not result.claims[0].formed_with_question
    assert "formed_with_question" not in result.claims[0].to_dict()
    assert [s.text for s in result.skipped_claims] == ["Yes."]


def test_labelled_spans_are_never_read_with_the_question(asking_grader: Grader) -> None:
    result = asking_grader.check("Paris.", TOWER, question=WHERE, claim_spans=[])
    assert result.claims == () and result.verdict is ResponseVerdict.UNKNOWN


def test_off_by_default_short_answers_are_graded_alone(asking_grader: Grader) -> None:
    result = Grader(HashEmbedder()).check("Paris.", TOWER, question=WHERE)
    assert result.reasons == (Reason.NO_CHECKABLE_CLAIMS,)
    assert "/split-v5/" in result.version
    assert "/split-v5+q1/" in asking_grader.version()


def test_an_answer_in_a_language_the_models_do_not_read_is_unknown_and_ungraded() -> None:
    grader = Grader(HashEmbedder(), GraderSettings(languages=frozenset({"en"})))
    french = "Le musée ouvre à neuf heures du lundi au samedi. Il est fermé les jours fériés."
    result = grader.check(french, [french])
    assert result.verdict is ResponseVerdict.UNKNOWN
    assert result.reasons == (Reason.UNSUPPORTED_LANGUAGE,)
    assert result.claims == () and result.version.endswith("/lang-v1:en")
    assert Grader(HashEmbedder()).check(french, [french]).verdict is ResponseVerdict.PASS
    english = "The museum opens at nine from Monday to Saturday."
    assert grader.check(english, [english]).verdict is ResponseVerdict.PASS


def _shipped_default() -> Grader:
    """MiniLM, the calibrated scorer and the verifier: what `serve` grades with."""
    return Grader(
        load_embedder("minilm"),
        GraderSettings(scorer=Scorer.CALIBRATED),
        verifier=load_verifier(VerifierMode.ON),
    )


@pytest.mark.minilm
def test_steps_copied_from_a_long_instruction_pass_under_the_shipped_default() -> None:
    """ "Log in to your account." sits under the support floor against the long sentence
    it is copied from (cosine 0.35); a step with a word of its own stays unsupported."""
    grader = _shipped_default()
    source = (
        "To start a return, log in to your account, open Orders, select the item and "
        "choose Return. Print the prepaid label and drop the parcel at any post office "
        "within 30 days of delivery."
    )
    steps = "1. Log in to your account.\n2. Open Orders and select the item."
    result = grader.check(steps, [source])
    assert [c.verdict for c in result.claims] == [Verdict.SUPPORTED, Verdict.SUPPORTED]
    assert result.claims[0].score < grader.threshold - 0.3  # under the floor
    invented = grader.check("1. Log in to your partner account.", [source])
    assert invented.claims[0].verdict is Verdict.UNSUPPORTED


@pytest.mark.minilm
def test_plain_negations_and_swapped_things_fail_under_the_shipped_default() -> None:
    """The verifier reads "The laptop has an HDMI port" as entailed (p 0.98) by "..., but
    no HDMI port": a plain negation is decided without it.  A thing the sources name
    elsewhere, put in a copied fact, fails; the faithful answers beside them pass."""
    grader = _shipped_default()
    product = (
        "It has two USB-C ports and a headphone jack, but no HDMI port. The warranty "
        "covers manufacturing defects for one year; accidental damage is not covered."
    )
    plans = (
        "The Team plan costs $12 per user per month, billed annually. The Business plan "
        "adds single sign-on and audit logs for $24 per user per month. Contractors are "
        "not eligible for paid leave."
    )
    verdicts = {
        answer: grader.check(answer, [source]).claims[0].verdict
        for answer, source in [
            ("The laptop has an HDMI port.", product),
            ("The warranty covers accidental damage for one year.", product),
            ("The one-year warranty covers manufacturing defects.", product),
            ("The Business plan costs $12 per user per month.", plans),
            ("The Team plan costs $12 per user per month.", plans),
            ("Paid leave is not available to contractors.", plans),
        ]
    }
    assert list(verdicts.values()) == [
        Verdict.CONTRADICTORY,
        Verdict.CONTRADICTORY,
        Verdict.SUPPORTED,
        Verdict.CONTRADICTORY,
        Verdict.SUPPORTED,
        Verdict.SUPPORTED,
    ], verdicts


@pytest.mark.parametrize(
    ("source", "restated"),
    [
        ("New users get a 14-day free trial.", "New users get a two-week free trial."),
        ("The bridge cost $25 million to build.", "The bridge cost twenty-five million dollars."),
        ("The museum received a hundred paintings.", "The museum received 100 paintings."),
        ("About 1 in 4 adults in the region smoke.", "About 25% of adults in the region smoke."),
    ],
)
def test_a_number_restated_in_other_words_passes(
    hash_grader: Grader, source: str, restated: str
) -> None:
    result = hash_grader.check(restated, [source])
    assert result.verdict is ResponseVerdict.PASS, result.claims[0].rationale


@pytest.mark.minilm
@pytest.mark.parametrize(
    ("source", "restated"),
    [
        ("The library lends books and films.", "The library lends not only books but also films."),
        ("Shipping is free on orders over $50.", "Orders over $50 ship at no extra cost."),
        ("The kit contains only water and salt.", "The kit contains nothing but water and salt."),
    ],
)
def test_an_idiom_holding_a_negation_word_is_no_flip_under_the_shipped_default(
    source: str, restated: str
) -> None:
    result = _shipped_default().check(restated, [source])
    assert result.verdict is ResponseVerdict.PASS, result.claims[0].rationale


# Phrases each of the lexical readers looks for (dates with and without a year,
# weekdays, times, amounts, bounds and differences, negations, exceptions, obligations,
# quantifiers, roles, comparisons, prices, names), so that random answers and sources
# reach their parsers in every combination.
_phrases = st.sampled_from(
    [
        "The library",
        "Microsoft acquired GitHub",
        "the U.S.",
        "the UK",
        "British",
        "C#",
        "opened on Monday",
        "on 3 June",
        "in June 2020",
        "in 2001",
        "in the 1990s",
        "on 06/03/2026",
        "at 2 PM",
        "at 14:00",
        "at half past eight in the morning",
        "six years later",
        "five hours longer",
        "a fortnight",
        "two decades",
        "an hour and a half",
        "half a decade",
        "one and a half days",
        "between 09:14 and 10:02",
        "two-thirds of the loss and the remainder",
        "400 pallets",
        "200 pallets",
        "the Berlin office had 120 employees and the Munich office had 45 employees",
        "48 hours",
        "more than 1,200",
        "never more than €5",
        "is no longer supported",
        "drops support for Python 3.8",
        "Retries are now off by default",
        "without you having to do anything",
        "half a million",
        "a quarter of a billion euros",
        "a million",
        "the least expensive",
        "less crowded than",
        "at least weekly",
        "can be renewed twice",
        "under £40",
        "over $50",
        "nearly 78,000",
        "35% of",
        "half of",
        "twice as many",
        "not",
        "never",
        "no",
        "cannot",
        "unless",
        "except",
        "including",
        "even when",
        "must",
        "is optional",
        "are required",
        "all",
        "every",
        "some",
        "always",
        "normally",
        "from Panama to the United States",
        "more requests than",
        "is free",
        "costs $20",
        "unopened",
        "non-members",
        "was not finalised until Friday",
        "raised",
        "lowered",
        "the first",
        "the second",
        "rather than",
        "instead of",
        "doesn't just",
        "but also",
        "hydrochloric acid (HCl)",
        "(AWS)",
        "Jordanians",
        "non-indexed",
        "but silver cannot",
        "Venusian",
        "Students",
        "Pupils",
        ",",
        ".",
        ";",
        "(",
        ")",
        "\n",
    ]
)


_READING_HASH_GRADER = Grader(
    HashEmbedder(), GraderSettings(scorer=Scorer.CALIBRATED), verifier=MarkerVerifier()
)


@settings(max_examples=150, deadline=None, derandomize=True)
@given(
    st.lists(st.lists(_phrases, min_size=1, max_size=12).map(" ".join), max_size=3).map(". ".join),
    st.lists(st.lists(_phrases, max_size=25).map(" ".join), min_size=1, max_size=3),
)
def test_the_shipped_rules_read_any_phrases_without_failing(
    answer: str, sources: list[str]
) -> None:
    # Every lexical reader runs (the calibrated scorer, a verifier reading every claim
    # it may change): an exception in any of them would fail the whole check.
    result = _READING_HASH_GRADER.check(answer, sources)
    for grade in result.claims:
        assert grade.verdict in VALID_VERDICTS[grade.claim_class]


def test_totals_and_bounds_near_the_float_range_are_checked(hash_grader: Grader) -> None:
    # Amounts of 308 digits add up past the float range: reading a total, a bound or a
    # change's start from them must not fail the check (BLOCK would refuse the answer).
    big = "9" * 308
    sources = [f"Fees were ${big} and ${big}. The fee was cut by ${big} to ${big}."]
    for claim in (
        "Fees came to $5 in total.",
        f"Fees were about ${big}.",
        "The fee fell from $7 to $6.",
    ):
        result = hash_grader.check(claim, sources)
        assert not result.embedding_failures, claim
        assert result.claims[0].verdict is not None, claim
