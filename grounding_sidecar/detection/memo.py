"""Model work one exchange's checks share: the work behind a check, done ahead of it.

A RAG request carries its sources before the upstream is even called, and a streamed
answer arrives sentence by sentence; waiting for the last byte to embed any of it puts
all the model work after the answer is complete.  So the server checks what it already
has (the sources at request time, the complete sentences while a stream arrives) and
the final check, which is always the whole check of the whole answer, reads the
vectors, verifier readings and judgements those earlier checks computed from a
`CheckMemo`.  So after the last byte only what is new is done: the claims no earlier
step saw, and the answer's own rubric.

The verdict therefore never depends on how the answer was chunked: the memo only
saves work (model runs, splitting the same sources into passages again, the lexical
rules on a claim already judged).  Keys are the texts themselves (a claim, a passage,
a (passage, claim) pair), so a sentence the partial check cut differently from the
final one is simply a miss.  A judgement is kept under everything the judge reads: the
claim as read, its row of the kernel bit for bit (a row is the same whichever claims
share the check, judging/scoring.py) and the very passages and corpus of the
exchange's sources; the judge is a pure function of them, so a judgement found is the
one the final check would make.  One memo belongs to one exchange and lives as long as
it; its size is bounded by the check's own limits (sources kept, claims graded).

Only valid results are kept, as in the passage cache: a batch that raised stores
nothing, and a non-finite or all-zero row is returned but computed again next time.
"""

from __future__ import annotations

import threading
from collections.abc import Callable, Hashable, Sequence
from dataclasses import dataclass
from typing import TypeVar, cast

import numpy as np
import numpy.typing as npt

from grounding_sidecar.detection.contract import Verification
from grounding_sidecar.detection.embedding.base import Embedder, FloatMatrix, WrappedEmbedder
from grounding_sidecar.detection.judging.corpus import SourceCorpus
from grounding_sidecar.detection.judging.evidence import ClaimEvidence
from grounding_sidecar.detection.judging.judgement import Judgement
from grounding_sidecar.detection.judging.judges import Judge
from grounding_sidecar.detection.text.passages import Passage
from grounding_sidecar.detection.verifier.base import Verifier

_Row = npt.NDArray[np.float32]
T = TypeVar("T")
# A claim as read, its best passage and its row of the kernel, as bytes.
_JudgementKey = tuple[str, int, bytes]


class CheckMemo:
    """What earlier checks of the same exchange computed; safe across threads."""

    def __init__(self) -> None:
        self._lock = threading.Lock()
        self._claims: dict[str, _Row] = {}
        self._passages: dict[str, _Row] = {}
        self._readings: dict[tuple[str, str], Verification] = {}
        self._judgements: dict[_JudgementKey, _Judged] = {}
        self._source_sides: dict[Hashable, object] = {}
        self._stepped: set[str] = set()

    def claim_embedder(self, embedder: Embedder) -> Embedder:
        return _MemoEmbedder(embedder, self._claims, self._lock)

    def passage_embedder(self, embedder: Embedder) -> Embedder:
        return _MemoEmbedder(embedder, self._passages, self._lock)

    def verifier(self, verifier: Verifier) -> Verifier:
        return _MemoVerifier(verifier, self._readings, self._lock)

    def judge(self, judge: Judge) -> Judge:
        return _MemoJudge(judge, self._judgements, self._lock)

    def source_side(self, key: Hashable, read: Callable[[], T]) -> T:
        """What `read()` made of the sources under `key` (sources, limits, policy),
        made once: the same sources are split into the same passages every time."""
        with self._lock:
            if key in self._source_sides:
                return cast(T, self._source_sides[key])
        value = read()
        with self._lock:
            return cast(T, self._source_sides.setdefault(key, value))

    def first_step_on(self, text: str) -> bool:
        """Whether no step of the exchange has checked `text` (its outer whitespace
        aside) yet; from now on one has.  A check leaves in the memo all it computes,
        so a stream's last sentence read ahead and then settled as it was read is
        checked once."""
        key = text.strip()
        with self._lock:
            first = key not in self._stepped
            self._stepped.add(key)
        return first

    @property
    def sizes(self) -> tuple[int, int, int, int]:
        """Claims, passages, verifier readings and judgements held."""
        with self._lock:
            return (
                len(self._claims),
                len(self._passages),
                len(self._readings),
                len(self._judgements),
            )


