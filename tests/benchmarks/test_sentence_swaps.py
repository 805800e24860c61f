"""The sentence-swaps probe: its cases are what it says, and the shipped detector
catches a value swapped between the two facts of a sentence and passes each with its
own, and reads periods and ratios restated in words."""

from __future__ import annotations

import pytest

from benchmarks.probes import probe_grader
from benchmarks.sentence_swaps import RESTATED, SENTENCES, sentence_swap_cases
from grounding_sidecar.detection import ClaimPolicy
from grounding_sidecar.evaluation.agreement import grade_labelled


def test_each_fact_with_its_own_value_is_supported_and_with_the_others_a_swap() -> None:
    cases = {case.case.id: case for case in sentence_swap_cases()}
    assert len(cases) == 4 * len(SENTENCES) + 2 * len(RESTATED)
    own, swapped = cases["sentences:0:1"], cases["sentences:0:1:x"]
    assert own.case.answer == "In 2023 the Munich office had 45 employees."
    assert swapped.case.answer == "In 2023 the Munich office had 120 employees."
    assert "120" in swapped.case.sources[0]  # a value the source does hold
    assert own.claims[0].verdict.value == "supported"
    assert swapped.claims[0].verdict.value == "contradictory"


# The one the shipped detector misses, as docs/benchmarks.md says: a pronoun ("joined
# it") breaks the words around the other name, and the claim ("joined the company")
# is no copy of the passage but for one word.
_MISSED = {"sentences:9:1:x"}


@pytest.mark.parametrize("embedder", ["hash", pytest.param("minilm", marks=pytest.mark.minilm)])
def test_the_shipped_detector_reads_each_sentence_swap_and_restatement(embedder: str) -> None:
    grader = probe_grader(embedder)
    for case in sentence_swap_cases():
        verdict = grade_labelled(grader, case, ClaimPolicy.STRICT).verdict.value
        expected = "pass" if case.claims[0].verdict.value == "supported" else "fail"
        assert (verdict == expected) is (case.case.id not in _MISSED), case.case.id
