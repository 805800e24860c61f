"""Additions: a claim that restates its best passage and adds content words no source
uses ("The page was approved by the legal team before it went live on Monday" against
"The page went live on Monday").  The copied words carry the similarity and the
calibrated P(supported) whatever the addition says, so the claim is `unsupported`
unless the verifier reads the passage as entailing it (judging/overrides.py; the rule
and its bars: docs/verifier.md#additions).
"""

from __future__ import annotations

from grounding_sidecar.detection.contract import Verdict
from grounding_sidecar.detection.judging.consistency import Finding, FindingKind
from grounding_sidecar.detection.judging.corpus import SourceCorpus
from grounding_sidecar.detection.text import words

# A claim restates its best passage when it keeps every one of the passage's content
# words, and adds to it with at least ADDED_WORDS content words that no source uses.
# Both bars are the strictest within half a point of the best gain on the calibration
# parts (docs/verifier.md#additions): a false "unsupported" refuses a grounded answer.
RESTATED_SHARE = 1.0
ADDED_WORDS = 3
# Words that attribute a statement to the sources rather than add to it ("The release
# notes say that ...", "As stated in the changelog entry, ..."): RAG answers cite with
# them.  The attribution they head never counts as added (`_attribution`).  An
# invented attribution ("according to an internal audit") is missed with them, a
# smaller harm than refusing faithful answers that cite.
ATTRIBUTION_WORDS = frozenset(
    words.stem(word)
    for word in (  # noqa: SIM905 - a word list reads better as text
        "according say says said state states stated mention mentions mentioned note notes "
        "noted report reports reported explain explains explained describe describes "
        "described indicate indicates indicated confirm confirms confirmed show shows showed "
        "shown specify specifies specified outline outlines outlined document documents "
        "documented documentation source sources article text passage context provided "
        "reference references per yes"
    ).split()
)


def find_addition(
    claim: str, best_passage: str, best_passage_id: str, corpus: SourceCorpus
) -> Finding | None:
    """The best passage restated with content words that no source uses, or None:
    "The page was approved by the legal team before it went live on Monday" against
    "The page went live on Monday"."""
    kept, added = addition(claim, best_passage, corpus)
    if kept < RESTATED_SHARE or len(added) < ADDED_WORDS:
        return None
    shown = dict.fromkeys(t for t in words.written(claim) if words.stem(t.lower()) in added)
    return Finding(
        Verdict.UNSUPPORTED,
        f"adds {', '.join(repr(t) for t in shown)} to {best_passage_id}, found in no source",
        FindingKind.ADDITION,
    )


def addition(claim: str, best_passage: str, corpus: SourceCorpus) -> tuple[float, frozenset[str]]:
    """What `find_addition` weighs: the share of the passage's content words that the
    claim keeps, and the claim's content words (stemmed) that no source uses, bar
    words of attribution."""
    passage_words = words.content_words(best_passage)
    claim_words = words.content_words(claim)
    kept = len(passage_words & claim_words) / max(1, len(passage_words))
    return kept, claim_words - corpus.content_words - _attribution(claim)


def _attribution(claim: str) -> frozenset[str]:
    """The claim's words of attribution and what they head: a comma-separated part
    holding one ("As stated in the changelog entry, ...", "..., as the update
    mentions"), or in a claim of one part the words up to it ("The release notes say
    that ...")."""
    parts = claim.split(",")
    found: set[str] = set()
    for part in parts:
        tokens = words.words(part)
        heads = [i for i, token in enumerate(tokens) if token in ATTRIBUTION_WORDS]
        if heads:
            found.update(tokens if len(parts) > 1 else tokens[: heads[0] + 1])
    return frozenset(found)
