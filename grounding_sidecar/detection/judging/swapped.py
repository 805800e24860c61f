"""Swapped words: a thing the sources name, put where the best passage names another.

A RAG answer that mixes up its sources' facts can copy one fact word for word and
change only whose it is: "The Business plan costs $12 per user per month" where the
Team plan costs $12 and the Business plan $24, "Children may take 500 mg" where
adults may.  Every word is the sources', so no word is new, and the similarity is as
high as a copy's (docs/detection.md#swapped-words).
"""

from __future__ import annotations

import re
from collections.abc import Callable, Sequence

from grounding_sidecar.detection.judging.alignment import Change, changed_words
from grounding_sidecar.detection.judging.corpus import SourceCorpus
from grounding_sidecar.detection.text import words
from grounding_sidecar.detection.text.contrasts import contrast_table, known_noun
from grounding_sidecar.detection.text.details import WORD


def swapped_word(
    claim: str,
    best_passage: str,
    corpus: SourceCorpus,
    near_passages: Callable[[], Sequence[str]],
) -> Change | None:
    """The change, when the claim is a stretch of its best passage but for one thing
    named (`_names_things`) that other passages name and the best does not, the claim
    dropping the passage's; unless a passage about as similar to the claim
    (`near_passages`) holds the claim word for word.  Otherwise None.  A word of the
    best passage itself is a summary's reshuffle ("The data could help" from "Data from
    the box could help"), not a swap."""
    mine = set(WORD.findall(claim.lower()))
    theirs = set(WORD.findall(best_passage.lower()))
    for change in changed_words(claim, best_passage):
        if (
            change.other not in mine
            and change.word not in theirs
            and corpus.uses(change.word)
            and _names_things(change, claim, best_passage)
        ):
            if any(_holds(passage, claim) for passage in near_passages()):
                return None
            return change
    return None


def _names_things(change: Change, claim: str, passage: str) -> bool:
    """Whether both words of the change name things, and different ones: content words,
    nouns or names capitalised inside a sentence, and not synonyms.  A verb is left
    alone ("processed" for "issued" is most often a paraphrase).  A claim's first word
    must name something else by WordNet (`ContrastTable.replaces`: not a synonym,
    hypernym or broader noun): an instruction's first word is a verb that may read as
    a noun ("Drop the parcel" for "Take the parcel")."""
    table = contrast_table()
    if not all(_is_thing(w, text) for w, text in ((change.word, claim), (change.other, passage))):
        return False
    if change.at == 0:
        return table.replaces(change.word, change.other)
    return not table.synonyms(change.word, change.other)


def _is_thing(word: str, text: str) -> bool:
    if not word.isalpha() or words.stem(word) in words.STOPWORDS:
        return False
    return known_noun(word) or _capitalised_inside(word, text)


def _capitalised_inside(word: str, text: str) -> bool:
    """Whether `text` writes `word` with a capital where no sentence starts."""
    for match in re.finditer(rf"\b{re.escape(word)}\b", text, re.IGNORECASE):
        before = text[: match.start()].rstrip()
        if match.group()[0].isupper() and before and before[-1] not in ".!?:\"'":
            return True
    return False


def _holds(passage: str, claim: str) -> bool:
    """Whether `passage` holds the claim's words in order, one after another."""
    mine = WORD.findall(claim.lower())
    theirs = WORD.findall(passage.lower())
    return any(theirs[at : at + len(mine)] == mine for at in range(len(theirs) - len(mine) + 1))
