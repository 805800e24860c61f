"""A restricted list extended: "Tolls are charged for cars, lorries and trains" against
"Tolls are charged only for cars and lorries; trains are paid for with a ticket",
"Administrators and editors can delete projects" against "Only administrators can
delete projects".

The claim keeps the passage's things and adds one, so nearly every word is the
passage's and no detail is missing: the addition is what the passage's "only" rules
out.  Read where the best passage restricts a list ("only" before one thing or a list
joined by "and" or "or"), the claim lists at least one of its things beside one it
does not, and negates nothing.  A list is read as its words, one word a thing.
"""

from __future__ import annotations

import re

from grounding_sidecar.detection.text import words
from grounding_sidecar.detection.text.negation import negates

_ITEM = r"[a-z][a-z-]*"
_JOINED = rf"{_ITEM}(?:\s*,\s*{_ITEM}){{0,8}}\s*,?\s+(?:and|or)\s+{_ITEM}"
# "only for cars and lorries", "only administrators": "only" (and a preposition) before
# the things it restricts to.  Not "not only" (which adds) nor "if only".
_RESTRICTED = re.compile(
    rf"(?<!\bnot )(?<!\bif )\bonly\s+(?:(?:for|to|in|on|by|at|from|with|of)\s+)?"
    rf"(?P<items>{_JOINED}|{_ITEM})",
    re.IGNORECASE,
)
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
