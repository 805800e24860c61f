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


@dataclass(frozen=True, slots=True)
class Superlative:
    """A superlative of a noun phrase: its scale, which end (0 or 1), the phrase's words
    (stemmed) and the superlative as written."""

    scale: str
    end: int
    nouns: frozenset[str]
    surface: str

    def of_same(self, other: Superlative) -> bool:
        """Whether the two rank one thing on one scale: the same scale and the same
        phrase ("the smallest town" ranks among other things than "the largest
        market town")."""
        return self.scale == other.scale and self.nouns == other.nouns

    def same_end(self, other: Superlative) -> bool:
        """Whether the two stand at the same end of their scale."""
        return self.end == other.end


@lru_cache(maxsize=4_096)
def superlatives(text: str) -> tuple[Superlative, ...]:
    """Every superlative after "the" that `text` states of a noun phrase, in order."""
    found = []
    for match in _SUPERLATIVE.finditer(words.lower_case(text)):
        nouns = phrase_nouns(match.group("phrase"))
        if nouns:
            scale, end = _ENDS[" ".join(match.group("word").split())]
            if scale == "amount":  # "the most popular" and "the least popular" share a scale
                scale = f"amount {match.group('phrase').split()[0]}"
            found.append(
                Superlative(scale, end, nouns, text[match.start("word") : match.end("word")])
            )
    return tuple(found)
