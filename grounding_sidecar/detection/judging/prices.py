"""A price called free: "Parking is free for hotel guests" against "Parking costs $15
per night for hotel guests"; and the other way round, a free thing called paid for
(`free_called_paid`: "Children under 12 pay full fare" against "... travel free").
The claim states no amount, so no detail of it is missing or conflicting, and the
copied words make it similar; what it says is the opposite of the passage's price.
Read only where the passage calls nothing free ("free for members and $20 for
everyone else" is a restriction, not a price; a restriction lifted is
quantifiers.py's), prices the claim's subject, and includes
nothing in the price ("Breakfast is included in the $120 room rate" prices the room:
breakfast is free with it)."""

from __future__ import annotations

import re

from grounding_sidecar.detection.text import words
from grounding_sidecar.detection.text.amounts import CURRENCIES
from grounding_sidecar.detection.text.details import DetailKind, extract_details

# "free" as a price: not "gluten-free", "feel free", "free to choose", "free of
# errors", "free time"; and the phrases that say it without the word.
_FREE = re.compile(
    r"(?<![-\w])(?<!feel )free(?![-\w])(?!\s+(?:to|from|of(?!\s+charge)|time|will|speech|"
    r"market|trade|agent|form|style|standing|range|lance)\b)"
    r"|\bcomplimentary\b|\bgratis\b|\bat no (?:extra |additional )?(?:cost|charge)\b"
    r"|\bno (?:extra |additional )?charge\b|\bcosts? nothing\b|\bwithout charge\b",
    re.IGNORECASE,
)
_INCLUDED = re.compile(r"\binclud(?:e|es|ed|ing)\b", re.IGNORECASE)


def calls_free(text: str) -> bool:
    """Whether `text` calls something free ("free", "complimentary", "at no cost")."""
    return _FREE.search(text) is not None


def priced_as_free(claim: str, best_passage: str) -> str | None:
    """The passage's price (as written) that the claim calls free, or None: the claim
    says free and states no amount of money, the passage states one and calls nothing
    free, includes nothing in a price, and speaks of the claim's subject (its first
    content word)."""
    if not _FREE.search(claim) or _FREE.search(best_passage) or _price(claim) is not None:
        return None
    if _INCLUDED.search(best_passage) or not words.speaks_of_subject(claim, best_passage):
        return None
    return _price(best_passage)


# Words that say something is paid for, and the negations that turn them around ("pay
# nothing", "no fee"): a claim with one of those is left to the negation rules.
_PAID = re.compile(
    r"\b(?:pay|pays|paid|paying|fares?|fees?|charged?|charges|costs?|costing|priced?)\b",
    re.IGNORECASE,
)
# "free" in any use, "free-of-charge" and "low-cost or free" included: a claim that
# says it is free anywhere is read by the other rules.
_ANY_FREE = re.compile(r"\bfree\b", re.IGNORECASE)
_NEGATED = re.compile(r"\b(?:no|not|nothing|never|without|zero|none)\b|n't\b", re.IGNORECASE)


def free_called_paid(claim: str, best_passage: str) -> str | None:
    """The passage's word calling free (as written) where the claim says its subject is
    paid for, or None: "Children under 12 pay full fare" against "Children under 12
    travel free".  Read only where the passage says nothing is paid for (a passage
    that prices some things and frees others is a restriction: "free for members and
    $20 for everyone else"), the claim calls nothing free and negates nothing, and
    the passage speaks of the claim's subject."""
    free = _FREE.search(best_passage)
    if free is None or _PAID.search(best_passage) or _price(best_passage) is not None:
        return None
    if not _PAID.search(claim) or _ANY_FREE.search(claim) or _NEGATED.search(claim):
        return None
    return free.group() if words.speaks_of_subject(claim, best_passage) else None


def _price(text: str) -> str | None:
    return next(
        (
            detail.surface
            for detail in extract_details(text)
            if detail.kind is DetailKind.QUANTITY
            and detail.unit in CURRENCIES
            and detail.value.strip("0.") != ""  # "$0" is free too
        ),
        None,
    )
