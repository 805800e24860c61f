"""The kept sources (and approved references), indexed for the lookups a check makes."""

from __future__ import annotations

from collections.abc import Iterable
from functools import cached_property

from grounding_sidecar.detection.text import words
from grounding_sidecar.detection.text.clock import times_agree
from grounding_sidecar.detection.text.details import (
    WORD,
    Detail,
    DetailKind,
    date_covers,
    extract_details,
    implied_details,
)


class SourceCorpus:
    """Every detail of every kept source (and approved reference), for lookups."""

    def __init__(self, texts: Iterable[str]) -> None:
        texts = list(texts)
        self._lowered = "\n".join(texts).lower()
        self._words = frozenset(WORD.findall(self._lowered))
        self._details = [
            detail for text in texts for detail in (*extract_details(text), *implied_details(text))
        ]
        self._dates = {d.value for d in self._details if d.kind is DetailKind.DATE}
        self._times = {d.value for d in self._details if d.kind is DetailKind.TIME}
        self._texts = texts

    @cached_property
    def content_words(self) -> frozenset[str]:
        """Stemmed content words of every text (the lexical features' vocabulary)."""
        return frozenset().union(*(words.content_words(text) for text in self._texts))

    @cached_property
    def bigrams(self) -> frozenset[tuple[str, str]]:
        return frozenset().union(*(words.bigrams(text) for text in self._texts))

    def has_word_outside(self, text: str) -> bool:
        """Whether `text` uses a word that no kept source does."""
        return any(word not in self._words for word in WORD.findall(text.lower()))

    def contains(self, detail: Detail) -> bool:
        if detail.kind is DetailKind.QUANTITY:
            return any(
                known.kind is DetailKind.QUANTITY
                and known.value == detail.value
                and (not known.unit or not detail.unit or known.unit == detail.unit)
                for known in self._details
            )
        if detail.kind is DetailKind.DATE:
            # "3 June" is supported by "3 June 2024"; a bare month by any date in it.
            return any(date_covers(known, detail.value) for known in self._dates)
        if detail.kind is DetailKind.TIME:
            # "2 PM" is supported by "14:00", and by "2:00" (either half of the day).
            return any(times_agree(known, detail.value) for known in self._times)
        words = WORD.findall(detail.value)
        return detail.value in self._lowered or all(word in self._words for word in words)
