"""The policy-answers probe: its cases are what it says, and the shipped detector fails
the flips of a specification page and a medicine label and passes negations an
assistant words its own way."""

from __future__ import annotations

import pytest

from benchmarks.policy_answers import PAGES, policy_answer_cases
from benchmarks.probes import page_cases, probe_grader
from grounding_sidecar.detection import ClaimPolicy
from grounding_sidecar.evaluation.agreement import LabelledCase, grade_labelled


def _page(name: str) -> list[LabelledCase]:
    return page_cases(next(page for page in PAGES if page.name == name))


def test_each_page_has_six_restatements_and_six_flips_on_its_own_text() -> None:
    cases = policy_answer_cases()
    assert len(cases) == 12 * len(PAGES)
    for page in PAGES:
        labels = [case.claims[0].verdict.value for case in page_cases(page)]
        assert labels == ["supported"] * 6 + ["contradictory"] * 6
        assert all(case.case.sources == [page.text] for case in page_cases(page))


@pytest.mark.minilm
def test_the_shipped_detector_fails_flips_and_passes_reworded_negations() -> None:
    grader = probe_grader("minilm")

    def verdict(case: LabelledCase) -> str:
        return grade_labelled(grader, case, ClaimPolicy.STRICT).verdict.value

    for name in ("laptop specification", "pain relief label"):
        flips = [case for case in _page(name) if case.claims[0].verdict.value != "supported"]
        assert [verdict(case) for case in flips] == ["fail"] * 6, name
    reworded = [
        case
        for case in _page("leave policy")
        if case.case.answer
        in ("Contractors do not get paid leave.", "Paid leave is not available to contractors.")
    ]
    assert [verdict(case) for case in reworded] == ["pass", "pass"]
