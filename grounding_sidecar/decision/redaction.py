"""REDACT: which characters of an answer go when its ungrounded claims are removed
(docs/contract.md#redact).

A claim is a sentence with an exact span.  Removing it takes the whitespace that
joined it to the next sentence (or, at the end of a line, to the previous one); a line
left holding nothing but a list marker or a heading mark goes whole, newline included.
Everything kept is the upstream's text byte for byte.  Ranges are per choice, in that
choice's own content (the wire format applies them to JSON content or stream deltas).
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass

# What may be left of a line whose sentences were all removed for the line to go too.
_BARE_LINE = re.compile(r"[ \t]*(?:[-*+]|\d{1,3}[.)]|#{1,6})?[ \t]*")


@dataclass(frozen=True, slots=True)
class Redaction:
    """The ranges of one choice's content to remove, and the text that remains."""

    removed: tuple[tuple[int, int], ...]
    text: str

    def moved(self, offset: int) -> int:
        """Where an offset of the original content lies in the redacted text."""
        return offset - sum(
            min(end, offset) - start for start, end in self.removed if start < offset
        )


def redact(text: str, spans: Sequence[tuple[int, int]]) -> Redaction:
    """`text` without the claims at `spans` (offsets into `text`)."""
    keep = [True] * len(text)
    for start, end in spans:
        line_start = text.rfind("\n", 0, start) + 1
        line_end = _line_end(text, end)
        after = end
        while after < line_end and text[after] in " \t":
            after += 1
        before = start
        if after == line_end:  # the line's last sentence: the space before it goes
            while before > line_start and text[before - 1] in " \t":
                before -= 1
        keep[before:after] = [False] * (after - before)
    position = 0
    while position < len(text):
        line_end = _line_end(text, position)
        touched = not all(keep[position:line_end])
        if touched and _BARE_LINE.fullmatch(
            _kept(text[position:line_end], keep[position:line_end])
        ):
            stop = min(line_end + 1, len(text))
            keep[position:stop] = [False] * (stop - position)
        position = line_end + 1
    return Redaction(_ranges(keep), _kept(text, keep))


def _kept(text: str, keep: Sequence[bool]) -> str:
    return "".join(c for c, k in zip(text, keep, strict=True) if k)


def _line_end(text: str, position: int) -> int:
    end = text.find("\n", position)
    return len(text) if end < 0 else end


def _ranges(keep: Sequence[bool]) -> tuple[tuple[int, int], ...]:
    ranges: list[tuple[int, int]] = []
    start: int | None = None
    for index, kept in enumerate(keep):
        if not kept and start is None:
            start = index
        elif kept and start is not None:
            ranges.append((start, index))
            start = None
    if start is not None:
        ranges.append((start, len(keep)))
    return tuple(ranges)


def stable_end(text: str, redaction: Redaction, end: int) -> int:
    """How far the redaction of a growing `text` can go out before `end`: `end` without
    the spaces that end it (a later sentence removed as its line's last takes the
    spaces before it); and where the line holding it is unfinished and what it keeps so
    far is bare (a list marker, a heading mark: the whole line may yet go), that line's
    start.  A line is finished once its newline has arrived and nothing unsettled lies
    between `end` and it.  What is held back goes out with the next release or the verdict."""
    line_start = text.rfind("\n", 0, end) + 1
    while end > line_start and text[end - 1] in " \t":
        end -= 1
    line_end = text.find("\n", line_start)
    if line_end >= 0 and not text[end:line_end].strip(" \t"):
        return end  # the line is finished and settled: its tidy-up is decided
    keep = [True] * (end - line_start)
    for start, stop in redaction.removed:
        for position in range(max(start, line_start), min(stop, end)):
            keep[position - line_start] = False
    return line_start if _BARE_LINE.fullmatch(_kept(text[line_start:end], keep)) else end
