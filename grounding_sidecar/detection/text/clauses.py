"""Clauses: the stretch of a text around a span, between the clause breaks a rule
reads.  Each rule says what breaks a clause for it (misplaced details: a comma, "and",
"which"; negation: a full stop, "but", "although"); finding the clause from the breaks
is one thing."""

from __future__ import annotations

from collections.abc import Sequence


def clause_around(
    breaks: Sequence[tuple[int, int]], start: int, end: int, length: int
) -> tuple[int, int]:
    """Where the clause around text[start:end] opens and closes, given the spans of the
    text's clause breaks and its length: after the last break that ends by `start`, up
    to the first that starts from `end`."""
    opens = max((b_end for _, b_end in breaks if b_end <= start), default=0)
    closes = min((b_start for b_start, _ in breaks if b_start >= end), default=length)
    return opens, closes
