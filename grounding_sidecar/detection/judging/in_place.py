"""A noun put in another's place: a claim copied from its passage word for word but for
one noun ("The shelter found a new home for the horse" against "... for the dog").  The
copied words around the noun say the two fill one slot, though WordNet gives them no
kind in common; the contrast rule (consistency.find_contrast) names them, and the
verifier decides (overrides.py)."""

from __future__ import annotations

from grounding_sidecar.detection.judging.alignment import changed_words
from grounding_sidecar.detection.text.amounts import NUMBER_WORDS
from grounding_sidecar.detection.text.contrasts import contrast_table
from grounding_sidecar.detection.text.details import WORD

# Words after which, one or two words on, a noun stands: "with a drill", "in a sealed
# jar", "counted more ducks".
DETERMINERS = frozenset(
    (  # noqa: SIM905 - a word list reads better as text
        "a an the this that these those my your his her its our their each every "
        "another some any no more fewer several many both"
    ).split()
)


def noun_in_place(claim: str, best_passage: str) -> tuple[str, str] | None:
    """The claim's noun and the passage's noun it stands in for (`Noun.replaces`: not a
    synonym, hypernym or broader noun), or None.  A word WordNet uses mostly as a verb
    ("drill", "jar") counts as a noun where the sentence makes it one
    (`in_noun_slot`)."""
    claim_words = WORD.findall(claim.lower())
    mine = set(claim_words)
    theirs = set(WORD.findall(best_passage.lower()))
    table = contrast_table()
    for change in changed_words(claim, best_passage):
        word, other = change.word, change.other
        if word in theirs or other in mine:
            continue
        if in_noun_slot(claim_words[: change.at]):
            replaces = table.replaces_in_noun_slot(word, other)
        else:
            replaces = table.replaces(word, other)
        if replaces:
            return word, other
    return None


# Prepositions a noun follows right away: "90 days of message history", "a fee for
# cancellation".  ("to" is left out: it opens a verb as often.)
PREPOSITIONS = frozenset(
    "of for with in on at from by about without into over under per via".split()  # noqa: SIM905
)


def in_noun_slot(before: list[str]) -> bool:
    """Whether the word after `before` (a claim's words, lower case) stands where a
    noun does: a determiner one or two words before it, or a number or a preposition
    right before it ("houses two bears", "days of message history")."""
    if not DETERMINERS.isdisjoint(before[-2:]):
        return True
    return bool(before) and (
        before[-1].isdigit() or before[-1] in NUMBER_WORDS or before[-1] in PREPOSITIONS
    )
