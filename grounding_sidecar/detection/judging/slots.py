"""Slots: which of a passage's details a claim's detail stands against.

"Deadline June 22" stands against the passage's "June 15" (a date against a date; never
"18 October 2018" against "18 October", which may be the same day),
"$94.50" against "$84.50" (an amount of one currency against another of it), "SAVE25"
against "SAVE20" (a code against a code); never "Obama" against "Barack Obama" (one
name written more fully) or a capital that only starts the passage's sentence.  The
consistency rule (consistency.py) and the misplaced-detail rule (misplaced.py) both
ask these questions.
"""

from __future__ import annotations

import re
from collections.abc import Sequence

from grounding_sidecar.detection.text import words
from grounding_sidecar.detection.text.contrasts import contrast_table
from grounding_sidecar.detection.text.dates import dates_agree
from grounding_sidecar.detection.text.details import WORD, Detail, DetailKind, extract_details
from grounding_sidecar.detection.text.identifiers import is_identifier


def counterparts(claim: str, best_passage: str, stated: Sequence[Detail]) -> list[Detail]:
    """The passage's details (`stated`) a claim's missing detail may stand against:
    those the claim dropped (not one it shares), bar a lone capitalised word at a sentence's
    start ("Born in 1950, ...", "Court rulings ...") unless the claim puts its own
    first word in place of the passage's: as on the claim's side, such a capital may
    be only grammar."""
    claimed = {(d.kind, d.value) for d in extract_details(claim)}
    substitutes = substitutes_first_word(claim, best_passage)
    return [
        d for d in stated if (d.kind, d.value) not in claimed and (substitutes or not d.initial)
    ]


def conflicting(
    detail: Detail, stated: Sequence[Detail], replaced: Sequence[Detail]
) -> Detail | None:
    """The passage's detail that a claim's missing `detail` stands against, or None:
    one of its slot with another value, unless the passage names the same thing
    ("Barack Obama" where it says "Obama": named more fully, not another name)."""
    if any(_names_the_same(detail, other) for other in stated):
        return None
    return counterpart(detail, replaced)


def counterpart(detail: Detail, replaced: Sequence[Detail]) -> Detail | None:
    """The first of the passage's dropped details (`replaced`) of `detail`'s slot with
    another value: not another name of the same thing, nor a date that may be the same
    day."""
    return next(
        (
            o
            for o in replaced
            if same_slot(detail, o)
            and o.value != detail.value
            and not _names_the_same(detail, o)
            and not _may_be_one_day(detail, o)
        ),
        None,
    )


def _may_be_one_day(claimed: Detail, stated: Detail) -> bool:
    """Two dates that agree on every field both state ("18 October 2018" and "Thursday 18
    October"): the claim's may say more than the passage, which leaves it missing, but
    says nothing else."""
    return claimed.kind is DetailKind.DATE and dates_agree(claimed.value, stated.value)


def _names_the_same(claimed: Detail, stated: Detail) -> bool:
    """Two names of one thing, one a part of the other ("Obama" of "Barack Obama",
    "Fantasy Press" of "American Fantasy Press") or the other's plural ("STANAGs").
    Not a conflict: the claim may still name more than the sources do, which leaves
    its detail missing."""
    if claimed.kind is not DetailKind.ENTITY or stated.kind is not DetailKind.ENTITY:
        return False
    mine = frozenset(words.stem(w) for w in words.words(claimed.value))
    theirs = frozenset(words.stem(w) for w in words.words(stated.value))
    return bool(mine and theirs) and (mine <= theirs or theirs <= mine)


def same_slot(claimed: Detail, stated: Detail) -> bool:
    """Whether two details fill one slot: the same kind, and for amounts one unit."""
    if claimed.kind is not stated.kind:
        return False
    if claimed.kind is DetailKind.QUANTITY:
        return claimed.unit == stated.unit
    if claimed.kind is DetailKind.ENTITY:
        # A code stands against a code ("SAVE25" for "SAVE20"), never against a
        # person or a place the passage names: that is a missing detail, not a swap.
        return is_identifier(claimed.surface) == is_identifier(stated.surface)
    return True


def substitutes_first_word(claim: str, passage: str) -> bool:
    """`Bob approved the budget` against `Alice approved the budget`.

    A capital on a sentence's first word may be a name or just grammar; it is
    treated as a name only when it replaces the passage's first word, the next
    word staying the same, and both words could be names: no function word ("Being a
    lexicographer ...", "The three finalists ..." against "Only three contestants
    ...") and none set off with a comma or a colon, as a sentence adverb or a
    heading ("Thus, data governance tools ..." against "Implement data governance
    tools ..."); nor before an article or a possessive, as an instruction's verb
    ("Put the printer on Wi-Fi first" against "Connect the printer to Wi-Fi").
    """
    claim_words = WORD.findall(claim.lower())[:2]
    passage_words = WORD.findall(passage.lower())[:2]
    return (
        len(claim_words) == 2
        and len(passage_words) == 2
        and claim_words[0] != passage_words[0]
        and claim_words[1] == passage_words[1]
        and claim_words[1] not in _DETERMINERS
        and _first_word_may_name(claim)
        and _first_word_may_name(passage)
    )


# Words that open a noun phrase: after a sentence's first word they make it a verb
# ("Put the printer"), never a name standing as the subject.
_DETERMINERS = frozenset(
    {
        "the", "a", "an", "your", "my", "our", "their", "his", "her", "its", "this",
        "that", "these", "those", "every", "each", "all", "any",
    }
)  # fmt: skip
# What sets a sentence's first word off from the rest: an adverb or a heading.
_SET_OFF = re.compile(r"\s*[,:;]")


def _first_word_may_name(text: str) -> bool:
    """Whether a text's first word could be a name: not a function word, nor set off."""
    first = WORD.search(text.lower())
    if first is None or first.group() in words.STOPWORDS:
        return False
    return _SET_OFF.match(text, first.end()) is None


def first_word_synonyms(claim: str, passage: str) -> bool:
    """Whether a claim's first word is a synonym of its passage's by the contrast table
    ("Pupils must wear a uniform" for "Students must ..."): a capital there is grammar,
    not a name, and the word no detail (the verifier reads that pair as contradicted,
    0.95)."""
    mine, theirs = _first_words(claim, passage)
    return bool(mine) and contrast_table().synonyms(mine, theirs)


def common_first_nouns(claim: str, passage: str) -> bool:
    """Whether the first words of a claim and its passage are common nouns, not names:
    the claim's a plural of a noun the contrast table knows against a noun it knows
    ("Employees" for "Staff", "Kids" for "Children"): names are seldom plurals.  Such
    a word, put in place of the passage's first word, is still read as a name, but one
    the verifier's entailment can overrule (consistency.FindingKind.FIRST_NOUN)."""
    mine, theirs = _first_words(claim, passage)
    singular = mine[:-1] if mine.endswith("s") else ""
    table = contrast_table()
    return bool(singular) and table.knows_noun(singular) and table.knows_noun(theirs)


def _first_words(claim: str, passage: str) -> tuple[str, str]:
    """The lower-cased first words of a claim and its passage ("" where none)."""
    claim_words = WORD.findall(claim.lower())[:1]
    passage_words = WORD.findall(passage.lower())[:1]
    if not claim_words or not passage_words:
        return "", ""
    return claim_words[0], passage_words[0]
