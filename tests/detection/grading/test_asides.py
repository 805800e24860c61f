"""What an answer holds around its claims: its source list, an inline citation and an
abstention the sources bear out are set aside together; the sources' words are read
only when the answer holds one of them."""

from __future__ import annotations

import pytest

from grounding_sidecar.detection.contract import ClaimPolicy, SkipReason
from grounding_sidecar.detection.grading.asides import set_aside_around_claims
from grounding_sidecar.detection.grading.sources import SourceSide, read_sources
from grounding_sidecar.detection.text.claims import split_claims

SOURCE = "Refund policy\nUnopened items can be returned within 30 days of delivery."


def _side() -> SourceSide:
    return read_sources([SOURCE], None, ClaimPolicy.STRICT, (), None)


def test_a_source_list_a_citation_and_a_borne_out_abstention_are_set_aside() -> None:
    answer = (
        "Unopened items can be returned within 30 days of delivery (Source: Refund policy).\n\n"
        "I could not find information about gift wrapping in the provided documents.\n\n"
        "Sources:\n[1] Refund policy"
    )
    split = set_aside_around_claims(answer, split_claims(answer), _side())
    (claim,) = split.claims
    assert claim.reading == "Unopened items can be returned within 30 days of delivery."
    assert [(s.text, s.reason) for s in split.skipped] == [
        (
            "I could not find information about gift wrapping in the provided documents.",
            SkipReason.CONVERSATION,
        ),
        ("Sources:\n[1] Refund policy", SkipReason.SOURCE_LIST),
    ]


def test_an_answer_with_none_of_them_never_reads_the_sources_words(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    side = _side()
    read: list[str] = []
    for name in ("line_words", "content_words"):
        monkeypatch.setattr(
            SourceSide, name, property(lambda _self, name=name: read.append(name) or ())
        )
    answer = "Unopened items can be returned within 30 days of delivery."
    split = split_claims(answer)
    assert set_aside_around_claims(answer, split, side) == split
    assert read == []
