"""The word-swaps probe: its cases are what it says, its two parts split the groups, and
the shipped detector catches the swaps of groups it reads."""

from __future__ import annotations

import pytest

from benchmarks.probes import PARTS, probe_grader
from benchmarks.word_swaps import GROUPS, group_cases, part_of, word_swap_cases
from grounding_sidecar.detection import ClaimPolicy
from grounding_sidecar.evaluation.agreement import grade_labelled


def test_every_ordered_pair_is_a_swap_and_restatements_are_supported() -> None:
    metals = next(g for g in GROUPS if g.name == "metals")
    cases = {case.case.id: case for case in group_cases(metals)}
    swaps = [i for i in cases if "->" in i]
    assert len(swaps) == len(metals.words) * (len(metals.words) - 1)
    swap = cases["metals:bronze->copper"]
    assert "bronze" in swap.case.sources[0] and "copper" in swap.case.answer
    assert "copper" not in swap.case.sources[0]
    assert swap.claims[0].verdict.value == "contradictory"
    same = cases["metals:same-0"]
    assert same.claims[0].verdict.value == "supported"
    assert "bronze" in same.case.sources[0]


def test_opposites_are_swapped_both_ways() -> None:
    prices = next(g for g in GROUPS if g.name == "prices")
    ids = {case.case.id for case in group_cases(prices)}
    assert {"prices:rose->fell", "prices:fell->rose"} <= ids


def test_the_groups_alternate_between_the_parts() -> None:
    assert [part_of(g) for g in GROUPS[:4]] == [PARTS[0], PARTS[1], PARTS[0], PARTS[1]]
    studied = {case.case.id for case in word_swap_cases("studied")}
    held_out = {case.case.id for case in word_swap_cases("held out")}
    assert studied and held_out and not studied & held_out
    assert len(studied) + len(held_out) == sum(len(group_cases(g)) for g in GROUPS)
    assert len({g.name for g in GROUPS}) == len(GROUPS)
    assert all(g.restatements for g in GROUPS)


@pytest.mark.minilm
def test_the_shipped_detector_catches_swapped_metals_and_planets() -> None:
    grader = probe_grader("minilm")
    for case in word_swap_cases("studied"):
        if case.case.id.split(":")[0] in ("metals", "planets", "prices"):
            verdict = grade_labelled(grader, case, ClaimPolicy.STRICT).verdict.value
            assert verdict == ("pass" if case.claims[0].verdict.value == "supported" else "fail"), (
                case.case.id
            )
