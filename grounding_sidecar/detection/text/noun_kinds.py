"""Nouns of one kind: "kitchen" and "bedroom" (rooms), "piano" and "violin" (musical
instruments), "tea" and "lemonade" (beverages) name different things, so a claim that
puts one where its passage has the other says something else.

Such pairs are too many to list (a few million in WordNet), so the contrast table
carries, for each noun, the hypernyms of its most frequent sense and which of them are
kinds (tools/training/verifier/contrast_table.py chooses them), and two nouns are
compared here: of one kind, neither the other's hypernym ("taxi" is a "car": a
restatement, not a swap), not synonyms (a synset of any sense shared), and the
claim's noun not broader than the passage's (WordNet does not link every noun to
every word that restates it: a "bus" is no "vehicle" there).
"""

from __future__ import annotations

import hashlib
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

import numpy as np
import numpy.typing as npt

# A claim's noun that heads more than this many nouns more than its passage's noun
# does, and sits no lower in WordNet (`Noun.broader_than`), is broader than it, and
# read as a restatement: "vehicle" (69 nouns below it) for "bus" (2), "room" (95) for
# "basement" (0), "teacher" (19) for "professor" (0); never "coffee" (6) for "tea" (4),
# nor "mother" (16, and lower) for "brother" (1).  Chosen on faithful restatements of
# the project's own and checked on every held-out set
# (docs/verifier.md#nouns-of-one-kind).
BROADER_BY = 10


@dataclass(frozen=True, slots=True)
class NounKinds:
    # One row per noun, sorted by the noun's 64-bit key; the hypernyms of row i are
    # hypernyms[hypernym_start[i]:hypernym_start[i + 1]] (and the same for kinds and
    # senses): a few MB for 53,525 nouns, where Python sets would hold 30 MB.
    keys: npt.NDArray[np.uint64]
    synsets: npt.NDArray[np.int64]
    hypernym_start: npt.NDArray[np.int64]
    hypernyms: npt.NDArray[np.int64]
    kind_start: npt.NDArray[np.int64]
    kinds: npt.NDArray[np.int64]
    below: npt.NDArray[np.int64]  # how many nouns each heads
    sense_start: npt.NDArray[np.int64]
    senses: npt.NDArray[np.int64]  # the synsets of each noun's senses
    above_start: npt.NDArray[np.int64]
    above: npt.NDArray[np.int64]  # the hypernyms of all its senses
    depth: npt.NDArray[np.int64]  # its most frequent sense's longest path to WordNet's root

    @classmethod
    def from_nouns(cls, nouns: Mapping[str, Sequence[Any]]) -> NounKinds:
        """From the table's `nouns`: noun -> [synset, [hypernyms], [kinds], nouns below,
        [senses], [hypernyms of every sense], depth]."""
        rows = sorted((word_key(noun), entry) for noun, entry in nouns.items())
        synsets = [int(entry[0]) for _, entry in rows]
        hypernyms = [list(entry[1]) for _, entry in rows]
        kinds = [list(entry[2]) for _, entry in rows]
        senses = [list(entry[4]) for _, entry in rows]
        above = [list(entry[5]) for _, entry in rows]
        return cls(
            keys=np.array([key for key, _ in rows], dtype=np.uint64),
            synsets=np.array(synsets, dtype=np.int64),
            hypernym_start=_starts(hypernyms),
            hypernyms=np.array([h for each in hypernyms for h in each], dtype=np.int64),
            kind_start=_starts(kinds),
            kinds=np.array([k for each in kinds for k in each], dtype=np.int64),
            below=np.array([int(entry[3]) for _, entry in rows], dtype=np.int64),
            sense_start=_starts(senses),
            senses=np.array([s for each in senses for s in each], dtype=np.int64),
            above_start=_starts(above),
            above=np.array([a for each in above for a in each], dtype=np.int64),
            depth=np.array([int(entry[6]) for _, entry in rows], dtype=np.int64),
        )

    def lookup(self, words: Sequence[Iterable[str]]) -> list[tuple[Noun, ...]]:
        """The nouns each word may be (its `noun_forms`), all words in one search."""
        lemmas = [list(each) for each in words]
        wanted = np.array([word_key(lemma) for each in lemmas for lemma in each], dtype=np.uint64)
        if not len(wanted) or not len(self.keys):
            return [() for _ in lemmas]
        at = np.minimum(np.searchsorted(self.keys, wanted), len(self.keys) - 1)
        hit = (self.keys[at] == wanted).tolist()
        rows = at.tolist()
        found: list[tuple[Noun, ...]] = []
        index = 0
        for each in lemmas:
            found.append(
                tuple(self._noun(rows[k]) for k in range(index, index + len(each)) if hit[k])
            )
            index += len(each)
        return found

    def _noun(self, row: int) -> Noun:
        return Noun(
            int(self.synsets[row]),
            frozenset(
                self.hypernyms[self.hypernym_start[row] : self.hypernym_start[row + 1]].tolist()
            ),
            frozenset(self.kinds[self.kind_start[row] : self.kind_start[row + 1]].tolist()),
            int(self.below[row]),
            frozenset(self.senses[self.sense_start[row] : self.sense_start[row + 1]].tolist()),
            frozenset(self.above[self.above_start[row] : self.above_start[row + 1]].tolist()),
            int(self.depth[row]),
        )


