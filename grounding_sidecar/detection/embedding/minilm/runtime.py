"""The `minilm` embedder: all-MiniLM-L6-v2 on onnxruntime (docs/embedders.md).

Tokenizer: the model's own WordPiece `tokenizer.json`, with its fixed 128-token
padding and truncation replaced by truncation at 256 (the model's trained
`max_seq_length`) and no padding; each run is padded only to its longest text.
Model: one of the two graphs built from the safetensors, by precision
(docs/embedders.md#precision): the int8 graph (`bert_int8`, the default where the CPU
has int8 dot-product instructions) or the fp32 reference (`bert_onnx`); both already
do the masked mean pooling; rows are L2-normalised here.

Files are verified by sha256 and loaded once per process and thread setting;
absent or altered files raise EmbedderUnavailable at construction, naming the
command that installs them.
"""

from __future__ import annotations

import threading
from collections.abc import Callable, Hashable, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Generic, TypeVar

import numpy as np
import numpy.typing as npt

from grounding_sidecar.detection.embedding.base import (
    EmbedderUnavailable,
    EmbeddingError,
    FloatMatrix,
)
from grounding_sidecar.detection.embedding.minilm.store import (
    DEFAULT_PRECISION,
    ONNX_GRAPH,
    TOKENIZER,
    Precision,
    graph_files,
    resolve_model_dir,
    resolve_precision,
    verify_files,
)
from grounding_sidecar.detection.embedding.pipeline.padding import cut_runs

MAX_TOKENS = 256
DIM = 384
DEFAULT_THRESHOLD = 0.7
# Per run: padded tokens (rows x longest row) and rows.  Large enough to keep the
# GEMMs efficient, small enough that one long text does not pad many short ones.
RUN_TOKEN_BUDGET = 8192
RUN_MAX_ROWS = 64
RUN_SHORT_TOKENS = 32


@dataclass(frozen=True, slots=True)
class _Loaded:
    session: Any  # onnxruntime.InferenceSession (untyped library)
    tokenizer: Any  # tokenizers.Tokenizer (untyped library)
    version_tag: str


Source = TypeVar("Source", bound=Hashable)
Loaded = TypeVar("Loaded")


class LoadOnce(Generic[Source, Loaded]):
    """One loaded model per (source, thread count, spinning setting), built on first
    use and shared by every later user: a session costs its weights in memory once."""

    def __init__(self, load: Callable[[Source, int, bool], Loaded]) -> None:
        self._load = load
        self._loaded: dict[tuple[Source, int, bool], Loaded] = {}
        self._lock = threading.Lock()

    def __call__(self, source: Source, threads: int, spinning: bool) -> Loaded:
        key = (source, threads, spinning)
        with self._lock:
            loaded = self._loaded.get(key)
            if loaded is None:
                loaded = self._loaded[key] = self._load(source, threads, spinning)
            return loaded


def _load_uncached(graph: tuple[Path, Precision], threads: int, spinning: bool) -> _Loaded:
    model_dir, precision = graph
    verify_files(model_dir, graph_files(precision))
    try:
        tokenizer = load_tokenizer(model_dir / TOKENIZER.name, MAX_TOKENS)
        session = open_session(model_dir / graph_files(precision)[0].name, threads, spinning)
    except ImportError as exc:
        raise EmbedderUnavailable(
            f"the minilm embedder needs onnxruntime and tokenizers: {exc}"
        ) from exc
    except Exception as exc:  # onnxruntime raises its own untyped exception classes
        raise EmbedderUnavailable(f"onnxruntime could not load {model_dir}: {exc}") from exc
    return _Loaded(session, tokenizer, version_tag(precision))


_load = LoadOnce(_load_uncached)


def version_tag(precision: Precision) -> str:
    """The weights' tag (the fp32 graph's pin, which calibrations are fitted for) and,
    for int8, the int8 graph's own: its verdicts can differ from fp32's, so the metric
    definition version names it."""
    weights = f"minilm-l6@{ONNX_GRAPH.sha256[:8]}"
    precision = resolve_precision(precision)
    if precision is Precision.FP32:
        return weights
    return f"{weights}+{precision.value}@{graph_files(precision)[0].sha256[:8]}"


def load_tokenizer(path: Path, max_tokens: int) -> Any:
    """The model's WordPiece tokenizer, truncating at `max_tokens`, never padding."""
    from tokenizers import Tokenizer

    tokenizer = Tokenizer.from_file(str(path))
    tokenizer.no_padding()
    tokenizer.enable_truncation(max_length=max_tokens)
    return tokenizer


