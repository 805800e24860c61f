"""A limit called unlimited: "Books can be renewed as often as you like" against
"Books ... can be renewed twice online", "Pets of any size may travel in the cabin"
against "Pets under 8 kg may travel in the cabin".  The claim states no amount, so no
detail of it is missing or conflicting, and the copied words make it similar; what it
says lifts the passage's limit.  Read only where the passage lifts no limit itself,
the claim negates nothing ("cannot be renewed as often as you like" keeps a limit) and
the passage uses a word of the claim's subject ("the link" of "The reset link")."""

from __future__ import annotations

import re

from grounding_sidecar.detection.text import words
from grounding_sidecar.detection.text.details import Detail, DetailKind, extract_details
from grounding_sidecar.detection.text.negation import negates

# What says there is no limit: "as often as you like", "as many times as needed",
# "any number of", "unlimited", "no limit", "without restriction", "of any size".
# Not "as long as they are unopened" (a condition) nor "as many as 500" (an amount).
_UNLIMITED = re.compile(
    r"\bas\s+(?:often|much|long|many(?:\s+times|\s+\w+)?)\s+as\s+"
    r"(?:(?:you|they|he|she|we|one|members?|customers?|guests?|users?)\s+"
    r"(?:like|likes|want|wants|wish|wishes|need|needs|please|pleases|choose|chooses)|"
    r"needed|necessary|desired|required|possible)\b"
    r"|\bany\s+(?:number|amount)\s+of\b|\bunlimited\b|\blimitless\b"
    r"|\bno\s+(?:upper\s+)?limit\b|\bwithout\s+(?:a\s+|any\s+)?(?:limits?|restrictions?)\b"
    r"|\bof\s+any\s+(?:size|weight|length|height|age|amount|number|value)\b",
    re.IGNORECASE,
)
_AMOUNT = r"(?:[$€£]?\d[\d,.]*|one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve)"
# A limit as a passage writes it: a bound before an amount ("up to 12 books", "no more
# than 23 kg", "under 8 kg", "at least 18"), or how many times ("twice", "3 times").
_LIMIT = re.compile(
    r"\b(?:up\s+to|at\s+most|(?:a\s+)?maximum\s+of|limited\s+to|(?:no|not|never)\s+more\s+than"
    r"|under|below|less\s+than|fewer\s+than|over|above|more\s+than|at\s+least"
    rf"|(?:a\s+)?minimum\s+of)\s+{_AMOUNT}(?:\s+[^\W\d_]+)?"
    rf"|\b(?:once|twice|thrice|{_AMOUNT}\s+times)\b",
    re.IGNORECASE,
)


def lifted_limit(claim: str, best_passage: str) -> tuple[str, str] | None:
    """The claim's words that lift a limit and the passage's limit (as each writes it),
    or None: the claim says there is no limit, states no amount and negates nothing;
    the passage states a limit, says of nothing that it has none, and speaks of the
    claim's subject (`_speaks_of`)."""
    unlimited = _UNLIMITED.search(claim)
    if unlimited is None or _UNLIMITED.search(best_passage) or negates(claim):
        return None
    if any(_amount(detail) for detail in extract_details(claim)):
        return None
    limit = _LIMIT.search(best_passage)
    if limit is None or not _speaks_of(claim, best_passage):
        return None
    return unlimited.group(), limit.group()


def _speaks_of(claim: str, passage: str) -> bool:
    """Whether the passage uses a word of the claim's subject (`words.subject_words`):
    "the link can be used only once" speaks of "The reset link"."""
    used = words.words(passage)
    return any(word in used for word in words.subject_words(claim))


def _amount(detail: Detail) -> bool:
    """A quantity the claim states, not "unlimited" (which the details read as one)."""
    return detail.kind is DetailKind.QUANTITY and detail.value != "unlimited"
