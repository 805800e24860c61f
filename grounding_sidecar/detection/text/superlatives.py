"""Superlatives on a scale: "the tallest active volcano" and "the smallest active
volcano" stand at the two ends of one scale (size), though no antonym table pairs
"tall" with "small".  Read as the scale and its end beside the noun phrase after it
(judging/superlatives.py compares two texts' superlatives of one thing).
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from functools import lru_cache

from grounding_sidecar.detection.text import words
from grounding_sidecar.detection.text.counts import PHRASE, phrase_nouns

# Each scale's two ends.  Words at one end restate each other loosely ("largest" and
# "tallest" of a volcano), so only the two ends are told apart.
_SCALES: dict[str, tuple[tuple[str, ...], tuple[str, ...]]] = {
    "size": (
        ("largest", "biggest", "tallest", "highest", "longest", "greatest", "widest",
         "heaviest", "deepest", "hugest"),
        ("smallest", "littlest", "shortest", "lowest", "tiniest", "narrowest", "lightest",
         "shallowest"),
    ),
    "age": (("oldest", "earliest"), ("youngest", "newest", "latest", "most recent")),
    "speed": (("fastest", "quickest"), ("slowest",)),
    "amount": (("most",), ("least", "fewest")),
    "quality": (("best",), ("worst",)),
    "wealth": (("richest", "wealthiest"), ("poorest",)),
    "heat": (("hottest", "warmest"), ("coldest", "coolest")),
    "activity": (("busiest",), ("quietest",)),
    "strength": (("strongest",), ("weakest",)),
    "price": (("cheapest",), ("dearest", "most expensive")),
    "distance": (("closest", "nearest"), ("farthest", "furthest", "most distant")),
    "order": (("first",), ("last", "final")),
}  # fmt: skip
_ENDS = {
    word: (scale, end) for scale, ends in _SCALES.items() for end in (0, 1) for word in ends[end]
}
_WORDS = "|".join(
    re.escape(word).replace(r"\ ", r"\s+") for word in sorted(_ENDS, key=len, reverse=True)
)
_SUPERLATIVE = re.compile(rf"\bthe\s+(?P<word>{_WORDS})" + PHRASE)
# A superlative ranked below the top: "the second-longest river", "Europe's third
# largest city".  Its rank is what a plain "the longest" says otherwise.
_RANKS = {
    "second": 2, "third": 3, "fourth": 4, "fifth": 5, "sixth": 6, "seventh": 7,
    "eighth": 8, "ninth": 9, "tenth": 10, "2nd": 2, "3rd": 3, "4th": 4, "5th": 5,
    "6th": 6, "7th": 7, "8th": 8, "9th": 9, "10th": 10,
}  # fmt: skip
_RANKED = re.compile(
    rf"(?:\bthe|'s)\s+(?P<rank>{'|'.join(_RANKS)})[\s-]+(?P<word>{_WORDS})" + PHRASE
)


@dataclass(frozen=True, slots=True)
class Superlative:
    """A superlative of a noun phrase: its scale, which end (0 or 1), the phrase's words
    (stemmed), the superlative as written, and its rank from that end (1 unless an
    ordinal before it says otherwise)."""

    scale: str
    end: int
    nouns: frozenset[str]
    surface: str
    rank: int = 1  # "the second-longest": 2

    def of_same(self, other: Superlative) -> bool:
        """Whether the two rank one thing on one scale: the same scale and the same
        phrase ("the smallest town" ranks among other things than "the largest
        market town")."""
        return self.scale == other.scale and self.nouns == other.nouns

    def same_end(self, other: Superlative) -> bool:
        """Whether the two stand at the same end of their scale, at the same rank."""
        return self.end == other.end and self.rank == other.rank


@lru_cache(maxsize=4_096)
def superlatives(text: str) -> tuple[Superlative, ...]:
    """Every superlative after "the" (or, ranked, after "the" or a possessive) that
    `text` states of a noun phrase, in order."""
    lowered = words.lower_case(text)
    plain = [(match, 1) for match in _SUPERLATIVE.finditer(lowered)]
    ranked = [(match, _RANKS[match.group("rank")]) for match in _RANKED.finditer(lowered)]
    found = []
    for match, rank in sorted(plain + ranked, key=lambda read: read[0].start()):
        nouns = phrase_nouns(match.group("phrase"))
        if not nouns:
            continue
        scale, end = _ENDS[" ".join(match.group("word").split())]
        if scale == "amount":  # "the most popular" and "the least popular" share a scale
            scale = f"amount {match.group('phrase').split()[0]}"
        start = match.start("rank") if rank > 1 else match.start("word")
        found.append(Superlative(scale, end, nouns, text[start : match.end("word")], rank))
    return tuple(found)
