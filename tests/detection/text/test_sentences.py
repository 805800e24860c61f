from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from grounding_sidecar.detection.contract import SkipReason
from grounding_sidecar.detection.text.claims import split_claims
from grounding_sidecar.detection.text.sentences import BlockKind, split_sentences


def texts(text: str) -> list[str]:
    return [text[s.start : s.end] for s in split_sentences(text)]


def test_abbreviations_decimals_versions_urls_and_emails_do_not_split() -> None:
    text = (
        "Dr. Smith measured 3.5% growth in the U.S. market. "
        "Version v1.2.3 fixed it, e.g. the cache bug. "
        "See https://example.com/docs/a.b.html for details. "
        "Write to jane.doe@example.org. Then wait."
    )
    assert texts(text) == [
        "Dr. Smith measured 3.5% growth in the U.S. market.",
        "Version v1.2.3 fixed it, e.g. the cache bug.",
        "See https://example.com/docs/a.b.html for details.",
        "Write to jane.doe@example.org.",
        "Then wait.",
    ]


def test_initials_and_numbered_references_stay_in_one_sentence() -> None:
    assert texts("J. R. Smith filed No. 42 today. It passed.") == [
        "J. R. Smith filed No. 42 today.",
        "It passed.",
    ]


def test_markdown_lists_headings_and_code() -> None:
    text = (
        "# Summary\n"
        "Intro sentence here.\n\n"
        "- First item is one claim\n"
        "- Second item wraps\n  onto a second line.\n"
        "2) Numbered item.\n\n"
        "```python\nx = 1. Not a claim.\n```\n"
        "Closing line."
    )
    segments = split_sentences(text)
    kinds = [(s.kind, text[s.start : s.end]) for s in segments]
    assert kinds == [
        (BlockKind.HEADING, "Summary"),
        (BlockKind.TEXT, "Intro sentence here."),
        (BlockKind.TEXT, "First item is one claim"),
        (BlockKind.TEXT, "Second item wraps\n  onto a second line."),
        (BlockKind.TEXT, "Numbered item."),
        (BlockKind.CODE, "```python\nx = 1. Not a claim.\n```"),
        (BlockKind.TEXT, "Closing line."),
    ]


def test_unclosed_code_fence_runs_to_the_end() -> None:
    text = "Before the code block.\n```\nstill code. More code."
    assert [s.kind for s in split_sentences(text)] == [BlockKind.TEXT, BlockKind.CODE]


def test_short_claims_and_code_are_reported_as_skipped() -> None:
    answer = "# Title\nYes. The parcel left the depot on Monday morning.\n```\ncode()\n```"
    split = split_claims(answer, min_words=5)
    assert [c.text for c in split.claims] == ["The parcel left the depot on Monday morning."]
    assert [(s.text, s.reason) for s in split.skipped] == [
        ("Title", SkipReason.TOO_SHORT),  # a heading is a sentence like any other
        ("Yes.", SkipReason.TOO_SHORT),
        ("```\ncode()\n```", SkipReason.CODE),
    ]
    assert not split.truncated


@pytest.mark.parametrize(
    "short",
    [
        "Refunds take 90 days.",  # a number
        "Delivery is free.",  # no detail: stays skipped (below)
        "Returns are not accepted.",  # a negation
        "It shipped on 3 June.",  # a date
        "Ask Contoso Support.",  # a name past the first word
        "It costs $40.",  # an amount
    ],
)
def test_a_short_sentence_with_a_checkable_detail_is_a_claim(short: str) -> None:
    split = split_claims(f"The parcel left the depot on Monday morning. {short}", min_words=5)
    graded = [c.text for c in split.claims]
    if short == "Delivery is free.":
        assert graded == ["The parcel left the depot on Monday morning."]
        assert [s.text for s in split.skipped] == [short]
    else:
        assert graded == ["The parcel left the depot on Monday morning.", short]


def test_a_heading_with_enough_words_or_a_detail_is_a_claim() -> None:
    answer = "# Refunds take 90 days\n## What the policy says about refunds\nBody text here."
    split = split_claims(answer, min_words=5)
    assert [c.text for c in split.claims] == [
        "Refunds take 90 days",
        "What the policy says about refunds",
    ]


def test_claim_limits_truncate_and_say_so() -> None:
    answer = " ".join(f"Sentence number {i} has enough words." for i in range(10))
    split = split_claims(answer, max_claims=3)
    assert len(split.claims) == 3
    assert split.truncated
    assert sum(s.reason is SkipReason.OVER_LIMIT for s in split.skipped) == 7
    assert split_claims(answer, max_chars=40).truncated


_alphabet = st.sampled_from([*list("abcXYZ019 .,!?:-*#`\n\t'\"()$%@/"), "Dr.", "e.g.", "```"])


@settings(max_examples=300, deadline=None)
@given(st.lists(_alphabet, max_size=80).map("".join), st.integers(1, 6))
def test_every_claim_span_indexes_the_answer_exactly(answer: str, min_words: int) -> None:
    split = split_claims(answer, min_words=min_words)
    previous_end = 0
    for claim in split.claims:
        assert answer[claim.start : claim.end] == claim.text
        assert claim.text == claim.text.strip() and claim.text
        assert claim.start >= previous_end
        previous_end = claim.end
    for skipped in split.skipped:
        assert answer[skipped.span[0] : skipped.span[1]] == skipped.text


def test_a_long_paragraph_still_sees_abbreviations_and_long_words() -> None:
    filler = "The depot ships steel coils to the port every day. " * 400
    long_word = "X" + "x" * 99
    text = filler + "Mr. Smith signed. " + long_word + ". Next sentence here."
    tail = [text[s.start : s.end] for s in split_sentences(text)][-3:]
    assert tail == ["Mr. Smith signed.", long_word + ".", "Next sentence here."]
