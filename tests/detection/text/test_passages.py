from __future__ import annotations

import re

from hypothesis import given, settings
from hypothesis import strategies as st

from grounding_sidecar.detection.contract import DropReason
from grounding_sidecar.detection.text.passages import (
    MAX_PASSAGE_SENTENCES,
    SourceLimits,
    select_sources,
    split_passages,
)
from grounding_sidecar.detection.text.sentences import split_sentences


def test_passage_ids_and_spans() -> None:
    source = (
        "Order 5512 shipped on 3 June by ground freight. "
        "Yes. Really. "
        "Ground freight takes 4 to 6 business days to arrive."
    )
    passages = split_passages(2, source)
    assert [p.passage_id for p in passages] == ["s2.0", "s2.1"]
    assert passages[0].text == "Order 5512 shipped on 3 June by ground freight."
    # Short sentences are merged with what follows, up to three sentences.
    assert passages[1].text == "Yes. Really. Ground freight takes 4 to 6 business days to arrive."
    for passage in passages:
        assert source[passage.start : passage.end] == passage.text
        assert passage.evidence.source_index == 2


def test_limits_drop_oversized_then_the_tail_and_record_every_drop() -> None:
    sources = ["a" * 20, "ok one", "b" * 30, "ok two", "ok three", "   "]
    selection = select_sources(sources, SourceLimits(max_sources=2, max_source_length=10))
    assert [index for index, _ in selection.kept] == [1, 3]
    assert [(d.source_index, d.reason) for d in selection.dropped] == [
        (0, DropReason.TOO_LONG),
        (2, DropReason.TOO_LONG),
        (4, DropReason.OVER_MAX_SOURCES),
        (5, DropReason.EMPTY),
    ]


_alphabet = st.sampled_from([*list("abcXYZ019 .,!?:-*#`\n'\""), "Dr.", "Mr. ", "3.5", "```"])


@settings(max_examples=300, deadline=None)
@given(st.lists(_alphabet, max_size=120).map("".join))
def test_passages_are_exact_spans_of_one_to_three_sentences(source: str) -> None:
    # Sentences without a single word character can support nothing: no passage.
    sentences = [
        s for s in split_sentences(source) if re.search(r"[^\W_]", source[s.start : s.end])
    ]
    passages = split_passages(0, source)
    for number, passage in enumerate(passages):
        assert passage.passage_id == f"s0.{number}"
        assert source[passage.start : passage.end] == passage.text
        inside = [s for s in sentences if passage.start <= s.start and s.end <= passage.end]
        assert 1 <= len(inside) <= MAX_PASSAGE_SENTENCES
    # Every sentence lands in exactly one passage.
    covered = sum(1 for s in sentences for p in passages if p.start <= s.start and s.end <= p.end)
    assert covered == len(sentences)