@dataclass(frozen=True, slots=True)
class Noun:
    """One noun's most frequent sense: its synset, its hypernyms up to the table's
    depth, those of them that are kinds, how many nouns it heads; and the synsets of
    all its senses, with their hypernyms to the same depth."""

    synset: int
    hypernyms: frozenset[int]
    kinds: frozenset[int]
    below: int
    senses: frozenset[int]
    senses_above: frozenset[int]
    depth: int

    def stands_against(self, passage: Noun) -> bool:
        """Whether this noun of a claim names another thing of a kind that the
        passage's noun is: one that `replaces` it, and of a kind the passage's noun
        is."""
        return self.replaces(passage) and not self.kinds.isdisjoint(passage.kinds)

    def replaces(self, passage: Noun) -> bool:
        """Whether this noun of a claim, put where its passage has `passage`, names
        something else: not a synonym (no synset of any sense shared), neither the
        other's hypernym in any sense ("session", in one sense a kind of "meeting"),
        and not broader than the passage's noun (`BROADER_BY`).
        Without a shared kind this says nothing alone ("report" and "study"); the
        sentence around the two nouns has to say they fill one slot
        (consistency.find_contrast)."""
        return (
            self.senses.isdisjoint(passage.senses)
            and self.senses.isdisjoint(passage.senses_above)
            and passage.senses.isdisjoint(self.senses_above)
            and not self.broader_than(passage)
        )

    def broader_than(self, passage: Noun) -> bool:
        """Whether this noun of a claim is a broader word for the passage's, one WordNet
        does not link to it: it heads more than BROADER_BY nouns more and sits no lower
        in the hierarchy ("vehicle" for "bus", "room" for "basement"); not a noun that
        heads many but sits lower ("mother" for "brother", "doctor" for "nurse", "car"
        for "bus")."""
        return self.below > passage.below + BROADER_BY and self.depth <= passage.depth


# A noun's regular plurals undone ("kitchens", "cities", "boxes"): only these, so that a
# verb's form is never read as a noun ("starred" is not "star").  Irregular plurals
# ("mice") are entries of the table.  An undone form keeps at least MIN_STEM letters.
PLURALS: tuple[tuple[str, str], ...] = (("ies", "y"), ("es", ""), ("s", ""))
MIN_STEM = 3


def noun_forms(word: str) -> frozenset[str]:
    """`word` (lower case) and the nouns it may be the plural of."""
    found = {word}
    for suffix, replacement in PLURALS:
        stem = word[: len(word) - len(suffix)]
        if word.endswith(suffix) and len(stem) >= MIN_STEM:
            found.add(stem + replacement)
    return frozenset(found)


def _starts(lists: list[list[int]]) -> npt.NDArray[np.int64]:
    starts = np.zeros(len(lists) + 1, dtype=np.int64)
    np.cumsum([len(each) for each in lists], out=starts[1:])
    return starts


def word_key(text: str) -> int:
    """A word's (or a pair's) 64-bit key in the table's sorted arrays."""
    return int.from_bytes(hashlib.blake2b(text.encode(), digest_size=8).digest(), "little")
