"""The lexical first stage: which passages a claim's model work needs
(docs/detection.md#the-lexical-first-stage).

Embedding every passage makes a check cost what its sources cost, not what its answer
does: 50 sources of 10,000 characters are about 125,000 tokens of model work for an
answer of ten sentences.  So when the kept passages are longer in all than the
grader's budget, a BM25 ranking over the same stemmed content words the lexical
features read picks each claim's best `per_claim` passages, and only the union of
those goes through the embedder (and the verifier reads the best of them).  A claim
that shares few words gets the earliest other passages to make up its number, so with
`per_claim` passages or fewer the check is the full check.  A claim
is then compared with its own candidates only, so its grade does not depend on which
other claims the answer holds, and a stream's early sentences are graded exactly as
the whole answer's are.

Under the budget (the usual RAG request: a few sources of a page or two) every passage
is a candidate and the check is the full check.
"""

from __future__ import annotations

import math
from collections import defaultdict
from collections.abc import Sequence
from dataclasses import dataclass

import numpy as np
import numpy.typing as npt

from grounding_sidecar.detection.text import words

# BM25's usual constants: term-frequency saturation and length normalisation.
_K1 = 1.2
_B = 0.75


@dataclass(frozen=True, slots=True)
class FirstStage:
    """Bound once at start-up: above `budget_chars` of passages, `per_claim` candidates."""

    budget_chars: int = 20_000
    per_claim: int = 8

    @property
    def tag(self) -> str:
        """Part of the metric definition version: the first stage can change a verdict."""
        return f"lex{self.per_claim}@{self.budget_chars}"

    def prunes(self, passages: Sequence[str]) -> bool:
        return sum(map(len, passages)) > self.budget_chars


# A claim sharing no stemmed word with any passage is ranked again on the words' first
# letters: "advertise" and "Advertisements" share no stem but share "adver".
_PREFIX = 5


def _prefixes(terms: frozenset[str]) -> frozenset[str]:
    return frozenset(term[:_PREFIX] for term in terms)


class LexicalIndex:
    """BM25 over passages' stemmed content words (a passage's words counted once: a
    passage is one to three sentences, where repeats say little), and over their
    first letters for claims the words alone find nothing for."""

    def __init__(self, passages: Sequence[str]) -> None:
        terms = [words.content_words(text) for text in passages]
        self._order = np.arange(len(passages), dtype=np.intp)
        self._words = _Bm25(terms)
        self._prefixes = _Bm25([_prefixes(t) for t in terms])

    def scores(self, text: str) -> npt.NDArray[np.float32]:
        """BM25 of every passage for `text`."""
        return self._words.scores(words.content_words(text))

    def top(self, text: str, count: int) -> npt.NDArray[np.intp]:
        """`count` passages for `text` (all of them when there are no more): the best by
        shared words, then by shared word beginnings, then the earliest others, so a
        check with few passages compares every claim with all of them."""
        claim_terms = words.content_words(text)
        chosen = list(_best(self._words.scores(claim_terms), count))
        for extra in (_best(self._prefixes.scores(_prefixes(claim_terms)), count), self._order):
            for index in extra:
                if len(chosen) >= count:
                    break
                if index not in chosen:
                    chosen.append(int(index))
        return np.asarray(chosen, np.intp)


class _Bm25:
    def __init__(self, documents: Sequence[frozenset[str]]) -> None:
        self._count = len(documents)
        postings: defaultdict[str, list[int]] = defaultdict(list)
        lengths = np.zeros(len(documents), np.float32)
        for index, terms in enumerate(documents):
            lengths[index] = len(terms)
            for term in terms:
                postings[term].append(index)
        self._postings = {term: np.asarray(rows, np.intp) for term, rows in postings.items()}
        average = float(lengths.mean()) if len(documents) else 1.0
        # One term's BM25 weight in each document, but for its idf (tf = 1).
        self._weight = ((_K1 + 1) / (1 + _K1 * (1 - _B + _B * lengths / max(average, 1.0)))).astype(
            np.float32
        )

    def scores(self, terms: frozenset[str]) -> npt.NDArray[np.float32]:
        out = np.zeros(self._count, np.float32)
        for term in terms:
            rows = self._postings.get(term)
            if rows is None:
                continue
            idf = math.log(1 + (self._count - len(rows) + 0.5) / (len(rows) + 0.5))
            out[rows] += np.float32(idf) * self._weight[rows]
        return out


def _best(scores: npt.NDArray[np.float32], count: int) -> npt.NDArray[np.intp]:
    order = np.argsort(-scores, kind="stable")[:count]
    return order[scores[order] > 0]
