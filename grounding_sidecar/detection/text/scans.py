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

A pattern whose every match starts with a digit ("14:30", "3 June", "2026-06-03") is
tried only where a digit is (`first`), as `re.finditer` would find it there: digits are
a few characters in a hundred, and the engine otherwise tries the whole pattern at
every position.

Case folding matches the engine's: under `re.IGNORECASE` an ASCII letter also matches
a few other characters (the long s, U+017F, is an "s"; the Kelvin sign a "k"); `fold`
maps those to the letter, so a word a match holds is a substring of the folded text.
"""

from __future__ import annotations

import re
from collections.abc import Iterator

# The characters outside ASCII that `re.IGNORECASE` matches to an ASCII letter, and
# that `str.lower` does not lower to it (the test reads every code point).
_TO_ASCII = str.maketrans({"\u0131": "i", "\u017f": "s"})
_DIGIT = re.compile(r"\d")


def fold(text: str) -> str:
    """`text` lower-cased so that an ASCII word any case of which `re.IGNORECASE` would
    match in `text` is a substring of it."""
    lowered = text.lower()
    return lowered if lowered.isascii() else lowered.translate(_TO_ASCII)


class Scan:
    """`pattern`, run only over a text holding one of `words` (ASCII, lower case) and,
    with `digit`, a digit (`\\d`): every match of the pattern holds them.  With
    `digit_first`, every match starts with a digit (and none is empty), and the pattern
    is tried only at digits."""

    __slots__ = ("digit", "digit_first", "pattern", "words")

    def __init__(
        self,
        pattern: re.Pattern[str],
        *words: str,
        digit: bool = False,
        digit_first: bool = False,
    ) -> None:
        if not words and not digit:
            raise ValueError("a scan needs a word or a digit to look for")
        if any(word != fold(word) or not word.isascii() for word in words):
            raise ValueError(f"a scan's words are ASCII and lower case: {words}")
        if digit_first and not digit:
            raise ValueError("a match that starts with a digit holds one")
        self.pattern = pattern
        self.words = words
        self.digit = digit
        self.digit_first = digit_first

    def may_match(self, text: str, folded: str | None = None) -> bool:
        """Whether `text` holds what every match holds; `folded` is `fold(text)`, if
        the caller has it."""
        if self.digit and _DIGIT.search(text) is None:
            return False
        if not self.words:
            return True
        folded = fold(text) if folded is None else folded
        return any(word in folded for word in self.words)

    def finditer(self, text: str, folded: str | None = None) -> Iterator[re.Match[str]]:
        """The pattern's matches in `text` (none without a word it needs)."""
        if not self.may_match(text, folded):
            return
        if not self.digit_first:
            yield from self.pattern.finditer(text)
            return
        # re.finditer's own walk, over the positions a match can start at: the first
        # match at or after the end of the one before (the lookbehinds and word
        # boundaries at a position see the text before it, as they do in a scan).
        end = 0
        for digit in _DIGIT.finditer(text):
            if digit.start() >= end:
                match = self.pattern.match(text, digit.start())
                if match is not None:
                    end = match.end()
                    yield match