class _MemoEmbedder(WrappedEmbedder):
    """The backend, asked only for texts the memo does not hold (each text once)."""

    def __init__(self, backend: Embedder, rows: dict[str, _Row], lock: threading.Lock) -> None:
        super().__init__(backend)
        self._rows = rows
        self._lock = lock

    def embed(self, texts: Sequence[str]) -> FloatMatrix:
        if not texts:
            return self._backend.embed(texts)
        with self._lock:
            missing = list(dict.fromkeys(t for t in texts if t not in self._rows))
        fresh: dict[str, _Row] = {}
        if missing:
            computed = np.asarray(self._backend.embed(missing), dtype=np.float32)
            if computed.ndim != 2 or computed.shape[0] != len(missing):
                return computed  # embed_checked reports the bad shape; nothing is kept
            fresh = dict(zip(missing, computed, strict=True))
            with self._lock:
                for text, row in fresh.items():
                    if _usable(row):
                        self._rows[text] = row.copy()
        with self._lock:
            rows = [fresh[t] if t in fresh else self._rows[t] for t in texts]
        return np.stack(rows).astype(np.float32, copy=True)


class _MemoVerifier:
    def __init__(
        self,
        backend: Verifier,
        readings: dict[tuple[str, str], Verification],
        lock: threading.Lock,
    ) -> None:
        self._backend = backend
        self._readings = readings
        self._lock = lock

    @property
    def version_tag(self) -> str:
        return self._backend.version_tag

    @property
    def languages(self) -> frozenset[str] | None:
        return self._backend.languages

    def verify(self, pairs: Sequence[tuple[str, str]]) -> list[Verification]:
        with self._lock:
            missing = list(dict.fromkeys(p for p in pairs if p not in self._readings))
        fresh: dict[tuple[str, str], Verification] = {}
        if missing:
            fresh = dict(zip(missing, self._backend.verify(missing), strict=True))
            with self._lock:
                self._readings.update(fresh)
        with self._lock:
            return [fresh[p] if p in fresh else self._readings[p] for p in pairs]


@dataclass(frozen=True, slots=True)
class _Judged:
    """A judgement, with the passages and corpus it was made on (not the whole
    evidence: its rule findings are not needed again)."""

    passages: Sequence[Passage]
    corpus: SourceCorpus
    judgement: Judgement

    def holds_for(self, evidence: ClaimEvidence) -> bool:
        return evidence.passages is self.passages and evidence.corpus is self.corpus


class _MemoJudge:
    """The judge, asked only about claims the memo holds no judgement of on the same
    evidence.  A claim judged before needs no verifier reading: its judgement holds
    the one it got."""

    def __init__(
        self, backend: Judge, judgements: dict[_JudgementKey, _Judged], lock: threading.Lock
    ) -> None:
        self._backend = backend
        self._judgements = judgements
        self._lock = lock

    @property
    def tag(self) -> str:
        return self._backend.tag

    def reading_matters(self, evidence: ClaimEvidence) -> bool:
        if self._known(evidence) is not None:
            return False
        return self._backend.reading_matters(evidence)

    def judge(self, evidence: ClaimEvidence, verification: Verification | None = None) -> Judgement:
        known = self._known(evidence)
        if known is not None:
            return known
        judgement = self._backend.judge(evidence, verification)
        with self._lock:
            self._judgements[_key(evidence)] = _Judged(
                evidence.passages, evidence.corpus, judgement
            )
        return judgement

    def _known(self, evidence: ClaimEvidence) -> Judgement | None:
        with self._lock:
            judged = self._judgements.get(_key(evidence))
        return judged.judgement if judged is not None and judged.holds_for(evidence) else None


def _key(evidence: ClaimEvidence) -> _JudgementKey:
    return evidence.claim, evidence.best_index, evidence.similarities.tobytes()


def _usable(row: _Row) -> bool:
    norm = float(np.sqrt(np.dot(row, row)))
    return np.isfinite(norm) and norm > 1e-12
