"""The claims a check grades, and the class each is graded as, under its claim policy.

Under `strict` every claim is subject-specific: only the supplied sources may support
it.  Under `classed` each claim is classified (detection/text/classify.py), and advice
resting on a premise ("Since the warranty covers damage, you should file a claim")
becomes two claims: the premise, graded by its own class, because a false premise makes
the advice wrong, and the advice itself, an interpretation that no source can support.
"""

from __future__ import annotations

from collections.abc import Sequence

from grounding_sidecar.detection.contract import ClaimClass, ClaimPolicy
from grounding_sidecar.detection.text.claims import Claim
from grounding_sidecar.detection.text.classify import classify_claim, split_premise


def claim_classes(
    claims: Sequence[Claim], policy: ClaimPolicy, *, split_premises: bool
) -> tuple[list[Claim], list[ClaimClass]]:
    """The claims to grade and their classes; `split_premises` False grades each claim
    as given (labelled spans come with their own segmentation)."""
    if policy is not ClaimPolicy.CLASSED:
        return list(claims), [ClaimClass.SUBJECT_SPECIFIC] * len(claims)
    out_claims: list[Claim] = []
    out_classes: list[ClaimClass] = []
    for claim in claims:
        # A short answer read with its question is one claim, as formed.
        parts = _premise_and_advice(claim) if split_premises and claim.question is None else None
        if parts is None:
            out_claims.append(claim)
            out_classes.append(classify_claim(claim.reading))
            continue
        premise, advice = parts
        out_claims += [premise, advice]
        out_classes += [classify_claim(premise.text), ClaimClass.INTERPRETATION]
    return out_claims, out_classes


def _premise_and_advice(claim: Claim) -> tuple[Claim, Claim] | None:
    """The premise and the advice of advice resting on one, spans in the answer."""
    parts = split_premise(claim.text)
    if parts is None:
        return None
    (premise_start, premise_end), (advice_start, advice_end) = parts
    return _part(claim, premise_start, premise_end), _part(claim, advice_start, advice_end)


def _part(claim: Claim, start: int, end: int) -> Claim:
    return Claim(claim.text[start:end], claim.start + start, claim.start + end)
