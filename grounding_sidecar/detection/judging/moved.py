"""A thing moved into another's place in one sentence: "Shopping trolleys made up most
of the waste" against "Plastic bottles made up most of the waste, followed by shopping
trolleys"; "Please bring your own mat" against "Mats are provided, but please bring
your own towel".

Every word of the claim is the passage's and the claim copies a stretch of one of its
sentences, so no detail is missing and the cosine is high; but the thing the stretch
says it of is another thing the same sentence names (one to three words each), moved
from its own place.  Read per clause of the claim: the clause copies at least
`COPIED_WORDS` words of a sentence around the one place it changes; the words it puts
there the sentence writes outside the stretch and apart from it; the sentence's words
it replaces the clause never uses; and the two runs name things of one slot
(`_alike`).  A clause whose naming words the sentence writes in their order only
leaves words out ("Ashley Graham is a US senator" against "Ashley Graham (born 1987)
is a US senator"), and a list item picked out of its list ("The collection includes
sculptures from Spain" against "... paintings and sculptures from Spain") puts nothing
in another's place.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from functools import lru_cache

from grounding_sidecar.detection.text.clauses import rough_clauses
from grounding_sidecar.detection.text.details import WORD
from grounding_sidecar.detection.text.sentences import BlockKind, split_sentences
from grounding_sidecar.detection.text.words import STOPWORDS

# The fewest words a clause must copy around the place it changes.
COPIED_WORDS = 4
# The most words of a thing moved, and of the thing it replaces.
_THING_WORDS = 3


def moved_into_place(claim: str, passage: str) -> tuple[str, str] | None:
    """(the claim's words, the passage's words they replace) where a clause of the
    claim copies a sentence of the passage but for one thing the sentence names
    elsewhere, or None."""
    mine, theirs = singular_words(claim), singular_words(passage)
    if not set(mine) <= set(theirs):
        return None  # most claims use a word the passage does not: nothing was moved
    if _in_order(_naming(mine), theirs):
        return None  # a claim copied, or copied with words left out
    sentences = [
        singular_words(passage[s.start : s.end])
        for s in split_sentences(passage)
        if s.kind is BlockKind.TEXT
    ]
    for clause in rough_clauses(claim.lower()):
        words = singular_words(clause)
        for sentence in sentences:
            found = _moved(words, sentence)
            if found is not None:
                return _as_written(claim, found[0]), _as_written(passage, found[1])
    return None


def _as_written(text: str, words: str) -> str:
    """Words found as `_singular` reads them, as `text` writes them."""
    pattern = r"\W+".join(re.escape(word) + "s?" for word in words.split())
    match = re.search(rf"\b{pattern}\b", text, re.IGNORECASE)
    return match.group(0) if match is not None else words


def _moved(clause: Sequence[str], sentence: Sequence[str]) -> tuple[str, str] | None:
    if len(clause) <= COPIED_WORDS or _in_order(_naming(clause), sentence):
        return None
    for start in range(len(sentence)):
        copied = _common_prefix(clause, sentence, start)
        for moved in range(1, _THING_WORDS + 1):
            for replaced in range(1, _THING_WORDS + 1):
                found = _at(clause, sentence, start, copied, moved, replaced)
                if found is not None:
                    return found
    return None


def _at(
    clause: Sequence[str],
    sentence: Sequence[str],
    start: int,
    copied: int,
    moved: int,
    replaced: int,
) -> tuple[str, str] | None:
    """The move where the clause copies `copied` words of the sentence from `start`,
    then writes `moved` words where the sentence writes `replaced`, then copies the
    rest of itself.  The thing moved stands apart from the stretch: right before or
    after it, the clause only leaves words out ("The company released the iPhone"
    against "Apple, the company founded by Jobs, released the iPhone")."""
    after = len(clause) - copied - moved
    if after < 0 or copied + after < COPIED_WORDS:
        return None
    ends = start + copied + replaced + after
    if ends > len(sentence) or clause[copied + moved :] != sentence[ends - after : ends]:
        return None
    thing = clause[copied : copied + moved]
    other = sentence[start + copied : start + copied + replaced]
    named, replaced_named = _named(thing), _named(other)
    if not named or not replaced_named or named & replaced_named or not _alike(thing, other):
        return None
    outside = set(sentence[:start]) | set(sentence[ends:])
    if not named <= outside or replaced_named & set(clause):
        return None
    if sentence[max(0, start - moved) : start] == thing or sentence[ends : ends + moved] == thing:
        return None
    return " ".join(thing), " ".join(other)


def _alike(thing: Sequence[str], other: Sequence[str]) -> bool:
    """Whether two runs name things of one slot: opened by the same function word, or
    neither by one ("the company" never stands for "by Jobs"), and neither holds a
    number (a value's place is misplaced.py's to read) or an adverb ("primarily" for
    "largely")."""
    if any(not word.isalpha() or word.endswith("ly") for word in (*thing, *other)):
        return False
    first, other_first = thing[0], other[0]
    if first in STOPWORDS or other_first in STOPWORDS:
        return first == other_first
    return True


def _common_prefix(clause: Sequence[str], sentence: Sequence[str], start: int) -> int:
    count = 0
    while (
        count < len(clause)
        and start + count < len(sentence)
        and clause[count] == sentence[start + count]
    ):
        count += 1
    return count


def _named(words: Sequence[str]) -> set[str]:
    """The words of a thing that name it."""
    return set(_naming(words))


def _naming(words: Sequence[str]) -> list[str]:
    """The words of `words` that name things, in order: no function word, no number."""
    return [word for word in words if word not in STOPWORDS and word.isalpha() and len(word) > 2]


def _in_order(words: Sequence[str], sentence: Sequence[str]) -> bool:
    """Whether the sentence writes `words` in their order, others between them: a
    clause whose words it writes so only leaves words out ("Ashley Graham is a US
    senator" against "Ashley Graham (born October 30, 1987) is a US senator")."""
    rest = iter(sentence)
    return all(word in rest for word in words)


# Cached per text (4,096 texts): a passage is read against every claim it is best for.
@lru_cache(maxsize=4_096)
def singular_words(text: str) -> tuple[str, ...]:
    """The text's words in order, lower case, each as `_singular` reads it."""
    return tuple(_singular(word) for word in WORD.findall(text.lower()))


def _singular(word: str) -> str:
    """ "mats" and "mat" as one word (the stemmer keeps four-letter words whole)."""
    return word[:-1] if len(word) > 3 and word.endswith("s") and not word.endswith("ss") else word
