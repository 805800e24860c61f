"""The answer-paraphrases probe: its cases are what it says, its two parts split the
sources, and the shipped detector grades the answers the studied part's rules read."""

from __future__ import annotations

import pytest

from benchmarks.answer_paraphrases import (
    SOURCES,
    answer_paraphrase_cases,
    part_of,
    source_cases,
)
from benchmarks.probes import PARTS, probe_grader
from grounding_sidecar.detection import ClaimPolicy
from grounding_sidecar.evaluation.agreement import grade_labelled


def test_each_source_has_six_restatements_and_six_flips_against_its_text() -> None:
    for source in SOURCES:
        cases = source_cases(source)
        labels = [case.claims[0].verdict.value for case in cases]
        assert labels == ["supported"] * 6 + ["contradictory"] * 6, source.name
        assert all(case.case.sources == [source.text] for case in cases)
    ids = [case.case.id for case in source_cases(SOURCES[0])]
    assert ids[0] == "bridge:same-0" and ids[6] == "bridge:flip-0"


def test_sources_written_earlier_keep_their_places_and_so_their_parts() -> None:
    first_sitting = [
        "bridge",
        "honeybees",
        "trade league",
        "scooter",
        "lake",
        "medicine",
        "scientist",
        "backups",
        "tournament",
        "recipe",
        "central bank",
        "airport trains",
    ]
    assert [s.name for s in SOURCES[: len(first_sitting)]] == first_sitting
    assert len({s.name for s in SOURCES}) == len(SOURCES) == 20


def test_the_sources_alternate_between_the_parts() -> None:
    assert [part_of(s) for s in SOURCES[:3]] == [PARTS[0], PARTS[1], PARTS[0]]
    studied = {case.case.id for case in answer_paraphrase_cases("studied")}
    held_out = {case.case.id for case in answer_paraphrase_cases("held out")}
    assert len(studied) == len(held_out) == 120 and not studied & held_out


@pytest.mark.minilm
@pytest.mark.parametrize(
    ("case_id", "verdict"),
    [
        ("bridge:same-3", "pass"),  # "No other ... is as long as": the longest, restated
        ("lake:same-0", "pass"),  # "sits on the border" for "lies on the border"
        ("trade league:flip-1", "fail"),  # "the late 14th century" for the 12th
    ],
)
def test_the_shipped_detector_reads_these_answers(case_id: str, verdict: str) -> None:
    case = next(c for c in answer_paraphrase_cases("studied") if c.case.id == case_id)
    assert grade_labelled(probe_grader("minilm"), case, ClaimPolicy.STRICT).verdict.value == verdict
