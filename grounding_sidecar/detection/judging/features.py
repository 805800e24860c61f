"""Per-claim evidence features for the calibrated scorer.

Each feature has a fixed direction (more containment never makes a claim less
supported), which the fitted model is constrained to respect; that keeps the
scorer's behaviour explainable and stops one data set's artefacts (e.g. the
minimal edits of SummEdits, where overlap is high on both sides) from turning a
signal upside down.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass

import numpy as np
import numpy.typing as npt

from grounding_sidecar.detection.contract import Verification
from grounding_sidecar.detection.judging.corpus import SourceCorpus
from grounding_sidecar.detection.judging.evidence import ClaimEvidence
from grounding_sidecar.detection.judging.polarity import negation_flip
from grounding_sidecar.detection.text import words
from grounding_sidecar.detection.text.details import Detail, DetailKind, extract_details

TOP_K = 3


@dataclass(frozen=True, slots=True)
class Feature:
    name: str
    direction: int  # +1: a larger value means more likely supported; -1: less


FEATURES: tuple[Feature, ...] = (
    Feature("max_cosine", +1),
    Feature("top3_mean_cosine", +1),
    Feature("containment_best", +1),
    Feature("containment_top3", +1),
    Feature("containment_sources", +1),
    Feature("bigram_containment_sources", +1),
    Feature("novel_words_log", -1),
    Feature("missing_numbers", -1),
    Feature("missing_dates", -1),
    Feature("missing_entities", -1),
    Feature("detail_conflict_best", -1),
    Feature("negation_differs_best", -1),
    Feature("negation_differs_top3", -1),
    Feature("claim_words_log", -1),
)
FEATURE_NAMES = tuple(feature.name for feature in FEATURES)
# With the verifier on (docs/verifier.md#in-the-pipeline), its log-odds on the best
# passage join the evidence.
VERIFIER_FEATURES: tuple[Feature, ...] = (
    Feature("verifier_entailed_logit", +1),
    Feature("verifier_contradicted_logit", -1),
)
FEATURES_WITH_VERIFIER = FEATURES + VERIFIER_FEATURES


# Log-odds, clipped: a confident "not entailed" (p 0.005) must weigh more than an unsure
# one (p 0.3), which probabilities squeeze together near 0.
VERIFIER_LOGIT_CLIP = 8.0


def verifier_features(verification: Verification | None) -> npt.NDArray[np.float64]:
    """log-odds of entailed and contradicted; -VERIFIER_LOGIT_CLIP for both when the
    verifier did not read the claim (it has no similar passage), and for contradicted
    when the verifier has no such class (a two-label checker)."""
    if verification is None:
        return np.full(len(VERIFIER_FEATURES), -VERIFIER_LOGIT_CLIP)
    contradicted = verification.contradicted
    return clipped_log_odds(
        np.array([verification.entailed, 0.0 if contradicted is None else contradicted])
    )


def clipped_log_odds(probabilities: npt.NDArray[np.float64]) -> npt.NDArray[np.float64]:
    """Verifier probabilities as the scorer reads them: log-odds clipped to
    ±VERIFIER_LOGIT_CLIP."""
    p = np.clip(probabilities, 1e-6, 1 - 1e-6)
    return np.asarray(
        np.clip(np.log(p / (1 - p)), -VERIFIER_LOGIT_CLIP, VERIFIER_LOGIT_CLIP), dtype=np.float64
    )


def claim_features(evidence: ClaimEvidence) -> npt.NDArray[np.float64]:
    """The feature vector of one claim, in `FEATURE_NAMES` order: what it shares
    with its TOP_K most similar passages (the finite entries of its kernel row) and
    with the whole corpus.  The words of a value the sources state in another form
    count as the sources' words in the corpus-wide features (`restated_words`)."""
    claim, similarities, corpus = evidence.claim, evidence.similarities, evidence.corpus
    order = evidence.most_similar(TOP_K)
    best = evidence.passages[order[0]]
    top = [evidence.passages[i] for i in order]
    claim_words = words.content_words(claim)
    denominator = max(1, len(claim_words))
    top_words = frozenset().union(*(words.content_words(p.text) for p in top))
    claim_bigrams = words.bigrams(claim)
    missing = dict.fromkeys(DetailKind, 0)
    details = extract_details(claim)
    backed, unbacked = _backing(details, corpus)
    for detail in unbacked:
        missing[detail.kind] += 1
    restated = _restated(backed, corpus)
    # The claim's words the sources write, or write otherwise as a value's.
    known_words = (claim_words & corpus.content_words) | (claim_words & restated)
    known_bigrams = [b for b in claim_bigrams if b in corpus.bigrams or not restated.isdisjoint(b)]
    best_details = {(d.kind, d.unit, d.value) for d in extract_details(best.text)}
    best_slots = {(kind, unit) for kind, unit, _ in best_details}
    conflict = any(
        (d.kind, d.unit) in best_slots and (d.kind, d.unit, d.value) not in best_details
        for d in unbacked
    )
    # The negation the consistency rule reads (polarity.py): a negation reworded on
    # both sides, or restating a denying verb, differs in nothing.
    flips = negation_flip(claim, best.text) is not None
    return np.array(
        [
            float(similarities[order[0]]),
            float(similarities[order].mean()),
            len(claim_words & words.content_words(best.text)) / denominator,
            len(claim_words & top_words) / denominator,
            len(known_words) / denominator,
            len(known_bigrams) / max(1, len(claim_bigrams)),
            math.log1p(len(claim_words - known_words)),
            # A time is a number to the fitted weights: it was read as one when they
            # were fitted, and a changed time weighs as a changed number.
            min(missing[DetailKind.QUANTITY] + missing[DetailKind.TIME], 2),
            min(missing[DetailKind.DATE], 2),
            min(missing[DetailKind.ENTITY], 2),
            float(conflict),
            float(flips),
            float(flips and all(negation_flip(claim, p.text) is not None for p in top[1:])),
            math.log(max(1, len(words.words(claim)))),
        ]
    )


# The details whose words `restated_words` may credit: values, compared as values.  A
# name the sources back in another form (an initialism, a surname alone) is a looser
# match, and on the calibration parts such names stood mostly in unsupported claims.
RESTATED_KINDS = frozenset({DetailKind.QUANTITY, DetailKind.TIME, DetailKind.DATE})


def restated_words(details: Sequence[Detail], corpus: SourceCorpus) -> frozenset[str]:
    """The content words of the claim's values that the sources back but write
    otherwise: "21 days" where a source says "three weeks", "2 PM" for "14:00".

    An answer restates a value in its own form; read word by word, that form is new
    wording and sinks the lexical features, the scorer's heaviest evidence, on a
    faithful claim.  A value no source backs, or one written as a source writes it,
    adds nothing here, so a changed value weighs as before."""
    return _restated(_backing(details, corpus)[0], corpus)


def _backing(details: Sequence[Detail], corpus: SourceCorpus) -> tuple[list[Detail], list[Detail]]:
    """The details the sources back, and the others: each looked up once."""
    backed: list[Detail] = []
    unbacked: list[Detail] = []
    for detail in details:
        (backed if corpus.contains(detail) else unbacked).append(detail)
    return backed, unbacked


def _restated(backed: Sequence[Detail], corpus: SourceCorpus) -> frozenset[str]:
    """`restated_words` of details already known to be backed by the sources."""
    return frozenset(
        word
        for detail in backed
        if detail.kind in RESTATED_KINDS
        for word in words.content_words(detail.surface)
        if word not in corpus.content_words
    )
