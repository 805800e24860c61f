"""Counts: how many of a thing a text says there are, in digits or in words.

"fed by more than 25 rivers", "Only one river ... drains it", "fed by a single river",
"Several rivers ... drain the lake".  A count in words ("a single", "several", "both",
"dozens of") is no number the details read (details.py), so a claim that turns the
source's 25 rivers into a single one states no detail that is missing or conflicting.
Read here as a range of whole numbers beside the noun it counts, so that two texts'
counts of one noun can be compared (judging/counts.py).

Only a count that opens a noun phrase is read: "two of the nine members" counts the
two by what they are a part of ("of" ends the phrase: no noun, no count), and "one of
the largest rivers" is a rank.  What a count counts is the words of the phrase after
it up to a break (punctuation, a function word), at most three: "nine committee
members voted" counts committee, members and voted, and two counts are of one thing
where their phrases share a word.  A rank after "the" ("the first increase", "the 5th
edition") is read the same way, as a count of its own kind (`Count.rank`).
"""

from __future__ import annotations

import math
import re
from dataclasses import dataclass
from functools import lru_cache

from grounding_sidecar.detection.text import words

UNBOUNDED = math.inf

# Counts in words and the whole numbers each allows.  "several" and "many" are more
# than two ("several rivers" is no restatement of two), "a few" fewer than ten.
_WORD_COUNTS: dict[str, tuple[float, float]] = {
    "a single": (1, 1),
    "one single": (1, 1),
    "just one": (1, 1),
    "only one": (1, 1),
    "a lone": (1, 1),
    "both": (2, 2),
    "a pair of": (2, 2),
    "a couple of": (2, 3),
    "a few": (2, 9),
    "several": (3, UNBOUNDED),
    "many": (3, UNBOUNDED),
    "numerous": (3, UNBOUNDED),
    "dozens of": (24, UNBOUNDED),
    "scores of": (40, UNBOUNDED),
    "hundreds of": (200, UNBOUNDED),
    "thousands of": (2_000, UNBOUNDED),
    "millions of": (2_000_000, UNBOUNDED),
}
_NUMBERS = {
    word: value
    for value, word in enumerate(
        (  # noqa: SIM905 - a word list reads better as text
            "zero one two three four five six seven eight nine ten eleven twelve thirteen "
            "fourteen fifteen sixteen seventeen eighteen nineteen twenty"
        ).split()
    )
}
# The words before a number that make it a bound or an estimate: (pattern, how the
# number n becomes a range).  An estimate allows half to twice the number.
_BOUNDS: tuple[tuple[str, str], ...] = (
    (r"more\s+than|over|upwards\s+of|in\s+excess\s+of", "above"),
    (r"at\s+least|a\s+minimum\s+of", "at least"),
    (r"fewer\s+than|less\s+than|under|below", "below"),
    (r"up\s+to|at\s+most|no\s+more\s+than|a\s+maximum\s+of", "at most"),
    (r"about|around|roughly|approximately|nearly|almost|some|an\s+estimated", "about"),
)
_BOUND_WORDS = "|".join(pattern for pattern, _ in _BOUNDS)
_WORD_COUNT_NAMES = "|".join(
    re.escape(name).replace(r"\ ", r"\s+") for name in sorted(_WORD_COUNTS, key=len, reverse=True)
)
# The noun phrase after a count, looked ahead so that "two of the nine members" still
# finds "nine members".
PHRASE = r"(?=\s+(?P<phrase>[a-z][a-z-]*(?:\s+[a-z][a-z-]*){0,2}))"
# Matched in the lower-cased text, and only where a word opens with a letter a count can
# open with: a sentence is read in microseconds (every word tried against every count
# in any case took ten times as long).
_COUNT_STARTS = "".join(sorted({word[0] for word in (*_WORD_COUNTS, *_NUMBERS)}))
_COUNT = re.compile(
    rf"\b(?=[{_COUNT_STARTS}0-9])"
    rf"(?P<count>{_WORD_COUNT_NAMES}|(?<![.,])\d{{1,3}}(?:,\d{{3}})*(?![.,]?\d)|{'|'.join(_NUMBERS)})"
    + PHRASE
)
# A bound right before a count ("more than 25"), read in the few characters before it.
_BOUND_BEFORE = re.compile(rf"\b(?P<bound>{_BOUND_WORDS})\s+$")
_BEFORE_REACH = 24
# Ranks after "the": "the first woman to win", "the fifth increase in a row", "the 3rd
# edition".  The details read ranks from "third" on (ordinals.py); "first" and "second"
# only here, where "the" and a noun phrase make them a rank.
_RANK_WORDS = {
    word: value
    for value, word in enumerate(
        "first second third fourth fifth sixth seventh eighth ninth tenth".split(),  # noqa: SIM905
        start=1,
    )
}
_UNREAD_RANKS = frozenset({"first", "second"})
_RANK = re.compile(rf"\bthe\s+(?P<rank>{'|'.join(_RANK_WORDS)}|\d{{1,3}}(?:st|nd|rd|th)){PHRASE}")
# A negation right before a count: "not a single" ("no more than" is a bound's).
_NEGATED = re.compile(r"\b(?:not|never|without|nor)\s*$")
# Words that end a counted noun phrase before its noun: "fed by 25 rivers and streams"
# counts rivers, "one of the" counts nothing.
_BREAKS = words.STOPWORDS | frozenset(
    {"and", "or", "but", "of", "in", "on", "at", "to", "from", "by", "with", "for", "that",
     "which", "who", "than", "as", "each", "per", "a", "an", "the", "is", "are", "was",
     "were", "be", "been", "more", "less", "times", "time", "percent", "within", "into",
     "through", "across", "about", "after", "before", "between", "during", "under", "over",
     "near", "including"}
)  # fmt: skip


