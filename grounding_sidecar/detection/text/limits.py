"""One limit written two ways: as a comparison negated ("may not install the Software on
more than five devices", "Bags heavier than 32 kg will not be accepted") and as a limit
("on up to five devices", "only accepts bags weighing up to 32 kg").

Each is read as a side (an upper or a lower limit) and an amount; a text that states a
limit restates the other text's negated comparison with the same side and amount, and
its negation is then counted for it (implied_negations.py).  The amount must be the
same: "may not install on more than five devices" against "up to ten devices" is a
changed number, and "must not be older than 18" against "at least 18" a limit on the
other side.
"""

from __future__ import annotations

import enum
import re
from functools import lru_cache

from grounding_sidecar.detection.text.amounts import QUANTITY, read_amount
from grounding_sidecar.detection.text.negation import negates


class Side(enum.Enum):
    UPPER = "upper"  # "up to five", "not more than five"
    LOWER = "lower"  # "at least 18", "not less than 18"


# A comparison before "than", by the side its negation limits.
_UPPER_WORDS = (
    "more|over|above|higher|greater|larger|bigger|longer|heavier|older|later|taller|wider"
)
_LOWER_WORDS = "less|fewer|under|below|lower|smaller|shorter|lighter|younger|earlier"
_COMPARISON = re.compile(rf"\b(?:(?P<upper>{_UPPER_WORDS})|(?P<lower>{_LOWER_WORDS}))\s+than\s+")
# "must not exceed 6 tablets" limits like "not more than".
_EXCEED = re.compile(r"\bexceed(?:s|ing)?\s+")
# The words of a limit right before its amount; not "no more than", a negation that
# negation.py counts as a cue of its own.
_LIMIT = re.compile(
    r"\b(?:(?P<upper>up\s+to(?:\s+a\s+maximum\s+of)?|a\s+maximum\s+of|maximum\s+of|"
    r"at\s+most|only|limited\s+to)|"
    r"(?P<lower>at\s+least|a\s+minimum\s+of|minimum\s+of))\s+"
)
_CLAUSE = re.compile(r"[^.;!?]+")
# The negations that make the comparison right after them a limit phrase, not a negated
# comparison: "no more than 23 kg", "never more than €5" (bounds.py reads them so too).
LIMIT_NEGATIONS = r"(?:no|not|never)"
_LIMIT_PHRASE = re.compile(rf"\b{LIMIT_NEGATIONS}\s+$")

Limit = tuple[Side, str, str]  # side, unit, value


# Cached: the polarity rule asks both of each text for the claim's side and the
# passage's (implied_negations.py), and the bound rule again (comparisons.py).
@lru_cache(maxsize=4_096)
def negated_comparisons(text: str) -> frozenset[Limit]:
    """The limits `text` states as a comparison its clause negates."""
    lowered = text.lower()
    if " than " not in lowered and "exceed" not in lowered:
        return frozenset()  # most texts compare nothing: no clause is read
    found: set[Limit] = set()
    for clause in _CLAUSE.findall(lowered):
        if not negates(clause):
            continue
        for match in _COMPARISON.finditer(clause):
            if _LIMIT_PHRASE.search(clause, 0, match.start()):
                continue  # "no more than 23 kg" is a limit (negation.py reads it so)
            side = Side.UPPER if match["upper"] else Side.LOWER
            found |= _amount_after(clause, match.end(), side)
        for match in _EXCEED.finditer(clause):
            found |= _amount_after(clause, match.end(), Side.UPPER)
    return frozenset(found)


@lru_cache(maxsize=4_096)
def stated_limits(text: str) -> frozenset[Limit]:
    """The limits `text` states as one ("up to five devices", "at least 18")."""
    found: set[Limit] = set()
    lowered = text.lower()
    for match in _LIMIT.finditer(lowered):
        side = Side.UPPER if match["upper"] else Side.LOWER
        found |= _amount_after(lowered, match.end(), side)
    return frozenset(found)


def restates_negated_limit(text: str, other: str) -> bool:
    """Whether `text` states as a limit what `other` states as a negated comparison,
    on the same side and with the same amount, and does not negate it so itself."""
    negated = negated_comparisons(other)
    if not negated:
        return False  # most texts negate no comparison: `text` is not read
    return not negated_comparisons(text) and not negated.isdisjoint(stated_limits(text))


def _amount_after(text: str, at: int, side: Side) -> set[Limit]:
    """The amount that starts at `at`, as a limit on `side`; none where none does."""
    match = QUANTITY.match(text, at)
    amount = read_amount(match) if match else None
    return {(side, amount.unit, amount.value)} if amount else set()
