"""Frequencies: how often something happens or is billed ("monthly", "per week", "every
year"), read as the period it repeats over.

A period is no amount (details.py reads "3 weeks" as one): "billed annually" and
"billed monthly" state no number to compare, and a claim that says "Statements are
issued weekly" against "Statements are issued monthly" changes one word the contrast
rule reads only with the verifier.  The consistency rule compares the periods
(judging/consistency.py).  Only the forms that say "how often" are read: an adverb or
adjective ("weekly", "annually") or "per", "every" or "each" before the period's
noun; "24 hours before departure" is a duration, not a frequency.
"""

from __future__ import annotations

import re

_PERIODS = {
    "hour": "hour",
    "hourly": "hour",
    "day": "day",
    "daily": "day",
    "week": "week",
    "weekly": "week",
    "month": "month",
    "monthly": "month",
    "quarter": "quarter",
    "quarterly": "quarter",
    "year": "year",
    "yearly": "year",
    "annually": "year",
    "annual": "year",
}
# The periods themselves ("hour", ..., "year"), each the noun it is written as.
PERIOD_NOUNS = frozenset(_PERIODS.values())
_FREQUENCY = re.compile(
    r"\b(?:(?:per|every|each)\s+(hour|day|week|month|quarter|year)|"
    r"(hourly|daily|weekly|monthly|quarterly|yearly|annually|annual))\b",
    re.IGNORECASE,
)


def frequencies(text: str) -> dict[str, str]:
    """The periods `text` states something repeats over, each with its words as
    written: {"month": "per month"}."""
    found: dict[str, str] = {}
    for match in _FREQUENCY.finditer(text):
        period = _PERIODS[(match.group(1) or match.group(2)).lower()]
        found.setdefault(period, match.group())
    return found
