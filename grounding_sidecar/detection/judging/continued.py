"""A thing ended said to go on: "The deprecated sync_client module is still included"
against "The deprecated sync_client module has been removed", and the other way round.

"still" says a state goes on; "has been removed", "was discontinued", "is no longer
offered" say it ended.  No word of either stands against the other in a table and the
claim copies the passage's subject, so the cosine is high and the verifier reads the
pair as entailed as often as not.  Read where the claim negates nothing, one of the two
texts says the thing goes on ("still", "remains", "continues to") and never that one
ended, the other says one ended and never that one goes on, and the words before the
ending (its clause's subject) hold the claim's first content word.
"""

from __future__ import annotations

import re

from grounding_sidecar.detection.text import words
from grounding_sidecar.detection.text.negation import negates

_GOES_ON = re.compile(r"\b(?:still|remains?|remained|continues?\s+to|continued\s+to)\b")
# An ending said of a thing, passive or perfect ("has been removed", "was retired",
# "is no longer offered"), or an act that ends it ("removes", "discontinued").
_ENDED = re.compile(
    r"\b(?:(?:(?:has|have|had)\s+been|was|were|is|are|been|be|being|got|gets)\s+"
    r"(?:now\s+|since\s+|recently\s+|permanently\s+|officially\s+)?"
    r"(?:removed|discontinued|dropped|retired|"
    r"withdrawn|abolished|scrapped|decommissioned|phased\s+out|shut\s+down|closed\s+down)"
    r"|(?:removes|removed|discontinues|discontinued|retires|retired|abolishes|abolished)"
    r"\s+(?:the|its|their|our)\b"
    r"|no\s+longer)\b"
)
# How many words before an ending are its subject's.
_SUBJECT_REACH = 8


def continued_after_ending(claim: str, passage: str) -> tuple[str, str] | None:
    """(the claim's words, the passage's) where one of the two says the claim's subject
    goes on and the other that it ended, or None."""
    if negates(claim):
        return None
    subject = words.first_content_word(claim)
    if subject is None:
        return None
    lowered_claim, lowered_passage = claim.lower(), passage.lower()
    found = _goes_on_where_ended(lowered_claim, lowered_passage, subject)
    if found is not None:
        return found
    found = _goes_on_where_ended(lowered_passage, lowered_claim, subject)
    return None if found is None else (found[1], found[0])


def _goes_on_where_ended(going: str, ending: str, subject: str) -> tuple[str, str] | None:
    """(`going`'s words, `ending`'s) where `going` says a thing goes on and never that
    one ended, `ending` the reverse, and each says it of `subject` (a word among the
    `_SUBJECT_REACH` before its phrase)."""
    goes_on, ended = _GOES_ON.search(going), _ENDED.search(ending)
    if goes_on is None or ended is None or _ENDED.search(going) or _GOES_ON.search(ending):
        return None
    if not (_said_of(subject, going, goes_on.start()) and _said_of(subject, ending, ended.start())):
        return None
    return goes_on.group(), ended.group()


def _said_of(subject: str, text: str, at: int) -> bool:
    return subject in words.words(text[:at])[-_SUBJECT_REACH:]
