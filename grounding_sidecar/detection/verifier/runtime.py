"""The verifier on onnxruntime: (passage, claim) pairs -> Verifications.

One loader for every source (model.py): the graph's declared inputs decide what is
fed (`input_ids`, `attention_mask`, and `token_type_ids` when it has them); the
tokenizer's own post-processor encodes the pair (BERT's [CLS] a [SEP] b [SEP],
RoBERTa's <s> a </s></s> b </s>, DeBERTa's), cut to the model's length on the side
its truncation names; the first output is the class scores (`probabilities` as they
are, anything else as logits, softmaxed), mapped to the verifier's classes by label
name.  Pairs run in length-sorted batches, padded only to their longest row (what they
cost is counted in `VerifierStats`, which the metrics endpoint reads).  A model
is loaded and probed once per process and thread setting; anything it cannot do is
refused then, at start-up (docs/own-checker.md#start-up-errors).
"""

from __future__ import annotations

import re
import threading
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import numpy as np
import numpy.typing as npt

from grounding_sidecar.detection.contract import Verification
from grounding_sidecar.detection.embedding.minilm.runtime import (
    LoadOnce,
    open_session,
    pad_sequences,
    valid_unicode,
)
from grounding_sidecar.detection.verifier.base import VerificationError, VerifierUnavailable
from grounding_sidecar.detection.verifier.model import Truncation, VerifierModel, shipped_model
from grounding_sidecar.detection.verifier.reach import TextReach

# Pairs per onnxruntime run: long enough rows to keep the GEMMs busy, short enough
# that one long passage pads few others.
BATCH_ROWS = 16
REQUIRED_INPUTS = ("input_ids", "attention_mask")
OPTIONAL_INPUTS = ("token_type_ids",)
PROBABILITIES_OUTPUT = "probabilities"  # the shipped graph ends in its softmax
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
_PROBE = ("The museum opens at nine.", "The museum opens at nine.")

IntMatrix = npt.NDArray[np.int64]


@dataclass(slots=True)
class VerifierStats:
    """What the verifier's model runs have read since start-up."""

    runs: int = 0  # onnxruntime runs (a batch of at most BATCH_ROWS pairs each)
    pairs: int = 0
    real_tokens: int = 0
    padded_tokens: int = 0  # each run's rows times its longest row


@dataclass(frozen=True, slots=True)
class _Loaded:
    session: Any  # onnxruntime.InferenceSession (untyped library)
    tokenizer: Any  # tokenizers.Tokenizer, cutting on the model's side
    overflow_tokenizer: Any  # the same, cutting the longer side: for claims too long alone
    reach: TextReach  # each text cut to what a pair can keep, before either truncates
    inputs: tuple[str, ...]
    output: str


def _load_uncached(model: VerifierModel, threads: int, spinning: bool) -> _Loaded:
    try:
        session = open_session(model.graph, threads, spinning)
    except Exception as exc:  # onnxruntime's exception classes are untyped
        raise VerifierUnavailable(f"onnxruntime could not load {model.graph}: {exc}") from exc
    loaded = _Loaded(
        session,
        _pair_tokenizer(model.tokenizer, model.max_tokens, model.truncation),
        _pair_tokenizer(model.tokenizer, model.max_tokens, Truncation.LONGEST_FIRST),
        TextReach(model.tokenizer, model.max_tokens),
        _inputs(session, model.graph),
        session.get_outputs()[0].name,
    )
    _probe(loaded, model)
    return loaded


_load = LoadOnce(_load_uncached)


def _pair_tokenizer(path: Path, max_tokens: int, truncation: Truncation) -> Any:
    """The tokenizer at `path`, cutting pairs at `max_tokens`, never padding; refused
    when its post-processor has no pair template (a and b would run together)."""
    from tokenizers import Tokenizer

    try:
        tokenizer = Tokenizer.from_file(str(path))
    except Exception as exc:  # tokenizers raises its own untyped exception
        raise VerifierUnavailable(f"{path} is not a readable tokenizer: {exc}") from exc
    tokenizer.no_padding()
    tokenizer.enable_truncation(max_length=max_tokens, strategy=truncation.value)
    probe = tokenizer.encode(*_PROBE)
    sequences = probe.sequence_ids
    first = [i for i, s in enumerate(sequences) if s == 0]
    second = [i for i, s in enumerate(sequences) if s == 1]
    if not first or not second or not any(s is None for s in sequences[first[-1] : second[0]]):
        raise VerifierUnavailable(
            f"{path} has no pair template in its post-processor: a (passage, claim) pair "
            "would run together with no separator token; export the tokenizer with its "
            "model's post-processor (docs/own-checker.md#layout)"
        )
    return tokenizer


def _inputs(session: Any, graph: Path) -> tuple[str, ...]:
    declared = tuple(i.name for i in session.get_inputs())
    missing = [name for name in REQUIRED_INPUTS if name not in declared]
    unknown = [name for name in declared if name not in REQUIRED_INPUTS + OPTIONAL_INPUTS]
    if missing or unknown:
        raise VerifierUnavailable(
            f"{graph} declares inputs {list(declared)}: a verifier graph needs "
            f"{' and '.join(REQUIRED_INPUTS)}, and may take {', '.join(OPTIONAL_INPUTS)} "
            f"({'missing ' + ', '.join(missing) if missing else 'unknown ' + ', '.join(unknown)})"
        )
    return declared


