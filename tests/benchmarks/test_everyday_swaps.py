"""The everyday-swaps probe: its cases are what it says, and the shipped detector
catches the swaps the contrast table's kinds name."""

from __future__ import annotations

import pytest

from benchmarks.everyday_swaps import CATEGORIES, everyday_cases
from benchmarks.probes import probe_grader
from grounding_sidecar.detection import ClaimPolicy
from grounding_sidecar.evaluation.agreement import grade_labelled


def test_every_ordered_pair_is_a_swap_and_restatements_are_supported() -> None:
    cases = {case.case.id: case for case in everyday_cases()}
    rooms = next(c for c in CATEGORIES if c.name == "rooms")
    swaps = [i for i in cases if i.startswith("rooms:") and "->" in i]
    assert len(swaps) == len(rooms.words) * (len(rooms.words) - 1)
    swap = cases["rooms:kitchen->bedroom"]
    assert "kitchen" in swap.case.sources[0] and "bedroom" in swap.case.answer
    assert swap.claims[0].verdict.value == "contradictory"
    assert cases["rooms:same-0"].claims[0].verdict.value == "supported"
    # "annual" and "yearly" restate each other: never a swap.
    assert "periods:annual->yearly" not in cases and "periods:annual->monthly" in cases


@pytest.mark.minilm
def test_the_shipped_detector_catches_swapped_rooms_and_instruments() -> None:
    grader = probe_grader("minilm")
    for case in everyday_cases():
        if case.case.id.split(":")[0] in ("rooms", "instruments"):
            verdict = grade_labelled(grader, case, ClaimPolicy.STRICT).verdict.value
            assert verdict == ("pass" if case.claims[0].verdict.value == "supported" else "fail"), (
                case.case.id
            )
