"""Word pairs that cannot both be true of one thing: open/closed, rose/fell,
email/phone, steel/wood (docs/verifier.md#explained-contradictions).

The table ships as package data (`contrasts.json.gz`, built from WordNet and the
project's word lists by `tools/training/verifier/contrast_table.py`): antonyms, noun
co-hyponyms and the project's contrasts as lemma pairs, the kinds of each noun
(noun_kinds.py: "kitchen" against "bedroom"), and WordNet's irregular forms so that
"rose" finds "rise".
"""

from __future__ import annotations

import gzip
import hashlib
import json
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path
from typing import Any

import numpy as np
import numpy.typing as npt

from grounding_sidecar.detection.text.amounts import NUMBER_WORDS
from grounding_sidecar.detection.text.noun_kinds import (
    MIN_STEM,
    PLURALS,
    Noun,
    NounKinds,
    noun_forms,
    word_key,
)

TABLE_PATH = Path(__file__).with_name("contrasts.json.gz")
# The table is part of what the verifier's version names (verifier/store.py): a table
# that is not this one is refused, never read.
TABLE_SHA256 = "9141b9ab7f290a4e0176a9db3ec47e6ecd9abd1205e302a5a01795cb55f96dc8"


# Words that say what must or may be done ("needs your manager's approval", "must be
# approved"): WordNet also reads them as nouns ("a must", "a need"), two of one kind, so
# the table would set one against the other.  One modal verb never stands against
# another, and neither does one number word against another ("two" for "three"): the
# details rules compare numbers as values (amounts.NUMBER_WORDS).  Read here rather
# than left out of the table: the table's bytes are pinned and name the verifier's
# version (verifier/store.py), and these are rules of reading, not of WordNet.
MODAL_VERBS = frozenset(
    (  # noqa: SIM905 - a word list reads better as text
        "must need needs needed may might can could shall should will would ought"
    ).split()
)


def _same_class(first: str, second: str) -> bool:
    """Two modal verbs, or two number words: never a contrast of words."""
    return (first in MODAL_VERBS and second in MODAL_VERBS) or (
        first in NUMBER_WORDS and second in NUMBER_WORDS
    )


class ContrastTableUnavailable(ValueError):
    """The shipped table is missing or is not the pinned one."""


# Regular inflections undone to find a lemma: (suffix, what replaces it), the plurals
# first.
_SUFFIXES: tuple[tuple[str, str], ...] = (
    *PLURALS,
    ("ied", "y"),
    ("ier", "y"),
    ("iest", "y"),
    ("ed", ""),
    ("ed", "e"),
    ("ing", ""),
    ("ing", "e"),
    ("er", ""),
    ("er", "e"),
    ("est", ""),
    ("est", "e"),
)


