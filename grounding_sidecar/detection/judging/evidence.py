"""What a judge reads about one claim: the claim, its row of the similarity kernel,
the passages that row indexes and the corpus of the kept sources.

Every judge (and every tool that records what the judges see) reads the same five
things, so they travel as one value rather than five parameters each signature
restates.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field

import numpy as np
import numpy.typing as npt

from grounding_sidecar.detection.judging.corpus import SourceCorpus
from grounding_sidecar.detection.text.passages import Passage


@dataclass(frozen=True, slots=True)
class ClaimEvidence:
    claim: str
    # The claim's row of the kernel: its cosine to every passage, `-inf` where the
    # passage may not support it.
    similarities: npt.NDArray[np.float32]
    best_index: int  # the kernel's argmax in `similarities` (a finite entry)
    passages: Sequence[Passage]
    corpus: SourceCorpus
    # What each lexical rule found on the claim and its best passage, by rule, and its
    # evidence features: the judge asks once whether the verifier's reading matters and
    # again when it judges (judging/judges.py), and the answer is the same.
    findings: dict[str, object] = field(default_factory=dict, init=False, compare=False, repr=False)

    @property
    def best(self) -> Passage:
        """The passage most similar to the claim."""
        return self.passages[self.best_index]

    @property
    def cosine(self) -> float:
        """The claim's cosine to its best passage."""
        return float(self.similarities[self.best_index])

    def most_similar(self, count: int) -> list[int]:
        """The indices of the `count` passages most similar to the claim, most similar
        first, those it may be compared with only (finite entries of its row)."""
        order = np.argsort(-self.similarities)[:count]
        return [int(index) for index in order if np.isfinite(self.similarities[index])]
