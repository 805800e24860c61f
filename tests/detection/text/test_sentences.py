from __future__ import annotations

import re

from hypothesis import given, settings
from hypothesis import strategies as st

from grounding_sidecar.detection.text import sentences
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
    assert texts("Tolkien and C.S. Lewis met in Oxford. J.R.R. Tolkien taught there.") == [
        "Tolkien and C.S. Lewis met in Oxford.",
        "J.R.R. Tolkien taught there.",
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


def test_a_long_paragraph_still_sees_abbreviations_and_long_words() -> None:
    filler = "The depot ships steel coils to the port every day. " * 400
    long_word = "X" + "x" * 99
    text = filler + "Mr. Smith signed. " + long_word + ". Next sentence here."
    tail = [text[s.start : s.end] for s in split_sentences(text)][-3:]
    assert tail == ["Mr. Smith signed.", long_word + ".", "Next sentence here."]


def test_each_table_row_is_a_segment_and_the_header_row_its_own_kind() -> None:
    text = (
        "The windows:\n"
        "| Item | Return window |\n"
        "|---|---|\n"
        "| Unopened | 30 days from delivery |\n"
        "  | Opened | Exchange only. No refund. |\n"
        "After the table."
    )
    segments = split_sentences(text)
    assert [(text[s.start : s.end], s.kind) for s in segments] == [
        ("The windows:", BlockKind.TEXT),
        ("| Item | Return window |", BlockKind.TABLE_HEADER),
        ("| Unopened | 30 days from delivery |", BlockKind.TEXT),
        ("| Opened | Exchange only.", BlockKind.TEXT),  # a row's sentences still split
        ("No refund. |", BlockKind.TEXT),
        ("After the table.", BlockKind.TEXT),
    ]


def test_a_row_with_no_delimiter_below_is_no_header() -> None:
    assert [s.kind for s in split_sentences("| a | b |\n| c | d |")] == [BlockKind.TEXT] * 2


# The boundary as first written: a run of terminators retried from each character.
_BACKTRACKING_BOUNDARY = re.compile(r"[.!?]+[\"'”’)\]]*(?=\s)")
_BACKTRACKING_NEXT = re.compile(r"\s+[\"'“‘(\[]*[A-Z0-9*_`-]")


@settings(max_examples=400, deadline=None)
@given(st.text(alphabet=".!?)\"' \nAa1(", max_size=40))
def test_boundaries_are_those_the_backtracking_patterns_find(text: str) -> None:
    def spans(pattern: re.Pattern[str]) -> list[tuple[int, int]]:
        return [match.span() for match in pattern.finditer(text)]

    assert spans(sentences._BOUNDARY) == spans(_BACKTRACKING_BOUNDARY)
    for cut in range(len(text) + 1):
        new = sentences._NEXT_STARTS_SENTENCE.match(text, cut)
        old = _BACKTRACKING_NEXT.match(text, cut)
        assert (new and new.span()) == (old and old.span())


def test_a_long_run_of_dots_is_read_in_one_pass() -> None:
    # A table of contents' leaders (a pattern that retried the run from each dot took
    # a second for 10,000): a run before a number ends a sentence, one before a word
    # in lower case does not.
    leader = "." * 100_000
    assert texts(f"Chapter one {leader} 5") == [f"Chapter one {leader}", "5"]
    assert texts(f"Chapter one {leader} page 5") == [f"Chapter one {leader} page 5"]
