"""Word pairs that cannot both be true of one thing: open/closed, rose/fell,
email/phone, steel/wood (docs/verifier.md#explained-contradictions).

The table ships as package data (`contrasts.json.gz`, built from WordNet and the
project's word lists by `tools/verifier/contrast_table.py`): antonyms and noun
co-hyponyms as lemma pairs, and WordNet's irregular forms so that "rose" finds "rise".
"""

from __future__ import annotations

import gzip
import json
from collections.abc import Mapping
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path

TABLE_PATH = Path(__file__).with_name("contrasts.json.gz")

# Regular inflections undone to find a lemma: (suffix, what replaces it).
_SUFFIXES: tuple[tuple[str, str], ...] = (
    ("ies", "y"),
    ("ied", "y"),
    ("ier", "y"),
    ("iest", "y"),
    ("es", ""),
    ("s", ""),
    ("ed", ""),
    ("ed", "e"),
    ("ing", ""),
    ("ing", "e"),
    ("er", ""),
    ("er", "e"),
    ("est", ""),
    ("est", "e"),
)
_MIN_STEM = 3


@dataclass(frozen=True, slots=True)
class ContrastTable:
    pairs: frozenset[str]  # "a b" with a < b, lemmas
    irregular: Mapping[str, str]  # inflected form -> lemma

    def lemmas(self, word: str) -> frozenset[str]:
        """`word` (lower case) and the lemmas it may be a form of."""
        found = {word}
        if word in self.irregular:
            found.add(self.irregular[word])
        for suffix, replacement in _SUFFIXES:
            stem = word[: len(word) - len(suffix)]
            if word.endswith(suffix) and len(stem) >= _MIN_STEM:
                found.add(stem + replacement)
                if replacement == "" and len(stem) > _MIN_STEM and stem[-1] == stem[-2]:
                    found.add(stem[:-1])  # stopped -> stop
        return frozenset(found)

    def contrast(self, first: str, second: str) -> bool:
        """Whether two words (lower case, any inflection) are a contrasting pair."""
        return any(
            f"{min(a, b)} {max(a, b)}" in self.pairs
            for a in self.lemmas(first)
            for b in self.lemmas(second)
        )


@lru_cache(maxsize=1)
def contrast_table(path: Path = TABLE_PATH) -> ContrastTable:
    data = json.loads(gzip.decompress(path.read_bytes()))
    return ContrastTable(frozenset(data["pairs"]), data["lemmas"])