@dataclass(frozen=True, slots=True)
class Count:
    """How many of a thing a text states: at least `low`, at most `high`, of the
    phrase whose words (stemmed) `nouns` holds."""

    nouns: frozenset[str]
    low: float
    high: float
    surface: str  # as written: "more than 25", "a single", "the first"
    # A count the details do not read as a number ("several", "the first"): two they
    # read are theirs to compare.
    unread: bool
    rank: bool = False  # a rank ("the fifth increase"), not how many
    # The whole a part is counted of ("3 of the 40 schools": 40), None for a count of
    # the thing itself.
    whole: float | None = None

    def of_same(self, other: Count) -> bool:
        """Whether the two count one thing, their phrases sharing a word, or rank one
        thing, their phrases the same words: "the first black president" is no rank
        among the presidents "the 44th president" ranks; a part only of the same whole
        ("most of the 40 schools" and "3 of the 40 schools", not the 40 schools)."""
        if self.rank != other.rank or self.whole != other.whole:
            return False
        return self.nouns == other.nouns if self.rank else bool(self.nouns & other.nouns)

    def allows(self, other: Count) -> bool:
        """Whether the two ranges share a number."""
        return self.low <= other.high and other.low <= self.high


@lru_cache(maxsize=4_096)
def counts(text: str) -> tuple[Count, ...]:
    """Every count of a noun `text` states, in order."""
    lowered = words.lower_case(text)
    found = []
    for match in _COUNT.finditer(lowered):
        start = match.start()
        if _NEGATED.search(lowered, max(0, start - _BEFORE_REACH), start):
            continue  # "not a single river" counts none
        bound = _BOUND_BEFORE.search(lowered, max(0, start - _BEFORE_REACH), start)
        nouns = phrase_nouns(match.group("phrase"))
        written = " ".join(match.group("count").split())
        low_high = _range(written, bound.group("bound") if bound else None)
        if nouns and low_high is not None:
            opens = bound.start() if bound else start
            surface = text[opens : match.end()]
            found.append(Count(nouns, *low_high, surface, written in _WORD_COUNTS))
    return tuple(found) + _ranks(text, lowered) + _parts(text, lowered)


