"""Claim classes for the `classed` policy (docs/contract.md#grading, docs/detection.md).

A transparent rule set, versioned with the splitter: a claim is
- `interpretation` when it advises, opines or transitions (and states no detail
  of its own that could be checked);
- `subject_specific` when it names something particular: a number, a date, a
  named entity after the first word, a possessive about the user or a reference
  to "this/the <document>";
- `external` otherwise: a general statement about the world.
Under the default `strict` policy the grader never calls this: every claim is
subject-specific there.
"""

from __future__ import annotations

import re

from grounding_sidecar.detection.contract import ClaimClass
from grounding_sidecar.detection.text.details import DetailKind, extract_details

CLASSIFIER_VERSION = "class-v1"

_INTERPRETATION = re.compile(
    r"^(?:i|we)\s+(?:recommend|suggest|think|believe|would|hope)\b"
    r"|^(?:you|they)\s+(?:should|could|may want|might want|might consider)\b"
    r"|^(?:consider|try|feel free|let me know|please|note that|in (?:my|our) (?:view|opinion))\b"
    r"|^(?:it(?:'s| is) (?:best|advisable|a good idea|worth|recommended))\b"
    r"|^(?:overall|in summary|to summari[sz]e|in short|hope this helps)\b"
    r"|\?$",
    re.IGNORECASE,
)
# Definite references to the things a conversation is about ("the order", "this
# account", "the engineering team") make a claim about the subject, not the world.
_SUBJECT_NOUNS = (
    r"(?:\w+ )?(?:order|account|document|report|contract|invoice|policy|ticket|case|file|"
    r"company|team|customer|client|user|patient|plan|subscription|incident|outage|project|"
    r"meeting|call|request|refund|payment|shipment|parcel|application|claim)s?"
)
_PERSONAL = re.compile(
    rf"\b(?:your|yours|my|our|ours|you've|you're|(?:this|that|the) {_SUBJECT_NOUNS}|"
    r"the (?:attached|above|following))\b",
    re.IGNORECASE,
)


# "Since your parcel was damaged, you should file a claim": advice resting on a
# factual premise.  The premise is split out and graded; the advice is not.
_PREMISE = re.compile(
    r"^(?P<premise>(?:since|because|as|given that|now that)\s[^,;]{8,}?),\s+(?P<advice>.+)$",
    re.IGNORECASE | re.DOTALL,
)


def split_premise(text: str) -> tuple[tuple[int, int], tuple[int, int]] | None:
    """(premise span, advice span) within `text`, when advice rests on a premise."""
    match = _PREMISE.match(text)
    if match is None or not _INTERPRETATION.search(match.group("advice")):
        return None
    return match.span("premise"), match.span("advice")


def classify_claim(text: str) -> ClaimClass:
    stripped = text.strip()
    details = extract_details(stripped)
    first_word = stripped.split(maxsplit=1)[0].strip("*_\"'(") if stripped else ""
    specific = bool(_PERSONAL.search(stripped)) or any(
        detail.kind is not DetailKind.ENTITY or not detail.surface.startswith(first_word)
        for detail in details
    )
    if _INTERPRETATION.search(stripped) and not specific:
        return ClaimClass.INTERPRETATION
    return ClaimClass.SUBJECT_SPECIFIC if specific else ClaimClass.EXTERNAL
