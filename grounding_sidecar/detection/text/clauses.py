"""Clauses: the stretch of a text around a span, between the clause breaks a rule
reads.  Each rule says what breaks a clause for it (misplaced details: a comma, "and",
"which"; negation: a full stop, "but", "although"); finding the clause from the breaks
is one thing."""

from __future__ import annotations

import re
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


# Where a passage's sentence ends, whatever case the next one starts with (a source may
# be lower-cased throughout).
SENTENCE_END = re.compile(r"(?<=[.!?])\s+")


def rough_sentences(text: str) -> list[str]:
    """`text` cut after each full stop, question or exclamation mark: a passage's
    sentences for the rules that read one fact at a time (no abbreviation is kept
    whole, which such a rule can afford: a cut "e.g." only shortens a sentence)."""
    return [sentence for sentence in SENTENCE_END.split(text) if sentence]


# Where a fact of a sentence ends and another begins, for `rough_clauses`.
_FACT_BREAK = re.compile(r",(?!\d{3}\b)|[;:]|\b(?:but|while|whereas|although)\b")


def rough_clauses(text: str) -> list[str]:
    """The clauses of each of `text`'s rough sentences, cut at a comma, a semicolon, a
    colon, "but", "while", "whereas" and "although": each may state its own fact
    ("Towels are provided free of charge, but lockers require a padlock")."""
    return [
        clause
        for sentence in rough_sentences(text)
        for clause in _FACT_BREAK.split(sentence)
        if clause.strip()
    ]
