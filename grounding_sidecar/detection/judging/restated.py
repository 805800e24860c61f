"""A claim's negation that restates its passage rather than flipping it, for polarity.py:
a cue that negates the antonym of a word the passage states plainly, a cue that
negates paying where the passage calls the thing free, and a narrow cue ("no later
than Friday", "at no cost") where the passage does not use its word.
"""

from __future__ import annotations

from functools import cached_property

from grounding_sidecar.detection.judging.prices import calls_free
from grounding_sidecar.detection.text import words
from grounding_sidecar.detection.text.contrasts import contrast_table
from grounding_sidecar.detection.text.negation import Cue, cues
from grounding_sidecar.detection.text.noun_kinds import noun_forms


class Antonyms:
    """The passage's words the claim does not write, that are no nouns: a claim's cue
    that negates the antonym of one of them restates it ("The museum does not open on
    any public holiday" against "The museum is closed on all public holidays", "is not
    required" against "is optional"), as a denial restates a "not" (the contrast table's
    pairs; nouns never, "does not serve tea" is no "serves coffee"), where the passage
    negates nothing ("without decreasing the size" against "without increasing the
    size" is a swap).  Read only for a cue whose negated word the passage never uses."""

    def __init__(self, claim: str, passage: str) -> None:
        self._claim, self._passage = claim, passage

    def restated_by(self, cue: Cue) -> bool:
        if not cue.negated or cue.narrow or cues(self._passage):
            return False  # a passage that negates too may negate the antonym itself
        negated = cue.negated[0]
        if negated in self._passage_words:
            return False
        forms = _not_nouns([form for form in (cue.written, negated) if form])
        candidates = self._candidates
        if not forms or not candidates:
            return False
        return contrast_table().first_pair(forms, candidates) is not None

    @cached_property
    def _passage_words(self) -> frozenset[str]:
        return frozenset(words.words(self._passage))

    @cached_property
    def _candidates(self) -> list[str]:
        mine = frozenset(words.written(self._claim.lower()))
        written = words.written(self._passage.lower())
        return _not_nouns(sorted({w for w in written if w.isalpha() and w not in mine}))


def _not_nouns(candidates: list[str]) -> list[str]:
    """The words of `candidates` that the contrast table knows as no noun (one lookup)."""
    found = contrast_table().nouns.lookup([noun_forms(word) for word in candidates])
    return [word for word, nouns in zip(candidates, found, strict=True) if not nouns]


# Words of paying (stemmed) that a claim's negation turns into "free": "members do not
# pay any shipping fee" restates "Return shipping is free for members".
_PAYING = frozenset({"pay", "paid", "charg", "cost", "fee", "bill"})


def free_restated(cue: Cue, passage: str) -> bool:
    """Whether a claim's cue negates paying where the passage calls something free and
    negates nothing itself: a cue before a word of paying, or one after it that negates
    no word of its own ("the repair costs them nothing" restates "repairs are free")."""
    paying = cue.negated[0] in _PAYING if cue.negated else not _PAYING.isdisjoint(cue.clause)
    return paying and calls_free(passage) and not cues(passage)


def counts_in(cue: Cue, passage: str) -> bool:
    """Whether a claim's cue counts against `passage`: a narrow one only where the
    passage uses its word; else a limit ("no later than Friday") restates "by Friday"
    and "at no cost" restates "free"."""
    return not cue.narrow or cue.negated[0] in words.written(passage.lower())
