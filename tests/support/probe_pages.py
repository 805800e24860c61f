"""What a probe of pages with a held-out half holds, whatever it probes: two
restatements and two flips a page, restatements first, its pages split evenly between
the studied and the held-out half (benchmarks/probes.py)."""

from __future__ import annotations

from collections.abc import Callable, Sequence

from benchmarks.probes import Page
from grounding_sidecar.evaluation.agreement import LabelledCase


def assert_two_of_each_in_two_halves(
    pages: Sequence[Page], cases_in: Callable[[str], list[LabelledCase]]
) -> None:
    studied, held_out = cases_in("studied"), cases_in("held out")
    assert len(studied) == len(held_out) == 2 * len(pages)
    for page in pages:
        assert len(page.restatements) == len(page.flips) == 2, page.name
    labels = [case.claims[0].verdict.value for case in studied[:4]]
    assert labels == ["supported", "supported", "contradictory", "contradictory"]