def _probe(loaded: _Loaded, model: VerifierModel) -> None:
    """One pair through the whole path: a graph whose classes do not match its labels,
    or that cannot run, fails now rather than on a client's check."""
    try:
        scores = _scores(loaded, [loaded.tokenizer.encode(*_PROBE)], model.pad_id)
    except VerificationError as exc:
        raise VerifierUnavailable(f"{model.graph} could not verify a pair: {exc}") from exc
    if scores.shape != (1, model.labels.count):
        raise VerifierUnavailable(
            f"{model.graph} gives {scores.shape[-1]} scores per pair, but its labels "
            f"name {model.labels.count} classes"
        )


def _scores(loaded: _Loaded, encodings: Sequence[Any], pad_id: int) -> npt.NDArray[np.float32]:
    ids, mask = pad_sequences([e.ids for e in encodings], pad_id)
    feed: dict[str, IntMatrix] = {"input_ids": ids, "attention_mask": mask}
    if "token_type_ids" in loaded.inputs:
        feed["token_type_ids"] = pad_sequences([e.type_ids for e in encodings])[0]
    try:
        (scores,) = loaded.session.run([loaded.output], feed)
    except Exception as exc:  # onnxruntime's exception classes are untyped
        raise VerificationError(f"onnxruntime failed: {exc}") from exc
    scores = np.asarray(scores, dtype=np.float32)
    if loaded.output == PROBABILITIES_OUTPUT:
        return scores
    shifted = np.exp(scores - scores.max(axis=-1, keepdims=True))
    return np.asarray(shifted / shifted.sum(axis=-1, keepdims=True), dtype=np.float32)


def without_discourse_marker(claim: str) -> str:
    """The claim as the verifier reads it: a leading discourse marker removed."""
    stripped = _DISCOURSE_MARKER.sub("", claim, count=1)
    return stripped[:1].upper() + stripped[1:] if stripped != claim else claim


class OnnxVerifier:
    """The shipped verifier (model_dir: where `model fetch` built it), or `model`."""

    def __init__(
        self,
        model_dir: Path | str | None = None,
        *,
        model: VerifierModel | None = None,
        intra_op_threads: int = 0,
        allow_spinning: bool = True,
    ) -> None:
        self._model = model if model is not None else shipped_model(model_dir)
        self._loaded = _load(self._model, intra_op_threads, allow_spinning)
        self._stats_lock = threading.Lock()
        self.stats = VerifierStats()

    @property
    def version_tag(self) -> str:
        return self._model.version_tag

    @property
    def languages(self) -> frozenset[str] | None:
        return self._model.languages

    @property
    def model(self) -> VerifierModel:
        return self._model

    @property
    def tokenizer(self) -> Any:
        """The pair tokenizer (tokenizers.Tokenizer), truncating at the model's length."""
        return self._loaded.tokenizer

    def verify(self, pairs: Sequence[tuple[str, str]]) -> list[Verification]:
        if not pairs:
            return []
        encodings = self._encode(pairs)
        out = np.zeros((len(pairs), self._model.labels.count), np.float32)
        order = sorted(range(len(pairs)), key=lambda i: len(encodings[i].ids))
        for start in range(0, len(order), BATCH_ROWS):
            rows = order[start : start + BATCH_ROWS]
            out[rows] = _scores(self._loaded, [encodings[r] for r in rows], self._model.pad_id)
            self._count([len(encodings[r].ids) for r in rows])
        if not np.isfinite(out).all():
            raise VerificationError("the verifier returned non-finite probabilities")
        return [self._model.labels.verification(row) for row in out.tolist()]

    def _count(self, lengths: list[int]) -> None:
        with self._stats_lock:
            self.stats.runs += 1
            self.stats.pairs += len(lengths)
            self.stats.real_tokens += sum(lengths)
            self.stats.padded_tokens += len(lengths) * max(lengths)

    def _encode(self, pairs: Sequence[tuple[str, str]]) -> list[Any]:
        cut = self._loaded.reach.pair
        texts = [
            cut(valid_unicode(passage), valid_unicode(without_discourse_marker(claim)))
            for passage, claim in pairs
        ]
        try:
            return list(self._loaded.tokenizer.encode_batch(texts))
        except Exception:  # a claim too long to keep whole, or a bad item: pair by pair
            return [self._encode_one(passage, claim) for passage, claim in texts]

    def _encode_one(self, passage: str, claim: str) -> Any:
        try:
            return self._loaded.tokenizer.encode(passage, claim)
        except Exception:  # the claim alone overflows the model: cut the longer side
            pass
        try:
            return self._loaded.overflow_tokenizer.encode(passage, claim)
        except Exception as exc:  # e.g. a non-str item: fail the batch, not the process
            raise VerificationError(f"tokenizer failed: {exc}") from exc