# A part of a counted whole: "3 of the 40 schools", "most of the 40 schools"; a part
# in words ("most", "half", "all", or a count in words, `_WORD_COUNTS`) is unread.
_SHARES_OF_WHOLE = frozenset({"most", "half", "all"})
_PART = re.compile(
    rf"\b(?P<part>most|half|all|a\s+few|several|\d{{1,3}}|{'|'.join(_NUMBERS)})\s+of\s+"
    rf"(?:the\s+)?(?P<whole>\d{{1,3}}(?:,\d{{3}})*|{'|'.join(_NUMBERS)}){PHRASE}"
)


def _parts(text: str, lowered: str) -> tuple[Count, ...]:
    """Every part `text` counts of a counted whole, a word's part ("most") read as the
    whole numbers it allows: more than half, half, all, a few, several."""
    found = []
    for match in _PART.finditer(lowered):
        nouns = phrase_nouns(match.group("phrase"))
        whole = _number(match.group("whole"))
        part = " ".join(match.group("part").split())
        if not nouns or whole < 1:
            continue
        low, high = _part_range(part, whole)
        surface = text[match.start("part") : match.end("part")]
        unread = part in _SHARES_OF_WHOLE or part in _WORD_COUNTS
        found.append(Count(nouns, low, high, surface, unread, whole=whole))
    return tuple(found)


def _part_range(part: str, whole: float) -> tuple[float, float]:
    if part == "most":
        return float(int(whole // 2) + 1), whole
    if part == "half":
        return whole / 2, whole / 2
    if part == "all":
        return whole, whole
    if part in _WORD_COUNTS:
        low, high = _WORD_COUNTS[part]
        return float(low), float(min(high, whole))
    number = _number(part)
    return number, number


def _number(written: str) -> float:
    return float(_NUMBERS[written]) if written in _NUMBERS else float(written.replace(",", ""))


def _ranks(text: str, lowered: str) -> tuple[Count, ...]:
    """Every rank `text` states of a noun phrase ("the fifth increase in a row")."""
    found = []
    for match in _RANK.finditer(lowered):
        nouns = phrase_nouns(match.group("phrase"))
        if nouns:
            written = match.group("rank")
            value = float(_RANK_WORDS.get(written) or int(written[:-2]))
            surface = text[match.start() : match.end()]
            found.append(Count(nouns, value, value, surface, written in _UNREAD_RANKS, True))
    return tuple(found)


def phrase_nouns(phrase: str) -> frozenset[str]:
    """The stems of a counted phrase's words before its first break (none where it
    opens with one): what two texts' counts or superlatives are of."""
    found = []
    for word in phrase.lower().split():
        if word in _BREAKS:
            break
        found.append(_singular(words.stem(word)))
    return frozenset(found)


def _singular(stem: str) -> str:
    """`words.stem` keeps short plurals ("bags"): their "s" goes too."""
    return stem[:-1] if len(stem) > 3 and stem.endswith("s") and not stem.endswith("ss") else stem


def _range(written: str, bound: str | None) -> tuple[float, float] | None:
    """The whole numbers a count allows (`written` lower case, single-spaced), or None
    for a count in words under a bound ("more than several")."""
    if written in _WORD_COUNTS:
        return _WORD_COUNTS[written] if bound is None else None
    number = _number(written)
    if bound is None:
        return number, number
    kind = next(name for pattern, name in _BOUNDS if re.fullmatch(pattern, bound))
    return {
        "above": (number + 1, UNBOUNDED),
        "at least": (number, UNBOUNDED),
        "below": (0.0, number - 1),
        "at most": (0.0, number),
        "about": (number / 2, number * 2),
    }[kind]
