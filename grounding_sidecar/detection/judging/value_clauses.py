"""The clause around a value in a text: where it opens and closes, between the breaks
that join a second fact to a first, and the content words it holds besides the values
compared (bindings.py, owners.py and stated_elsewhere.py read values by them).
"""

from __future__ import annotations

import re

from grounding_sidecar.detection.text import words
from grounding_sidecar.detection.text.clauses import SENTENCE_END, clause_around

# What ends a clause: punctuation, and the words that join a second fact to a first.
CLAUSE_BREAK = re.compile(r"[,;:()]|\b(?:and|but|while|whereas|which|with)\b", re.IGNORECASE)


class ValueClauses:
    """A text's clauses, for the content words around a value (the values compared
    aside)."""

    def __init__(self, text: str, values: frozenset[str]) -> None:
        self._text = text
        self._values = values
        self._breaks = clause_breaks(text)
        self._frame: frozenset[str] = frozenset()

    def clause_of(self, surface: str) -> tuple[int, int] | None:
        """Where the clause around the first place the text writes `surface` opens and
        closes; None where it does not."""
        match = token_pattern(surface).search(self._text)
        if match is None:
            return None
        start, end = match.span()
        return clause_around(self._breaks, start, end, len(self._text))

    def clause_text(self, surface: str) -> str:
        """That clause ("" where the text does not write `surface`)."""
        clause = self.clause_of(surface)
        return "" if clause is None else self._text[clause[0] : clause[1]]

    def words_around(self, surface: str) -> frozenset[str]:
        """The content words of that clause, less the values and the frame two values'
        clauses share (`set_frame`)."""
        return words.content_words(self.clause_text(surface)) - self._values - self._frame

    def set_frame(self, first: str, second: str) -> None:
        """Read the words before the earlier of two values in its clause as a frame
        both values' clauses share, where the later one's clause opens at its value
        with no content word of its own ("Members earn 2 points for every dollar spent
        in store and 1 point per dollar online": "Members earn" earns both), so that
        only the words that tell the two facts apart are compared."""
        places = sorted(
            (match.start(), clause)
            for surface in (first, second)
            if surface
            and (match := token_pattern(surface).search(self._text)) is not None
            and (clause := self.clause_of(surface)) is not None
        )
        if len(places) != 2 or places[0][1] == places[1][1]:
            return
        (first_at, (first_opens, _)), (second_at, (second_opens, _)) = places
        if words.content_words(self._text[second_opens:second_at]):
            return  # the later clause names its own subject or verb
        self._frame = words.content_words(self._text[first_opens:first_at]) - self._values


def apart(text: str, first: str, second: str) -> bool:
    """Whether `text` writes two values in different clauses (each where it first
    writes it): values of one clause are never swapped by their order."""
    clauses = ValueClauses(text, frozenset())
    return clauses.clause_of(first) != clauses.clause_of(second)


def clause_breaks(text: str) -> list[tuple[int, int]]:
    """The spans of `text`'s clause breaks and sentence ends, in order."""
    found = [m.span() for m in (*CLAUSE_BREAK.finditer(text), *SENTENCE_END.finditer(text))]
    return sorted(found)


def token_pattern(surface: str) -> re.Pattern[str]:
    """`surface` as a whole token of a text ("45" is not in "145")."""
    return re.compile(rf"(?<![A-Za-z0-9]){re.escape(surface)}(?![A-Za-z0-9])", re.IGNORECASE)