@dataclass(frozen=True, slots=True)
class ContrastTable:
    # The pairs as sorted 64-bit keys of "a b" (lemmas, a < b): 2 MB, where a set of
    # 240,000 strings would hold 34 MB of every replica's memory.
    keys: npt.NDArray[np.uint64]
    # The pairs that say opposite things ("required"/"optional", "adds"/"removes"),
    # keyed as `keys`; the rest name two things of a kind ("tea"/"coffee").
    opposite_keys: npt.NDArray[np.uint64]
    irregular: Mapping[str, str]  # inflected form -> lemma
    nouns: NounKinds
    # Words WordNet has as nouns but that are used more often otherwise ("drill",
    # "duck", "contract", "saw"): nouns only where the sentence makes them one.
    slot_nouns: NounKinds

    @classmethod
    def from_pairs(
        cls,
        pairs: Iterable[str],
        irregular: Mapping[str, str],
        nouns: Mapping[str, Sequence[Any]],
        slot_nouns: Mapping[str, Sequence[Any]],
        opposites: Iterable[str] = (),
    ) -> ContrastTable:
        return cls(
            np.array(sorted(word_key(p) for p in pairs), dtype=np.uint64),
            np.array(sorted(word_key(p) for p in opposites), dtype=np.uint64),
            dict(irregular),
            NounKinds.from_nouns(nouns),
            NounKinds.from_nouns(slot_nouns),
        )

    def lemmas(self, word: str) -> frozenset[str]:
        """`word` (lower case) and the lemmas it may be a form of."""
        found = {word}
        if word in self.irregular:
            found.add(self.irregular[word])
        for suffix, replacement in _SUFFIXES:
            stem = word[: len(word) - len(suffix)]
            if word.endswith(suffix) and len(stem) >= MIN_STEM:
                found.add(stem + replacement)
                if replacement == "" and len(stem) > MIN_STEM and stem[-1] == stem[-2]:
                    found.add(stem[:-1])  # stopped -> stop
        return frozenset(found)

    def same_word(self, first: str, second: str) -> bool:
        """Whether two words (lower case) may be forms of one lemma ("service",
        "services"): a word never stands against its own inflection."""
        return not self.lemmas(first).isdisjoint(self.lemmas(second))

    def synonyms(self, first: str, second: str) -> bool:
        """Whether two words (lower case) may name one thing: forms of one lemma, or
        nouns one of which has the other's most frequent sense among its senses
        ("doctor", "physician"; not "hour" and "minute", which share only a rare sense,
        a short distance)."""
        if self.same_word(first, second):
            return True
        mine, theirs = self.nouns.lookup([noun_forms(first), noun_forms(second)])
        return any(a.synset in b.senses or b.synset in a.senses for a in mine for b in theirs)

    def is_noun(self, word: str) -> bool:
        """Whether `word` (lower case) is a noun or a noun's plural the table knows."""
        return bool(self.nouns.lookup([noun_forms(word)])[0])

    def knows_noun(self, word: str) -> bool:
        """Whether `word` (lower case) is a noun or a noun's plural, counting the nouns
        used more often otherwise (`slot_nouns`): "kids", "drills"."""
        return bool(self._any_nouns([noun_forms(word)])[0])

    def contrast(self, first: str, second: str) -> bool:
        """Whether a claim's word stands against its passage's (lower case, any
        inflection): a contrasting pair, or nouns of one kind (`first_pair`)."""
        return self.first_pair([first], [second]) is not None

    def first_pair(self, firsts: Sequence[str], seconds: Sequence[str]) -> tuple[str, str] | None:
        """The first (first word, second word) pair, in the order given, that the table
        holds as a pair, or where the first word is a noun standing against the second
        (`Noun.stands_against`: the first words are a claim's, the second its
        passage's): every word's lemmas worked out once, every candidate pair's key
        looked up in one search."""
        first_lemmas = [self.lemmas(word) for word in firsts]
        second_lemmas = [self.lemmas(word) for word in seconds]
        listed = self._listed(first_lemmas, second_lemmas, self.keys)
        nouns = self.nouns.lookup([noun_forms(word) for word in [*firsts, *seconds]])
        first_nouns, second_nouns = nouns[: len(firsts)], nouns[len(firsts) :]
        for i, mine in enumerate(first_nouns):
            for j, theirs in enumerate(second_nouns):
                if _same_class(firsts[i], seconds[j]):
                    continue
                if (i, j) in listed or any(a.stands_against(b) for a in mine for b in theirs):
                    return firsts[i], seconds[j]
        return None

    def opposite(self, first: str, second: str) -> bool:
        """Whether two words (lower case, any inflection) are a pair that says opposite
        things: an antonym, a direction, a pair of the domain list."""
        return bool(self._listed([self.lemmas(first)], [self.lemmas(second)], self.opposite_keys))

    def replaces(self, claim_word: str, passage_word: str) -> bool:
        """Whether a claim's noun, put where its passage has another noun, names
        something else (`Noun.replaces`; never an inflection of the same word)."""
        return self._replaces(claim_word, passage_word, self.nouns.lookup)

    def replaces_in_noun_slot(self, claim_word: str, passage_word: str) -> bool:
        """`replaces` for two words that stand where a noun does ("with a drill" against
        "with a hammer"): a word the table knows only as a noun used more often
        otherwise is read as that noun here."""
        return self._replaces(claim_word, passage_word, self._any_nouns)

    def _replaces(
        self,
        claim_word: str,
        passage_word: str,
        lookup: Callable[[Sequence[Iterable[str]]], list[tuple[Noun, ...]]],
    ) -> bool:
        if self.same_word(claim_word, passage_word):
            return False
        mine, theirs = lookup([noun_forms(claim_word), noun_forms(passage_word)])
        return any(a.replaces(b) for a in mine for b in theirs)

    def _any_nouns(self, words: Sequence[Iterable[str]]) -> list[tuple[Noun, ...]]:
        """`NounKinds.lookup` over the nouns, then, for a word that is none, the nouns
        used more often otherwise (`slot_nouns`)."""
        return [
            found or also
            for found, also in zip(
                self.nouns.lookup(words), self.slot_nouns.lookup(words), strict=True
            )
        ]

    def _listed(
        self,
        first_lemmas: list[frozenset[str]],
        second_lemmas: list[frozenset[str]],
        keys: npt.NDArray[np.uint64],
    ) -> set[tuple[int, int]]:
        """The (i, j) word pairs with a lemma pair among `keys` (sorted pair keys)."""
        candidates = [
            (i, j, word_key(pair(a, b)))
            for i, mine in enumerate(first_lemmas)
            for j, theirs in enumerate(second_lemmas)
            for a in mine
            for b in theirs
            if a != b
        ]
        if not candidates or not len(keys):
            return set()
        wanted = np.array([key for _, _, key in candidates], dtype=np.uint64)
        at = np.minimum(np.searchsorted(keys, wanted), len(keys) - 1)
        return {candidates[k][:2] for k in np.flatnonzero(keys[at] == wanted)}


def pair(first: str, second: str) -> str:
    """A pair as the table stores it: the two lemmas in order, one space between."""
    return f"{min(first, second)} {max(first, second)}"


@lru_cache(maxsize=1)
def contrast_table(path: Path = TABLE_PATH, sha256: str = TABLE_SHA256) -> ContrastTable:
    try:
        packed = path.read_bytes()
    except OSError as exc:
        raise ContrastTableUnavailable(f"cannot read the contrast table {path}: {exc}") from exc
    if hashlib.sha256(packed).hexdigest() != sha256:
        raise ContrastTableUnavailable(f"the contrast table {path} does not match its pin")
    data = json.loads(gzip.decompress(packed))
    return ContrastTable.from_pairs(
        data["pairs"], data["lemmas"], data["nouns"], data["slot_nouns"], data["opposites"]
    )


# Per word: the role and swap rules ask it of every word a claim and a passage share,
# passage after passage, and one answer costs a blake2b key, a sorted search and the
# noun's records.  32,768 words of a few dozen bytes each: a few MiB at most.
@lru_cache(maxsize=32_768)
def known_noun(word: str) -> bool:
    """Whether `word` (lower case) is a noun or a noun's plural the shipped table knows
    (`ContrastTable.is_noun`)."""
    return contrast_table().is_noun(word)
