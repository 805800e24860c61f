"""Sentence segmentation with exact character spans.

Shared by the claim splitter (answers) and the passage splitter (sources), so an
answer sentence and a source sentence are cut by the same rules.  Every segment
is a `(start, end)` pair into the original text; nothing is rewritten, so spans
stay exact whatever the input holds.

The rules, in order:
1. Markdown blocks: fenced code (``` or ~~~) is set aside; `#` headings are
   their own segments; each list item (`-`, `*`, `+`, `1.`, `1)`) starts a new
   block; each table row (a line opening with `|`) is a block, and a table's header
   row (the row above its `|---|` delimiter) a segment of its own kind; blank lines
   end paragraphs.
2. Inside a block, a sentence ends at `.`, `!`, `?` (optionally followed by
   closing quotes or brackets) when whitespace and then an upper-case letter,
   digit, quote, bracket or list marker follows, or the block ends.  Dots inside
   tokens (3.14, v1.2.3, example.com/a.b, jane@example.org) never qualify
   because no whitespace follows them.
3. A dot after a known abbreviation (`e.g.`, `Dr.`, `U.S.`, `No.`) or an initial
   (`J. Smith`, `C.S. Lewis`) does not end a sentence.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from dataclasses import dataclass
from enum import StrEnum

# Names the segmentation and the claim-selection rules (claims.py): results graded
# under different rules never mix.  v2 grades headings and short sentences that hold
# a checkable detail; v4 reads a claim without its citation markers ("[2]",
# claims.Claim.reading); v5 grades short statements (statements.py) and reads dotted
# initials ("C.S. Lewis") as no sentence end.
SPLITTER_VERSION = "split-v5"


class BlockKind(StrEnum):
    TEXT = "text"
    HEADING = "heading"
    CODE = "code"
    TABLE_HEADER = "table_header"  # the row above a table's delimiter row: column names


@dataclass(frozen=True, slots=True)
class Segment:
    start: int
    end: int
    kind: BlockKind


ABBREVIATIONS = frozenset(
    [
        "mr",
        "mrs",
        "ms",
        "dr",
        "prof",
        "sr",
        "jr",
        "st",
        "mt",
        "ft",
        "vs",
        "etc",
        "inc",
        "ltd",
        "co",
        "corp",
        "llc",
        "dept",
        "univ",
        "est",
        "approx",
        "no",
        "nos",
        "vol",
        "vols",
        "fig",
        "figs",
        "eq",
        "eqs",
        "ch",
        "sec",
        "art",
        "p",
        "pp",
        "ed",
        "eds",
        "rev",
        "gen",
        "col",
        "lt",
        "sgt",
        "capt",
        "cmdr",
        "gov",
        "sen",
        "rep",
        "pres",
        "jan",
        "feb",
        "mar",
        "apr",
        "jun",
        "jul",
        "aug",
        "sep",
        "sept",
        "oct",
        "nov",
        "dec",
        "mon",
        "tue",
        "wed",
        "thu",
        "fri",
        "sat",
        "sun",
        "e.g",
        "i.e",
        "cf",
        "al",
        "viz",
        "a.m",
        "p.m",
        "u.s",
        "u.k",
        "u.n",
        "e.u",
        "ph.d",
        "m.d",
        "b.a",
        "m.a",
        "a.d",
        "b.c",
    ]
)

_FENCE = re.compile(r"^[ \t]{0,3}(```|~~~)")
_HEADING = re.compile(r"^[ \t]{0,3}#{1,6}[ \t]+")
_LIST_ITEM = re.compile(r"^[ \t]*(?:[-*+]|\d{1,3}[.)])[ \t]+")
_TABLE_RULE = re.compile(r"^[ \t]*\|?[ \t]*:?-{3,}")
_TABLE_ROW = re.compile(r"^[ \t]*\|")
# A candidate boundary: terminal punctuation, optional closers, then whitespace.  A
# run of terminators is read whole from its first character and never given back: a
# run that is no boundary ("....", a table of contents' leader) is then passed over in
# one step, where retrying it from each of its characters cost the square of its
# length (10,000 dots: a second).
_BOUNDARY = re.compile(r"(?<![.!?])[.!?]++[\"'”’)\]]*+(?=\s)")
_NEXT_STARTS_SENTENCE = re.compile(r"\s++[\"'“‘(\[]*+[A-Z0-9*_`-]")
_WORD_BEFORE_DOT = re.compile(r"([A-Za-z][A-Za-z.]*)\.$")


def split_sentences(text: str) -> list[Segment]:
    """All segments of `text` in order, with code and headings marked."""
    segments: list[Segment] = []
    for block in _blocks(text):
        if block.kind is BlockKind.TEXT:
            segments.extend(_sentences_in(text, block.start, block.end))
        else:
            segments.append(block)
    return segments


def settled_prefix(text: str) -> str:
    """The part of a growing text (a streamed answer) that later text cannot change:
    everything before its last segment, which may still be growing."""
    segments = split_sentences(text)
    return text[: segments[-1].start] if len(segments) > 1 else ""


def _blocks(text: str) -> Iterator[Segment]:
    """Markdown-aware blocks: paragraphs, list items, headings and code fences."""
    in_code = False
    fence = ""
    block_start: int | None = None
    block_end = 0
    code_start = 0
    position = 0
    lines = text.splitlines(keepends=True)
    for index, line in enumerate(lines):
        line_start, position = position, position + len(line)
        stripped = line.strip()
        fence_match = _FENCE.match(line)
        if in_code:
            if fence_match and fence_match.group(1) == fence:
                in_code = False
                yield Segment(code_start, _rstrip_end(text, line_start, position), BlockKind.CODE)
            continue
        if fence_match:
            if block_start is not None:
                yield Segment(block_start, block_end, BlockKind.TEXT)
                block_start = None
            in_code, fence, code_start = True, fence_match.group(1), line_start
            continue
        if not stripped or _TABLE_RULE.match(line):
            if block_start is not None:
                yield Segment(block_start, block_end, BlockKind.TEXT)
                block_start = None
            continue
        if _TABLE_ROW.match(line):
            if block_start is not None:
                yield Segment(block_start, block_end, BlockKind.TEXT)
                block_start = None
            yield _table_row(text, lines, index, line_start, position)
            continue
        heading = _HEADING.match(line)
        item = _LIST_ITEM.match(line)
        if heading or item:
            if block_start is not None:
                yield Segment(block_start, block_end, BlockKind.TEXT)
                block_start = None
            marker_end = line_start + (heading or item).end()  # type: ignore[union-attr]
            if heading:
                yield Segment(
                    marker_end, _rstrip_end(text, line_start, position), BlockKind.HEADING
                )
                continue
            block_start = marker_end
        elif block_start is None:
            block_start = line_start + (len(line) - len(line.lstrip()))
        block_end = _rstrip_end(text, line_start, position)
    if in_code:
        yield Segment(code_start, _rstrip_end(text, code_start, len(text)), BlockKind.CODE)
    elif block_start is not None:
        yield Segment(block_start, block_end, BlockKind.TEXT)


def _table_row(text: str, lines: list[str], index: int, start: int, end: int) -> Segment:
    """A table row, a block of its own: the header (the row above the delimiter row)
    names columns, every other row is sentences like a paragraph's."""
    header = index + 1 < len(lines) and _TABLE_RULE.match(lines[index + 1]) is not None
    start += len(lines[index]) - len(lines[index].lstrip())
    return Segment(
        start, _rstrip_end(text, start, end), BlockKind.TABLE_HEADER if header else BlockKind.TEXT
    )


