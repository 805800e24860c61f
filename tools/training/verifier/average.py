"""Weight averaging: the shipped verifier as a point on the line between the weights
the NLI stage leaves and the weights the claim stage ends with (weight-space
ensembling, WiSE-FT: Wortsman et al., "Robust fine-tuning of zero-shot models", 2022).

Both ends start from the same MiniLM encoder and the second is fine-tuned from the
first, so the points between them are models too: the NLI end reads real paraphrase
best, the claim end catches one-word swaps (docs/verifier.md#nli-pre-training), and
an average can keep part of each.  Averaged from the fp16 arrays as written, so the
shipped file can be rebuilt from the two stage files alone.
"""

from __future__ import annotations

import numpy as np
import numpy.typing as npt

Weights = dict[str, npt.NDArray[np.generic]]


def as_shipped(weights: Weights) -> Weights:
    """fp16, as the verifier ships."""
    return {name: np.asarray(array).astype(np.float16) for name, array in weights.items()}


def averaged(nli_stage: Weights, claim_stage: Weights, nli_share: float) -> Weights:
    """`nli_share` of the NLI stage's weights and the rest of the claim stage's, each
    read as fp16 (as written) and summed in fp32; fp16 out."""
    if not 0.0 <= nli_share <= 1.0:
        raise ValueError(f"nli_share must be within 0 and 1, not {nli_share}")
    if nli_stage.keys() != claim_stage.keys():
        raise ValueError("the two stages' weights name different tensors")
    first, second = as_shipped(nli_stage), as_shipped(claim_stage)
    return {
        name: (
            nli_share * first[name].astype(np.float32)
            + (1.0 - nli_share) * second[name].astype(np.float32)
        ).astype(np.float16)
        for name in second
    }
