"""Ordinals: "the 14th century", "the fifth increase in a row", "third-largest".

A rank or a century is a detail a claim can get wrong ("the late 14th century" against
"the late 12th century"), yet no number pattern reads it: "14th" is a number inside a
word, "fifth" a word.  Read here as details of their own (details.py): the number the
ordinal counts, in a unit of its own, a century's or a rank's, so that no duration
("14 centuries") and no date ever equals one.  "first", "second" and "last" alone are
left out: "at first", "first of all", "wait a second" say nothing of a rank as often as
they state one; written with a tens word ("twenty-first") or in digits ("1st") they are
read.  A source's years and decades name their centuries (`centuries_of_year`,
`decade_centuries`): "in 1450" and "the 1400s" back "the 15th century".
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from dataclasses import dataclass

from grounding_sidecar.detection.text.amounts import NUMBER_WORDS, ORDINAL_ONES, TENS
from grounding_sidecar.detection.text.scans import Scan, word_start

RANK_UNIT = "ordinal"
CENTURY_UNIT = "ordinal century"

_TEENS = (
    "tenth", "eleventh", "twelfth", "thirteenth", "fourteenth", "fifteenth", "sixteenth",
    "seventeenth", "eighteenth", "nineteenth",
)  # fmt: skip
_TENTHS = tuple(tens.removesuffix("y") + "ieth" for tens in TENS)  # "twentieth"
_WORD_VALUES = {
    **{word: number for number, word in enumerate(ORDINAL_ONES, start=1)},
    **{word: number for number, word in enumerate(_TEENS, start=10)},
    **{word: 10 * number for number, word in enumerate(_TENTHS, start=2)},
}
_ALONE = (*ORDINAL_ONES[2:], *_TEENS, *_TENTHS)  # "third" on, read without a tens word

ORDINAL = re.compile(
    r"\b(?:(?P<digits>\d{1,4})(?:st|nd|rd|th)"
    rf"|(?P<tens>{'|'.join(TENS)})[\s-](?P<ones>{'|'.join(ORDINAL_ONES)})"
    rf"|(?P<word>{'|'.join(_ALONE)}))"
    r"(?P<century>[\s-]+centur(?:y|ies))?\b",
    re.IGNORECASE,
)
# An ordinal opens on a digit or, at a word's start, on an ordinal or tens word's first
# letter (scans.py).
_ORDINAL_SCAN = Scan(ORDINAL, first=word_start((*_ALONE, *TENS), or_any_of=r"\d"))
# "the 1400s", "the 1490s": the century a decade or a century's years fall in.
_HUNDREDS = re.compile(r"\b(?P<century>\d{1,2})00s\b")
_DECADE = re.compile(r"\b(?P<decade>\d{2,3})0s\b")


@dataclass(frozen=True, slots=True)
class Ordinal:
    span: tuple[int, int]
    value: int
    unit: str  # RANK_UNIT or CENTURY_UNIT
    surface: str


# Ordinal words that state no rank: a fraction ("a fifth of", "one tenth of": shares.py
# reads those it knows), a day of a month ("the tenth of June": dates.py's), a part of
# a year or a game ("the third quarter": a period dates imply), a party to a deal
# ("third-party apps"), a point of a list an answer counts off ("Third, the report
# recommends ...").
_FRACTION_BEFORE = re.compile(rf"\b(?:a|an|{'|'.join(sorted(NUMBER_WORDS))}|\d+)\s+$")
_NOT_A_RANK_AFTER = re.compile(
    r"^[\s-]+(?:of\s+(?:january|february|march|april|may|june|july|august|september|"
    r"october|november|december)\b|part(?:y|ies)\b|quarters?\b)",
    re.IGNORECASE,
)


def find_ordinals(text: str) -> Iterator[Ordinal]:
    """Every ordinal of `text` that states a rank, with "century" after it when it
    names one."""
    for match in _ORDINAL_SCAN.finditer(text):
        if not match.group("century") and _no_rank(text, match):
            continue
        yield Ordinal(
            match.span(),
            _value(match),
            CENTURY_UNIT if match.group("century") else RANK_UNIT,
            match.group(),
        )


def _no_rank(text: str, match: re.Match[str]) -> bool:
    """Whether an ordinal word is a fraction, a day of a month, a part of a year, a
    party or a list's point."""
    after = text[match.end() : match.end() + 20]
    if _NOT_A_RANK_AFTER.match(after):
        return True
    if after[:1] in (",", ":") and _opens_a_sentence(text, match.start()):
        return True
    before = text[max(0, match.start() - 8) : match.start()].lower()
    return bool(_FRACTION_BEFORE.search(before)) and after.lstrip().lower().startswith("of ")


def _opens_a_sentence(text: str, start: int) -> bool:
    before = text[:start].rstrip(" \t\"'“‘(*_")
    return not before or before[-1] in ".!?:;\n-•)"


def _value(match: re.Match[str]) -> int:
    if match.group("digits"):
        return int(match.group("digits"))
    if match.group("tens"):
        tens = 10 * (TENS.index(match.group("tens").lower()) + 2)
        return tens + _WORD_VALUES[match.group("ones").lower()]
    return _WORD_VALUES[match.group("word").lower()]


def centuries_of_year(year: int) -> frozenset[int]:
    """The century a year falls in, both ways it is counted: 1900 is the last year of
    the 19th century and the first of "the 1900s", the 20th."""
    return frozenset({year // 100 + 1, (year - 1) // 100 + 1})


def decade_centuries(text: str) -> frozenset[int]:
    """The centuries `text` names by a century's years or a decade ("the 1400s",
    "the 1490s": the 15th)."""
    found = {int(match.group("century")) + 1 for match in _HUNDREDS.finditer(text)}
    found |= {int(match.group("decade")) // 10 + 1 for match in _DECADE.finditer(text)}
    return frozenset(found)
