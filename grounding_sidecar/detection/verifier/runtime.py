"""The verifier on onnxruntime: (passage, claim) pairs -> three probabilities.

Input is `[CLS] passage [SEP] claim [SEP]` from the MiniLM tokenizer, cut to
VERIFIER_MAX_TOKENS (the longer side first); every token is segment 0, as in
training (docs/verifier.md#design).  Pairs run in length-sorted batches, padded
only to their longest row.  Files are verified by sha256 and loaded once per
process and thread setting.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import numpy as np

from grounding_sidecar.detection.contract import Verification
from grounding_sidecar.detection.embedding.minilm.runtime import (
    LoadOnce,
    load_tokenizer,
    open_session,
    pad_sequences,
    valid_unicode,
)
from grounding_sidecar.detection.embedding.minilm.store import (
    TOKENIZER,
    problem_with,
    resolve_model_dir,
)
from grounding_sidecar.detection.verifier.base import VerificationError, VerifierUnavailable
from grounding_sidecar.detection.verifier.store import (
    VERIFIER_GRAPH,
    VERIFIER_MAX_TOKENS,
    VERIFIER_VERSION,
    verifier_graph_path,
)

# Pairs per onnxruntime run: long enough rows to keep the GEMMs busy, short enough
# that one long passage pads few others.
BATCH_ROWS = 16
# Chat answers open with discourse markers ("Good news:", "Sure,") that state nothing
# and that the training pairs never had: the verifier reads them as a change of
# meaning ("Good news: refund request R-2291 ... was approved" against the passage
# saying exactly that: P(contradicted) 0.99).  It reads the claim without them; the
# claim, its span and its embedding stay as they are.
_DISCOURSE_MARKER = re.compile(
    r"^(?:(?:good|great|bad|sad|the good|the bad) news|yes|sure|okay|ok|well|certainly|"
    r"of course|absolutely|unfortunately|fortunately|thankfully|happily|sadly|"
    r"in short|in summary|to summari[sz]e|update|note|answer)\s*[:,!.–—-]\s+",
    re.IGNORECASE,
)


@dataclass(frozen=True, slots=True)
class _Loaded:
    session: Any  # onnxruntime.InferenceSession (untyped library)
    tokenizer: Any  # tokenizers.Tokenizer (untyped library)


def verifier_problem(model_dir: Path | str | None = None) -> str | None:
    """Why the verifier's files are not usable in `model_dir`, or None when they are."""
    directory = resolve_model_dir(model_dir)
    for path, pin in (
        (verifier_graph_path(directory), VERIFIER_GRAPH),
        (directory / TOKENIZER.name, TOKENIZER),
    ):
        problem = problem_with(path, pin)
        if problem is not None:
            return problem
    return None


def _load_uncached(model_dir: Path, threads: int, spinning: bool) -> _Loaded:
    problem = verifier_problem(model_dir)
    if problem is not None:
        raise VerifierUnavailable(
            f"the verifier's files are not usable: {problem}. Build them with "
            "`make install` or `grounding-sidecar model fetch`, or set `verifier: off`."
        )
    try:
        return _Loaded(
            open_session(verifier_graph_path(model_dir), threads, spinning),
            load_tokenizer(model_dir / TOKENIZER.name, VERIFIER_MAX_TOKENS),
        )
    except Exception as exc:  # onnxruntime's exception classes are untyped
        raise VerifierUnavailable(f"onnxruntime could not load the verifier: {exc}") from exc


_load = LoadOnce(_load_uncached)


def without_discourse_marker(claim: str) -> str:
    """The claim as the verifier reads it: a leading discourse marker removed."""
    stripped = _DISCOURSE_MARKER.sub("", claim, count=1)
    return stripped[:1].upper() + stripped[1:] if stripped != claim else claim


class OnnxVerifier:
    def __init__(
        self,
        model_dir: Path | str | None = None,
        *,
        intra_op_threads: int = 0,
        allow_spinning: bool = True,
    ) -> None:
        self._loaded = _load(resolve_model_dir(model_dir), intra_op_threads, allow_spinning)

    @property
    def version_tag(self) -> str:
        return f"{VERIFIER_VERSION}@{VERIFIER_GRAPH.sha256[:8]}"

    @property
    def tokenizer(self) -> Any:
        """The pair tokenizer (tokenizers.Tokenizer), truncating at VERIFIER_MAX_TOKENS."""
        return self._loaded.tokenizer

    def verify(self, pairs: Sequence[tuple[str, str]]) -> list[Verification]:
        if not pairs:
            return []
        try:
            encodings = self._loaded.tokenizer.encode_batch(
                [
                    (valid_unicode(passage), valid_unicode(without_discourse_marker(claim)))
                    for passage, claim in pairs
                ]
            )
        except Exception as exc:  # e.g. a non-str item: fail the batch, not the process
            raise VerificationError(f"tokenizer failed: {exc}") from exc
        out = np.zeros((len(pairs), 3), np.float32)
        order = sorted(range(len(pairs)), key=lambda i: len(encodings[i].ids))
        for start in range(0, len(order), BATCH_ROWS):
            rows = order[start : start + BATCH_ROWS]
            ids, mask = pad_sequences([encodings[r].ids for r in rows])
            try:
                (probabilities,) = self._loaded.session.run(
                    ["probabilities"], {"input_ids": ids, "attention_mask": mask}
                )
            except Exception as exc:  # onnxruntime's exception classes are untyped
                raise VerificationError(f"onnxruntime failed: {exc}") from exc
            out[rows] = probabilities
        if not np.isfinite(out).all():
            raise VerificationError("the verifier returned non-finite probabilities")
        return [Verification(float(e), float(c), float(n)) for e, c, n in out]
