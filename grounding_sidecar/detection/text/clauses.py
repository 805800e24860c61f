"""Clauses: the stretch of a text around a span, between the clause breaks a rule
reads.  Each rule says what breaks a clause for it (misplaced details: a comma, "and",
"which"; negation: a full stop, "but", "although"); finding the clause from the breaks
is one thing."""

from __future__ import annotations

import re
from bisect import bisect_left, bisect_right
from collections.abc import Sequence


def clause_around(
    breaks: Sequence[tuple[int, int]], start: int, end: int, length: int
) -> tuple[int, int]:
    """Where the clause around text[start:end] opens and closes, given the spans of the
    text's clause breaks in order, none overlapping (as `finditer` finds them), and its
    length: after the last break that ends by `start`, up to the first that starts from
    `end`.  Found by bisection: a text's every cue asks, and a text can hold thousands
    of breaks."""
    before = bisect_right(breaks, start, key=_break_end)
    after = bisect_left(breaks, end, key=_break_start)
    opens = breaks[before - 1][1] if before else 0
    closes = breaks[after][0] if after < len(breaks) else length
    return opens, closes


def _break_start(span: tuple[int, int]) -> int:
    return span[0]


def _break_end(span: tuple[int, int]) -> int:
    return span[1]


# Where a passage's sentence ends, whatever case the next one starts with (a source may
# be lower-cased throughout).
SENTENCE_END = re.compile(r"(?<=[.!?])\s+")


def rough_sentences(text: str) -> list[str]:
    """`text` cut after each full stop, question or exclamation mark: a passage's
    sentences for the rules that read one fact at a time (no abbreviation is kept
    whole, which such a rule can afford: a cut "e.g." only shortens a sentence)."""
    return [sentence for sentence in SENTENCE_END.split(text) if sentence]


# Where one statement's amounts end: a sentence's end or a semicolon, for the readings
# that take a statement's amounts together (implied_details.implied_multiples,
# arithmetic.sentence_totals).
STATEMENT_END = re.compile(r"[.!?;](?:\s|$)")


# Where a sentence joins a clause with a subject of its own to another: a semicolon,
# or a comma before "and" or "but" that no verb follows ("We do not refund sale items,
# and they cannot be exchanged for store credit"; ", and cannot be renewed" shares
# the subject before it).  A "no" after the comma opens a subject of its own where an
# auxiliary follows its noun within three words ("..., but no evacuation order was
# issued"), and none where none does (", but no pool": the object of the verb before).
# The denials of other passages (judging/denied.py) read each such clause on its own.
AUXILIARIES = (  # noqa: SIM905 - a word list reads better as text
    "does do did is are was were will would can could should may might must has have had"
).split()
_AUXILIARIES = "|".join(AUXILIARIES)
# A negation that needs no noun ("not", "never", "cannot", "n't"), and any negation.
_NEGATING_ALONE = r"(?:not|never|cannot|\w+n't)"
_NEGATING = rf"(?:no|{_NEGATING_ALONE})"
# "no" and the noun it negates, then an auxiliary: a subject of its own.
_NO_SUBJECT = rf"no(?:\s+[\w-]+){{1,3}}?\s+(?:{_AUXILIARIES})\b"
STATEMENT_JOIN = re.compile(
    rf";|,\s+(?:and|but)\b"
    rf"(?!\s+(?:{_AUXILIARIES}|{_NEGATING_ALONE})\b)(?:(?!\s+no\b)|(?=\s+{_NO_SUBJECT}))",
    re.IGNORECASE,
)
# An "and" or "or" that a negation follows, at most a pronoun or an auxiliary between
# them, or a comma that one follows, at most an auxiliary between them: a second
# negation side by side with the first, no double negative ("does not allow pets and
# does not permit smoking", "does not allow pets, does not permit smoking", "is lent
# for a week and cannot be renewed"; "cats and dogs are not allowed" joins two
# subjects).  Parity
# (judging/polarity.py) reads it as the end of a statement.
_NEGATION_JOIN = re.compile(
    rf"(?:,\s+)?\b(?:and|or)\b(?=(?:\s+(?:it|they|we|you|he|she|i|{_AUXILIARIES}))?\s+{_NEGATING}\b)"
    rf"|,(?=\s+(?:(?:{_AUXILIARIES})\s+)?{_NEGATING}\b)",
    re.IGNORECASE,
)


def statement_ends(text: str) -> list[int]:
    """Where each statement of `text` but its last ends, for parity, in order: after
    each rough sentence (`SENTENCE_END`), at each `STATEMENT_JOIN` and each
    `_NEGATION_JOIN`."""
    ends = [found.start() for found in SENTENCE_END.finditer(text)]
    ends += [found.start() for found in STATEMENT_JOIN.finditer(text)]
    ends += [found.start() for found in _NEGATION_JOIN.finditer(text)]
    return sorted(set(ends))


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