def open_session(path: Path, threads: int, spinning: bool) -> Any:
    """An onnxruntime CPU session for one of the project's BERT graphs."""
    import onnxruntime as ort

    options = ort.SessionOptions()
    options.intra_op_num_threads = threads  # 0: onnxruntime's default, one per physical core
    options.inter_op_num_threads = 1  # the graph is a chain; parallelism is inside the GEMMs
    # (or, in `serve`, across concurrent runs of this session: see MicroBatcher workers)
    options.execution_mode = ort.ExecutionMode.ORT_SEQUENTIAL
    options.graph_optimization_level = ort.GraphOptimizationLevel.ORT_ENABLE_ALL
    options.log_severity_level = 3
    # Spinning workers pick up the next run sooner but burn idle CPU that a co-located
    # server, the tokenizer or the batcher's callers could use.
    options.add_session_config_entry("session.intra_op.allow_spinning", "1" if spinning else "0")
    return ort.InferenceSession(str(path), options, providers=["CPUExecutionProvider"])


class MiniLMEmbedder:
    """all-MiniLM-L6-v2, 384-dimensional, L2-normalised rows."""

    def __init__(
        self,
        model_dir: Path | str | None = None,
        *,
        intra_op_threads: int = 0,
        allow_spinning: bool = True,
        precision: Precision = DEFAULT_PRECISION,
    ) -> None:
        if intra_op_threads < 0:
            raise ValueError("intra_op_threads must be >= 0 (0 = onnxruntime default)")
        directory = resolve_model_dir(model_dir).resolve()
        graph = (directory, resolve_precision(Precision(precision)))
        self._loaded = _load(graph, intra_op_threads, allow_spinning)

    @property
    def name(self) -> str:
        return "minilm"

    @property
    def version_tag(self) -> str:
        return self._loaded.version_tag

    @property
    def default_threshold(self) -> float:
        return DEFAULT_THRESHOLD

    @property
    def cheap(self) -> bool:
        return False

    @property
    def session(self) -> Any:
        """The onnxruntime session this embedder runs: loaded once per model directory,
        thread count and spinning setting, and shared by the embedders built with them."""
        return self._loaded.session

    def count_tokens(self, texts: Sequence[str]) -> list[int]:
        """Tokens per text after truncation, [CLS] and [SEP] included."""
        return [len(e.ids) for e in self._encode(texts)]

    def embed(self, texts: Sequence[str]) -> FloatMatrix:
        out = np.zeros((len(texts), DIM), np.float32)
        if not texts:
            return out
        encodings = self._encode(texts)
        for rows in _runs([len(e.ids) for e in encodings]):
            ids, mask = pad_sequences([encodings[r].ids for r in rows])
            (pooled,) = self._run(["sentence_embedding"], ids, mask)
            out[rows] = pooled
        norms = np.linalg.norm(out, axis=1, keepdims=True)
        # A zero row stays zero (0 / 1) so embed_checked rejects it; no division by zero.
        safe_norms = np.where(norms > 0, norms, np.float32(1.0)).astype(np.float32)
        return (out / safe_norms).astype(np.float32)

    def _encode(self, texts: Sequence[str]) -> list[Any]:
        try:
            return list(self._loaded.tokenizer.encode_batch([valid_unicode(t) for t in texts]))
        except Exception as exc:  # e.g. a non-str item; fail the batch, not the process
            raise EmbeddingError(f"tokenizer failed: {exc}") from exc

    def _run(
        self, outputs: list[str], ids: npt.NDArray[np.int64], mask: npt.NDArray[np.int64]
    ) -> list[npt.NDArray[np.float32]]:
        try:
            result = self._loaded.session.run(outputs, {"input_ids": ids, "attention_mask": mask})
        except Exception as exc:  # onnxruntime's exception classes are not importable types
            raise EmbeddingError(f"onnxruntime failed: {exc}") from exc
        return [np.asarray(r, dtype=np.float32) for r in result]


def valid_unicode(text: str) -> str:
    """Lone surrogates (from "\ud800" escapes in JSON) as U+FFFD: the tokenizer only
    takes valid Unicode, and one bad character must not fail the whole batch."""
    if text.isascii():
        return text
    return text.encode("utf-16", "surrogatepass").decode("utf-16", "replace")


def _runs(lengths: list[int]) -> list[list[int]]:
    """Row indices grouped into runs of similar length within the token budget.

    Sorting by length first bounds the padding: each run pads to its own longest row.
    """
    order = sorted(range(len(lengths)), key=lambda i: lengths[i])
    runs = cut_runs([lengths[i] for i in order], RUN_TOKEN_BUDGET, RUN_MAX_ROWS, _uneven)
    return [order[run.start : run.stop] for run in runs]


def _uneven(shortest: int, tokens: int) -> bool:
    # Past 32 tokens, padding to over twice the shortest row costs more than a new run.
    return tokens > max(RUN_SHORT_TOKENS, 2 * shortest)


def pad_sequences(
    sequences: list[list[int]], pad_id: int = 0
) -> tuple[npt.NDArray[np.int64], npt.NDArray[np.int64]]:
    """The rows padded to the longest with `pad_id` (0 is BERT's [PAD]), and their mask."""
    width = max(len(s) for s in sequences)
    ids = np.full((len(sequences), width), pad_id, np.int64)
    mask = np.zeros((len(sequences), width), np.int64)
    for row, seq in enumerate(sequences):
        ids[row, : len(seq)] = seq
        mask[row, : len(seq)] = 1
    return ids, mask
