"""A restricted list extended: "Tolls are charged for cars, lorries and trains" against
"Tolls are charged only for cars and lorries; trains are paid for with a ticket",
"Administrators and editors can delete projects" against "Only administrators can
delete projects"; and its mirror, a list restricted (`restricted_list`): "The bridge
carries only a motorway" against "It carries both a motorway and a railway".

The claim keeps the passage's things and adds one, so nearly every word is the
passage's and no detail is missing: the addition is what the passage's "only" rules
out.  Read where the best passage restricts a list ("only" before one thing or a list
joined by "and" or "or"), the claim lists at least one of its things beside one it
does not, and negates nothing.  A list is read as its words, one word a thing.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Sequence

from grounding_sidecar.detection.text import words
from grounding_sidecar.detection.text.clauses import rough_sentences
from grounding_sidecar.detection.text.negation import negates

_ITEM = r"[a-z][a-z-]*"


def _joined(item: str, joiners: str = "and|or") -> str:
    """A list of things each written as `item`, its last joined by one of `joiners`."""
    return rf"{item}(?:\s*,\s*{item}){{0,8}}\s*,?\s+(?:{joiners})\s+{item}"


_JOINED = _joined(_ITEM)


def _only_before(item: str) -> re.Pattern[str]:
    """ "only" (and a preposition) before the things it restricts to, each written as
    `item`: "only for cars and lorries", "only administrators".  Not "not only" (which
    adds) nor "if only"."""
    return re.compile(
        rf"(?<!\bnot )(?<!\bif )\bonly\s+(?:(?:for|to|in|on|by|at|from|with|of)\s+)?"
        rf"(?P<items>{_joined(item)}|{item})",
        re.IGNORECASE,
    )


# A passage's restriction: its things as bare words.
_RESTRICTED = _only_before(_ITEM)
_LIST = re.compile(_JOINED, re.IGNORECASE)
_SEPARATORS = re.compile(r"\s*,\s*(?:and\s+|or\s+)?|\s+(?:and|or)\s+", re.IGNORECASE)


def extended_list(claim: str, best_passage: str) -> tuple[str, str] | None:
    """The thing the claim adds and the passage's restriction (as each writes it), or
    None."""
    if negates(claim):
        return None
    for restricted in _RESTRICTED.finditer(best_passage):
        allowed = [_key(thing) for thing in _things(restricted.group("items"))]
        for listed in _LIST.finditer(claim):
            mine = _things(listed.group())
            added = [thing for thing in mine if _key(thing) not in allowed]
            if added and len(mine) > len(added):
                return added[0], restricted.group()
    return None


def _things(text: str) -> list[str]:
    """A list's things as written, in order, without function words."""
    return [
        thing
        for thing in _SEPARATORS.split(text.strip())
        if thing and thing.lower() not in words.STOPWORDS
    ]


def _key(thing: str) -> str:
    return words.stem(thing.lower())


# A thing of a list as a passage writes it, with its article: "a motorway".
_DETERMINED = rf"(?:(?:a|an|the)\s+)?{_ITEM}"
# A claim's restriction: its things with their articles ("only a motorway").
_CLAIM_RESTRICTS = _only_before(_DETERMINED)
# Things joined by "and" ("both a motorway and a railway", "cars, lorries and trains"):
# each is so, where an "or" lists alternatives.
_ALL_OF = re.compile(_joined(_DETERMINED, "and"), re.IGNORECASE)


def restricted_list(
    claim: str, best_passage: str, most_similar: Callable[[], Sequence[str]]
) -> tuple[str, str] | None:
    """The claim's restriction and the list of the best passage or one of the claim's
    most similar (`most_similar`, asked only of a claim that says "only") that it
    leaves things of (as each writes them), or None: the claim says "only" of one or
    more things a passage lists with "and" beside another, in a sentence that uses a
    word the claim says of them ("carries"), where that passage restricts nothing and
    the claim negates nothing.  The list may stand in a passage other than the best:
    "The Øresund Bridge carries only a motorway" is most like "The Øresund Bridge ...
    connects Copenhagen with Malmö", and the next sentence says "It carries both a
    motorway and a railway"."""
    if "only" not in claim.lower() or negates(claim):
        return None  # most claims: no "only", at a substring test
    passages: list[str] | None = None
    for restricting in _CLAIM_RESTRICTS.finditer(claim):
        kept = {_key(thing) for thing in _things(restricting.group("items"))}
        if not kept:
            continue
        said = words.content_words(claim) - kept
        if passages is None:
            passages = list(dict.fromkeys([best_passage, *most_similar()]))
        for passage in passages:
            listed = _listing_more(passage, kept, said)
            if listed is not None:
                return restricting.group(), listed
    return None


def _listing_more(passage: str, kept: set[str], said: frozenset[str]) -> str | None:
    """A list of `passage` joined by "and" that holds every thing of `kept` and more, in
    a sentence using a word of `said`; None where the passage restricts a list itself."""
    if _RESTRICTED.search(passage):
        return None
    for sentence in rough_sentences(passage):
        if said.isdisjoint(words.content_words(sentence)):
            continue
        for listed in _ALL_OF.finditer(sentence):
            if kept < {_key(thing) for thing in _things(listed.group())}:
                return listed.group()
    return None
