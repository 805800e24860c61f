"""What a check reads of its sources: the kept sources' passages before the references'
(read under the classed policy only), the same reading for every check of an exchange."""

from __future__ import annotations

from grounding_sidecar.detection import CheckMemo, ClaimPolicy, SourceLimits
from grounding_sidecar.detection.grading.sources import read_sources

SOURCES = ["Orders ship on Mondays from the Leeds depot.", "Refunds take a week to arrive."]
REFERENCES = ["Tracking numbers let you follow a parcel between depots."]


def test_references_are_read_under_the_classed_policy_only() -> None:
    strict = read_sources(SOURCES, None, ClaimPolicy.STRICT, REFERENCES, None)
    assert strict.reference_passages == []
    classed = read_sources(SOURCES, None, ClaimPolicy.CLASSED, REFERENCES, None)
    assert [p.passage_id for p in classed.passages] == ["s0.0", "s1.0", "r0.0"]
    assert classed.passages[: len(classed.source_passages)] == classed.source_passages


def test_the_limits_choose_the_sources_read() -> None:
    side = read_sources(SOURCES, SourceLimits(max_sources=1), ClaimPolicy.STRICT, (), None)
    assert [p.source_index for p in side.passages] == [0]
    assert [d.source_index for d in side.selection.dropped] == [1]


def test_an_exchange_reads_the_same_sources_once() -> None:
    memo = CheckMemo()
    first = read_sources(SOURCES, None, ClaimPolicy.CLASSED, REFERENCES, memo)
    assert read_sources(list(SOURCES), None, ClaimPolicy.CLASSED, REFERENCES, memo) is first
    assert read_sources(SOURCES, None, ClaimPolicy.STRICT, REFERENCES, memo) is not first
