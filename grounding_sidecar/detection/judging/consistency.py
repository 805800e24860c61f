"""Consistency: does a claim agree with the sources on the details it states?

"Deadline June 15" and "deadline June 22" embed almost identically, so after
scoring, each claim's details are looked up in every kept source (not only the
best passage: a detail checked against a single sentence misfires on a fifth of
supported claims).  A detail found nowhere is a finding; it is a contradiction
when the best-matching passage states a different detail of the same kind, and
missing support otherwise.  A flipped negation against the best passage is a
contradiction.
"""

from __future__ import annotations

import enum
from dataclasses import dataclass

from grounding_sidecar.detection.contract import Verdict
from grounding_sidecar.detection.judging.corpus import SourceCorpus
from grounding_sidecar.detection.text.details import (
    WORD,
    Detail,
    DetailKind,
    extract_details,
    negation_parity,
)


class FindingKind(enum.Enum):
    MISSING_DETAIL = "missing_detail"  # a detail found in no source
    CONFLICTING_DETAIL = "conflicting_detail"  # the best passage states another value
    NEGATION = "negation"  # negation parity differs from the best passage


@dataclass(frozen=True, slots=True)
class Finding:
    verdict: Verdict  # UNSUPPORTED or CONTRADICTORY
    rationale: str
    kind: FindingKind


def find_inconsistency(
    claim: str, best_passage: str, best_passage_id: str, corpus: SourceCorpus
) -> Finding | None:
    """A reason the claim is not supported despite a similar passage, or None."""
    missing = [
        detail
        for detail in extract_details(claim)
        if not corpus.contains(detail)
        and (not detail.initial or _substitutes_first_word(claim, best_passage))
    ]
    if missing:
        claimed = {(d.kind, d.value) for d in extract_details(claim)}
        # The passage's counterpart is a detail the claim dropped, not one it shares.
        replaced = [d for d in extract_details(best_passage) if (d.kind, d.value) not in claimed]
        for detail in missing:
            for other in replaced:
                if _same_slot(detail, other) and other.value != detail.value:
                    return Finding(
                        Verdict.CONTRADICTORY,
                        f"{detail.kind.value} '{detail.surface}' where {best_passage_id} "
                        f"says '{other.surface}'",
                        FindingKind.CONFLICTING_DETAIL,
                    )
        first = missing[0]
        return Finding(
            Verdict.UNSUPPORTED,
            f"{first.kind.value} '{first.surface}' appears in no source",
            FindingKind.MISSING_DETAIL,
        )
    if negation_parity(claim) != negation_parity(best_passage):
        return Finding(
            Verdict.CONTRADICTORY,
            f"negation differs from {best_passage_id}",
            FindingKind.NEGATION,
        )
    return None


def _same_slot(claimed: Detail, stated: Detail) -> bool:
    if claimed.kind is not stated.kind:
        return False
    if claimed.kind is DetailKind.QUANTITY:
        return claimed.unit == stated.unit
    return True


def _substitutes_first_word(claim: str, passage: str) -> bool:
    """`Bob approved the budget` against `Alice approved the budget`.

    A capital on a sentence's first word may be a name or just grammar; it is
    treated as a name only when it replaces the passage's first word, the next
    word staying the same.
    """
    claim_words = WORD.findall(claim.lower())[:2]
    passage_words = WORD.findall(passage.lower())[:2]
    return (
        len(claim_words) == 2
        and len(passage_words) == 2
        and claim_words[0] != passage_words[0]
        and claim_words[1] == passage_words[1]
    )
