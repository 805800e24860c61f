"""A claim's evidence names its best passage and that passage's cosine by the
kernel's argmax, not by the passages' order."""

from __future__ import annotations

import numpy as np

from grounding_sidecar.detection.judging.corpus import SourceCorpus
from grounding_sidecar.detection.judging.evidence import ClaimEvidence
from grounding_sidecar.detection.text.passages import Passage


def test_the_best_passage_and_its_cosine_are_read_at_the_best_index() -> None:
    texts = ["Parcels ship on Mondays.", "Refunds take five days."]
    passages = [Passage(f"s{i}.0", i, 0, len(text), text) for i, text in enumerate(texts)]
    similarities = np.array([-np.inf, 0.75], dtype=np.float32)
    evidence = ClaimEvidence("Refunds take a week.", similarities, 1, passages, SourceCorpus(texts))
    assert evidence.best is passages[1]
    assert evidence.cosine == 0.75
    assert isinstance(evidence.cosine, float)
