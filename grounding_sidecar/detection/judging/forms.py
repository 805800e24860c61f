"""A text's words as the contrast rule compares them: each in every form it may take,
inflected ("services" a form of "service", `ContrastTable.lemmas`) or derived from one
root ("approval" beside "approved"), so a claim's word is new to its passage only when
the passage writes it in no form (consistency.find_contrast;
docs/verifier.md#explained-contradictions)."""

from __future__ import annotations

import collections
from functools import cached_property

from grounding_sidecar.detection.text.contrasts import ContrastTable
from grounding_sidecar.detection.text.details import WORD


class WordForms:
    """A text's words (lower case, alphabetic) in order, how often each is written, the
    lemmas each may be a form of (`ContrastTable.lemmas`) and the words of each root
    (`_root`), each worked out once."""

    def __init__(self, text: str, table: ContrastTable) -> None:
        self.written = collections.Counter(words_in(text))
        self.lemmas = {word: table.lemmas(word) for word in self.written}
        self.uses: collections.Counter[str] = collections.Counter()
        for word, times in self.written.items():
            for lemma in self.lemmas[word]:
                self.uses[lemma] += times

    def new_beside(self, other: WordForms) -> list[str]:
        """These words that `other` uses in no form, inflected or derived: "exchange"
        is no new word beside "exchanged", nor "approval" beside "approved", so it
        stands against nothing the passage says."""
        return [
            word
            for word, lemmas in self.lemmas.items()
            if lemmas.isdisjoint(other.uses) and not other.derives(word)
        ]

    def derives(self, word: str) -> bool:
        """Whether these words hold one of `word`'s root (`_root`) that is not its
        counterpart in a relation ("employer", "employee")."""
        return any(not _roles(word, mine) for mine in self._roots.get(_root(word), ()))

    @cached_property
    def _roots(self) -> dict[str, list[str]]:
        """These words by root (only a passage's are asked for)."""
        roots: dict[str, list[str]] = collections.defaultdict(list)
        for word in self.written:
            if root := _root(word):
                roots[root].append(word)
        return roots

    def dropped_by(self, claim: WordForms) -> list[str]:
        """These (a passage's) words that the claim uses fewer times, in any form, than
        the passage does, the forms the claim never writes first: "open" is kept by a
        claim that "opens at 7 AM and closes at 9 PM", and "increase" is dropped by one
        that says "increased" once and "decrease" where the passage says "increased …
        an increase"."""
        dropped = [
            word
            for word, lemmas in self.lemmas.items()
            if max(claim.uses[lemma] for lemma in lemmas)
            < max(self.uses[lemma] for lemma in lemmas)
        ]
        return sorted(dropped, key=lambda word: word in claim.written)


# The letters two words of one root share at the start, each word having more: a noun
# made from a verb keeps them ("approval", "approved"; "cancellation", "cancelled").
ROOT_LETTERS = 6


def _root(word: str) -> str:
    """The first ROOT_LETTERS letters of a longer word; "" for a shorter one."""
    return word[:ROOT_LETTERS] if len(word) > ROOT_LETTERS else ""


# The endings of the two sides of a relation ("employer", "employee"; "lessor",
# "lessee"): one root, two parties.
_PARTY_ENDINGS = ("er", "ee", "or")


def _roles(first: str, second: str) -> bool:
    """Whether two words name the two parties of a relation by their endings."""
    return first[-2:] != second[-2:] and all(w.endswith(_PARTY_ENDINGS) for w in (first, second))


def words_in(text: str) -> list[str]:
    """The words of `text`, lower case, in order."""
    return [token for token in WORD.findall(text.lower()) if token.isalpha()]
