"""Some made all: "Cetirizine causes drowsiness in everyone who takes it" against
"Cetirizine may cause drowsiness in some people"; "The parcel always arrives within
five days" against "The parcel normally arrives within five days".  The claim widens
what the passage says of a part, or of most times, to all of them; no word of either
stands against the other in a table, and the cosine of the two is high
(docs/detection.md#some-made-all).

The opposite widening, a restriction lifted ("Any user" against "Only administrators"),
is quantifiers.py's; a negation on either side ("not all", "never") is polarity's.
"""

from __future__ import annotations

import re

from grounding_sidecar.detection.text import words
from grounding_sidecar.detection.text.clauses import rough_clauses
from grounding_sidecar.detection.text.negation import negates

# Each word for all and the words for a part it stands against, with what must follow
# both: the same word ("every plan" against "some plans", "always arrives" against
# "normally arrives"), or, for a person, a word for people.
_ALL_OF_THINGS = ("all", "every", "each")
_PART_OF_THINGS = (
    "some",
    "certain",
    "a few",
    "several",
    "many",
    "most",
    "half of",
    "a third of",
    "a quarter of",
    "two-thirds of",
)
# A share of a thing short of all of it ("35% of API requests"; 100% is all).
_SHARE_OF = r"\b(?!100\b)\d{1,2}(?:\.\d+)?\s?%\s+of\b"
# A part of the whole the clause speaks of ("subscription revenue making up 91% of the
# total") is a part of any thing the claim says all of, when the two share their words
# (SHARED_WORDS): "All of the $388 million in revenue came from subscriptions".
# Stemmed, as `_next_words` reads them.
_WHOLE = ("total", "whole")
# How many content words after a claim's word for all may name the thing ("all of the
# roughly 900 staff").
_NAMING_WORDS = 4
_ALL_PEOPLE = ("everyone", "everybody")
# Stemmed (words.stem), as `_next_words` reads them.
_PEOPLE = frozenset({"people", "person", "patient", "user", "customer", "adult"})
_ALWAYS = ("always",)
_MOST_TIMES = (
    "usually",
    "normally",
    "typically",
    "generally",
    "often",
    "sometimes",
    "occasionally",
    "rarely",
    "seldom",
)


def _alternation(phrases: tuple[str, ...]) -> re.Pattern[str]:
    return re.compile(r"\b(?:" + "|".join(p.replace(" ", r"\s+") for p in phrases) + r")\b")


_ALL = _alternation(_ALL_OF_THINGS + _ALL_PEOPLE + _ALWAYS)
_PART = re.compile(rf"{_alternation(_PART_OF_THINGS + _MOST_TIMES).pattern}|{_SHARE_OF}")
# The content words the claim and the passage's clause must share besides the
# quantifiers: they speak of one thing.
SHARED_WORDS = 2


def widened_to_all(claim: str, passage: str) -> tuple[str, str] | None:
    """(the claim's word for all, the passage's for a part) when the claim speaks of all
    of what a clause of the passage speaks of a part of: the claim says "all" and no
    part, the clause a part and no "all", of the same thing (`_same_thing`), neither
    negates, and they share at least SHARED_WORDS content words; else None."""
    lowered = claim.lower()
    if _PART.search(lowered) or negates(lowered):
        return None
    alls = list(_ALL.finditer(lowered))
    if not alls:
        return None
    dropped = _qualifier_dropped(lowered, passage.lower())
    if dropped is not None:
        return dropped
    claim_words = _content(lowered)
    for clause in rough_clauses(passage.lower()):
        if _ALL.search(clause) or negates(clause):
            continue
        for part in _PART.finditer(clause):
            every = next((a for a in alls if _same_thing(a, lowered, part, clause)), None)
            if every and len(claim_words & _content(clause)) >= SHARED_WORDS:
                return every.group(), part.group()
    return None


# "all primary schools", "every weekday morning": a word for all, one or two words that
# narrow the thing (no number: "all 40 schools" are all of them), and the thing.
_ALL_QUALIFIED = re.compile(
    r"\b(?:all|every|each)\s+(?:of\s+)?(?:the\s+)?(?P<qualifiers>(?:[a-z][a-z-]*\s+){1,2}?)"
    r"(?P<thing>[a-z][a-z-]*)\b"
)
_ALL_PLAIN = re.compile(r"\b(?:all|every|each)\s+(?:of\s+)?(?:the\s+)?(?P<thing>[a-z][a-z-]*)\b")


def _qualifier_dropped(claim: str, passage: str) -> tuple[str, str] | None:
    """(the claim's "all" and its thing, the passage's) where the claim says all of a
    thing the passage says all of only as narrowed by words the claim leaves out ("All
    schools in the district will close" against "All primary schools in the district
    will close"), and narrows in no words of its own right after it, where the passage
    negates nothing; both lower case."""
    for narrowed in _ALL_QUALIFIED.finditer(passage):
        qualifiers = words.content_words(narrowed["qualifiers"])
        thing = words.stem(narrowed["thing"])
        if not qualifiers or qualifiers & words.content_words(claim):
            continue
        for plain in _ALL_PLAIN.finditer(claim):
            if (
                words.stem(plain["thing"]) == thing
                and not _narrowed_after(claim, plain.end(), passage)
                and not negates(passage)
            ):
                return plain.group(), narrowed.group()
    return None


# How far after its thing a claim may narrow it in words of its own.
_NARROWING_REACH = 40


def _narrowed_after(claim: str, at: int, passage: str) -> bool:
    """Whether the words right after the claim's thing hold one the passage never uses:
    the claim may narrow it there in its own words ("Each kilometre beyond the included
    200 km" for "Each further kilometre")."""
    after = words.content_words(claim[at : at + _NARROWING_REACH])
    return not after <= words.content_words(passage)


def _same_thing(every: re.Match[str], claim: str, part: re.Match[str], clause: str) -> bool:
    """Whether the two quantify one thing: a thing's word for all against a part of the
    same thing (the passage's word after its part among the first _NAMING_WORDS after
    the claim's), "everyone" against some people, "always" against most times of the
    same act (the content word after each, stemmed)."""
    mine, theirs = every.group(), " ".join(part.group().split())
    after_theirs = _next_words(clause, part.end())[:1]
    of_things = theirs in _PART_OF_THINGS or re.fullmatch(_SHARE_OF, theirs) is not None
    if mine in _ALL_PEOPLE:
        return of_things and bool(after_theirs) and after_theirs[0] in _PEOPLE
    if mine in _ALL_OF_THINGS:
        naming = _next_words(claim, every.end())[:_NAMING_WORDS]
        return of_things and bool(after_theirs) and after_theirs[0] in (*naming, *_WHOLE)
    after_mine = _next_words(claim, every.end())[:1]
    return theirs in _MOST_TIMES and bool(after_mine) and after_mine == after_theirs


def _next_words(text: str, at: int) -> list[str]:
    """The content words of `text` from `at` on (a few), stemmed."""
    return words.content_sequence(text[at : at + 80])


def _content(lowered: str) -> frozenset[str]:
    """The content words of `lowered`, the quantifiers aside."""
    quantifiers = " ".join(m.group() for m in (*_ALL.finditer(lowered), *_PART.finditer(lowered)))
    return words.content_words(lowered) - words.content_words(quantifiers)
