"""Source lists: which entries of an answer's list of its sources are set aside, and
that everything else in such a list is still graded."""

from __future__ import annotations

import pytest

from grounding_sidecar.detection.contract import SkipReason
from grounding_sidecar.detection.text.claims import split_claims
from grounding_sidecar.detection.text.source_lists import (
    MAX_TITLE_WORDS,
    set_aside_inline_citations,
    set_aside_source_lists,
    source_line_words,
)
from tests.support.counted import Counted

CLAIM = "Unopened items can be returned within 30 days of delivery for a full refund [1]."
SOURCES = [
    "Refund policy (2024 edition)\n"
    "Customers may return unopened items within 30 days of delivery for a full refund. "
    "It is false that refunds take 90 days.",
    "## Shipping and delivery times\nParcels leave the Leeds depot within two days.",
]
LINES = source_line_words(SOURCES)


def _lines() -> Counted[tuple[str, ...]]:
    return Counted(LINES)


def _set_aside(answer: str) -> tuple[list[str], list[tuple[str, SkipReason]]]:
    """(graded claim texts, (skipped text, reason) pairs) after the set-aside."""
    split = set_aside_source_lists(answer, split_claims(answer), _lines())
    return [c.text for c in split.claims], [(s.text, s.reason) for s in split.skipped]


@pytest.mark.parametrize(
    "source_list",
    [
        "Sources:\n[1] Refund policy, 2024 edition, section 3.2",
        "Sources:\n[1] Refund policy (2024), p. 4\n[2] Shipping and delivery times",
        "**References**\n[1] refund POLICY, § 3",
        "Source: Refund policy (2024)",
        "Citations:\n[1]: https://help.example.com/refunds",
        "Sources:\n[1] [Refund policy](https://help.example.com/refunds)",
        "[^1]: Refund policy, section 3.2",
        "[1]: https://help.example.com/refunds",
    ],
)
def test_an_entry_that_is_a_link_or_a_sources_title_is_set_aside(source_list: str) -> None:
    answer = f"{CLAIM}\n\n{source_list}"
    claims, skipped = _set_aside(answer)
    assert claims == [CLAIM]
    assert skipped and {reason for _, reason in skipped} == {SkipReason.SOURCE_LIST}
    assert "".join(text for text, _ in skipped).replace("\n", "") == source_list.replace("\n", "")


def test_a_listed_heading_and_short_entries_are_marked_as_the_list() -> None:
    answer = f"{CLAIM}\n\n## Sources\n- Refund policy\n- Refund policy, p. 2"
    claims, skipped = _set_aside(answer)
    assert claims == [CLAIM]
    assert skipped == [
        ("Sources", SkipReason.SOURCE_LIST),
        ("Refund policy", SkipReason.SOURCE_LIST),
        ("Refund policy, p. 2", SkipReason.SOURCE_LIST),
    ]


@pytest.mark.parametrize(
    "entry",
    [
        "Sources:\n[1] Refunds are paid within 90 days of delivery",  # a claim
        "Sources:\n[1] Return policy, section 3.2",  # no source line starts so
        "Sources:\n[1] refunds take 90 days",  # a run from the middle of a sentence
        "Sources:\n[1] Refund policy\n[2] Refunds are paid within 90 days",  # one claim
        "Sources:\n[1] [Refunds are paid within 90 days](https://example.com/r)",
        "[^1]: Refunds are paid within 90 days of delivery.",
        "【4:0†source】 Refund policy",  # a marker alone opens no list
    ],
)
def test_an_entry_that_could_state_a_fact_is_graded(entry: str) -> None:
    answer = f"{CLAIM}\n\n{entry}"
    claims, skipped = _set_aside(answer)
    assert claims == [CLAIM, entry]
    assert all(reason is not SkipReason.SOURCE_LIST for _, reason in skipped)


def test_a_title_longer_than_the_limit_is_graded_as_a_quotation() -> None:
    words = ["w"] * (MAX_TITLE_WORDS + 1)
    lines = source_line_words([" ".join(words) + " and more."])
    for count, graded in ((MAX_TITLE_WORDS, False), (MAX_TITLE_WORDS + 1, True)):
        answer = f"Sources:\n[1] {' '.join(words[:count])} section 4"
        split = set_aside_source_lists(answer, split_claims(answer), Counted(lines))
        assert bool(split.claims) is graded


def test_without_a_label_a_numbered_line_is_graded() -> None:
    answer = f"{CLAIM}\n[2] Refund policy, section 3.2"
    claims, _ = _set_aside(answer)
    assert claims == [CLAIM, "[2] Refund policy, section 3.2"]


def test_a_sentence_sharing_the_lists_segment_keeps_it_graded() -> None:
    answer = "Refunds take 90 days\nSources:\n[1] Refund policy"
    claims, _ = _set_aside(answer)
    assert claims == [answer]


def test_an_answer_without_a_list_is_left_as_split_and_reads_no_source() -> None:
    split, lines = split_claims(CLAIM), _lines()
    assert set_aside_source_lists(CLAIM, split, lines) is split
    assert lines.reads == 0


@pytest.mark.parametrize(
    "answer",
    [f"{CLAIM}\n\n## References\n- a", f"{CLAIM}\n\nSource: a", f"{CLAIM}\n[^1]: a"],
)
def test_a_label_or_a_definition_line_reads_the_sources_lines_once(answer: str) -> None:
    lines = _lines()
    set_aside_source_lists(answer, split_claims(answer), lines)
    assert lines.reads == 1


def test_spans_stay_exact_and_in_order() -> None:
    answer = f"{CLAIM}\n\nSources:\n[1] Refund policy\n\nThat is all the policy says on returns."
    split = set_aside_source_lists(answer, split_claims(answer), _lines())
    for item in (*split.claims, *split.skipped):
        assert answer[item.span[0] : item.span[1]] == item.text
    starts = [s.span[0] for s in split.skipped]
    assert starts == sorted(starts)


@pytest.mark.parametrize(
    ("claim", "reading"),
    [
        (f"{CLAIM[:-5]} (Source: Refund policy, section 3.2).", CLAIM[:-5] + "."),
        (f"{CLAIM[:-5]} (see Refund policy; Shipping and delivery times)", CLAIM[:-5]),
        (f"{CLAIM[:-5]} (Refund policy, p. 4)!", CLAIM[:-5] + "!"),
    ],
)
def test_a_closing_parenthesis_naming_a_source_is_left_out_of_the_reading(
    claim: str, reading: str
) -> None:
    split, lines = split_claims(claim), _lines()
    (cited,) = set_aside_inline_citations(split, lines).claims
    assert lines.reads == 1
    assert (cited.text, cited.span) == (claim, (0, len(claim)))  # the report is unchanged
    assert cited.reading == reading


@pytest.mark.parametrize(
    "claim",
    [
        f"{CLAIM[:-5]} (about 90 days).",  # names no source: part of the claim
        f"{CLAIM[:-5]} (Source: Return policy).",  # no source line starts so
        f"{CLAIM[:-5]} (Refund policy; refunds take 90 days).",  # one part names none
    ],
)
def test_a_parenthesis_that_names_no_source_stays_read(claim: str) -> None:
    split = split_claims(claim)
    assert set_aside_inline_citations(split, _lines()) is split


def test_a_claim_with_no_closing_parenthesis_is_no_inline_citation() -> None:
    split, lines = split_claims(f"{CLAIM} (See above) it says so."), _lines()
    assert set_aside_inline_citations(split, lines) is split
    assert lines.reads == 0  # the sources' lines are never read for it
