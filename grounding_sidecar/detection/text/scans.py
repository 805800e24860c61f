"""Patterns that skip a text they cannot match: a scan looks for a word every match holds.

Reading a text's details runs some thirty regular expressions over every source; most
look for words few texts hold ("half", "tripled", "unlimited", a weekday), and
Python's engine tries each pattern at every position of the text whether or not the
word is there.  A `Scan` first looks for the words as plain substrings of the text
case-folded (one pass in C, tens of times cheaper than the scan) and runs the pattern
only when one is there: the matches are the pattern's own, so a scan finds exactly
what the pattern finds.  That holds only if every match really holds one of the scan's
words (and a digit, where it says so); each scan's test checks its words against the
pattern's matches.

A pattern whose every match starts with a character of a kind ("14:30", "3 June" and
"2026-06-03" with a digit; an amount with a digit, a currency symbol or a number
word's first letter) is tried only at the characters of that kind (`first`), as
`re.finditer` would find it there: those are a few characters in a hundred, and the
engine otherwise tries the whole pattern at every position.

Case folding matches the engine's: under `re.IGNORECASE` an ASCII letter also matches
a few other characters (the long s, U+017F, is an "s"; the Kelvin sign a "k"); `fold`
maps those to the letter, so a word a match holds is a substring of the folded text.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Iterator

# The characters outside ASCII that `re.IGNORECASE` matches to an ASCII letter, and
# that `str.lower` does not lower to it (the test reads every code point): the dotless
# i and the long s.
_TO_ASCII = (("\u0131", "i"), ("\u017f", "s"))
# Any one digit, as the engine reads `\d` (a `first` for patterns opening on a number).
DIGIT = re.compile(r"\d")


def word_start(
    words: Iterable[str], *, ignore_case: bool = True, or_any_of: str = ""
) -> re.Pattern[str]:
    """A `first` for a pattern that opens, at a word's start, on one of `words`: the
    start of a word whose first letter one of them has, or anywhere one of the
    characters of the class `or_any_of` (`r"\\d"`, `"$€"`)."""
    letters = rf"\b[{re.escape(''.join(sorted({word[0] for word in words})))}]"
    either = f"[{or_any_of}]|{letters}" if or_any_of else letters
    return re.compile(either, re.IGNORECASE if ignore_case else 0)


def fold(text: str) -> str:
    """`text` lower-cased so that an ASCII word any case of which `re.IGNORECASE` would
    match in `text` is a substring of it."""
    return fold_lowered(text.lower())


def fold_lowered(lowered: str) -> str:
    """`fold` of a text whose `str.lower()` the caller already has."""
    if not lowered.isascii():
        for character, letter in _TO_ASCII:
            lowered = lowered.replace(character, letter)  # no copy when it is absent
    return lowered


class Scan:
    """`pattern`, run only over a text holding one of `words` (ASCII, lower case) and,
    with `digit`, a digit (`\\d`): every match of the pattern holds them.  With
    `first`, a pattern that matches one character, every match starts where `first`
    matches (and none is empty), and the pattern is tried only there."""

    __slots__ = ("digit", "first", "pattern", "words")

    def __init__(
        self,
        pattern: re.Pattern[str],
        *words: str,
        digit: bool = False,
        first: re.Pattern[str] | None = None,
    ) -> None:
        if not words and not digit and first is None:
            raise ValueError("a scan needs a word, a digit or a first character to look for")
        if any(word != fold(word) or not word.isascii() for word in words):
            raise ValueError(f"a scan's words are ASCII and lower case: {words}")
        self.pattern = pattern
        self.words = words
        self.digit = digit
        self.first = first

    def may_match(self, text: str, folded: str | None = None) -> bool:
        """Whether `text` holds what every match holds; `folded` is `fold(text)`, if
        the caller has it."""
        if self.digit and DIGIT.search(text) is None:
            return False
        if not self.words:
            return True
        folded = fold(text) if folded is None else folded
        return any(word in folded for word in self.words)

    def finditer(self, text: str, folded: str | None = None) -> Iterator[re.Match[str]]:
        """The pattern's matches in `text` (none without a word it needs)."""
        if not self.may_match(text, folded):
            return
        if self.first is None:
            yield from self.pattern.finditer(text)
            return
        # re.finditer's own walk, over the positions a match can start at: the first
        # match at or after the end of the one before (the lookbehinds and word
        # boundaries at a position see the text before it, as they do in a scan).
        end = 0
        for start in self.first.finditer(text):
            if start.start() >= end:
                match = self.pattern.match(text, start.start())
                if match is not None:
                    end = match.end()
                    yield match