def _rstrip_end(text: str, start: int, end: int) -> int:
    while end > start and text[end - 1].isspace():
        end -= 1
    return end


def _sentences_in(text: str, start: int, end: int) -> Iterator[Segment]:
    block = text[start:end]
    sentence_start = 0
    for match in _BOUNDARY.finditer(block):
        cut = match.end()
        if not _NEXT_STARTS_SENTENCE.match(block, cut):
            continue
        if match.group().startswith(".") and _is_abbreviation(block, match.start()):
            continue
        yield from _trimmed(text, start + sentence_start, start + cut)
        sentence_start = cut
    yield from _trimmed(text, start + sentence_start, end)


# How far before a dot the word it ends is looked for first; a search from the block's
# start would make a long paragraph cost the square of its length.
_WORD_WINDOW = 64


def _is_abbreviation(block: str, dot: int) -> bool:
    window = max(0, dot - _WORD_WINDOW)
    word = _WORD_BEFORE_DOT.search(block, window, dot + 1)
    if word is not None and word.start() == window > 0:
        word = _WORD_BEFORE_DOT.search(block, 0, dot + 1)  # a word longer than the window
    if word is None:
        return False
    token = word.group(1).lower()
    if token in ABBREVIATIONS:
        return True
    # A lone capital before the dot is an initial (J. Smith), and so are capitals
    # joined by dots (C.S. Lewis, J.R.R. Tolkien): not a sentence end.
    return all(len(part) == 1 and part.isupper() for part in word.group(1).split("."))


def _trimmed(text: str, start: int, end: int) -> Iterator[Segment]:
    while start < end and text[start].isspace():
        start += 1
    end = _rstrip_end(text, start, end)
    if start < end:
        yield Segment(start, end, BlockKind.TEXT)
