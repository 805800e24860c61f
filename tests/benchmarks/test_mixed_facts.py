"""The mixed-facts probe: its cases are what it says, and the shipped detector catches
a fact given another's value while it passes the fact with its own."""

from __future__ import annotations

import pytest

from benchmarks.mixed_facts import SOURCES, mixed_fact_cases
from benchmarks.probes import probe_grader
from grounding_sidecar.detection import ClaimPolicy
from grounding_sidecar.evaluation.agreement import grade_labelled


def test_each_fact_with_each_other_value_is_a_swap_and_with_its_own_supported() -> None:
    cases = {case.case.id: case for case in mixed_fact_cases()}
    assert len(cases) == sum(len(s.facts) ** 2 for s in SOURCES)
    swap = cases["returns:30 days->5 business days"]
    assert swap.case.answer == "You can return an unopened item within 5 business days of delivery."
    assert "5 business days" in swap.case.sources[0]  # a value the sources do hold
    assert swap.claims[0].verdict.value == "contradictory"
    assert cases["returns:0"].claims[0].verdict.value == "supported"


@pytest.mark.minilm
def test_the_shipped_detector_catches_mixed_up_return_and_refund_times() -> None:
    grader = probe_grader("minilm")
    for case in mixed_fact_cases():
        if case.case.id.startswith("returns:"):
            verdict = grade_labelled(grader, case, ClaimPolicy.STRICT).verdict.value
            expected = "pass" if case.claims[0].verdict.value == "supported" else "fail"
            assert verdict == expected, case.case.id
