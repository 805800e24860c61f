"""The minilm embedder's contract: identity, start-up errors, batching invariance."""

from __future__ import annotations

import shutil
import threading
from pathlib import Path

import numpy as np
import pytest

from grounding_sidecar.detection.embedding.base import Embedder, EmbedderUnavailable, embed_checked
from grounding_sidecar.detection.embedding.minilm.runtime import MiniLMEmbedder
from grounding_sidecar.detection.embedding.minilm.store import (
    ENV_MODEL_DIR,
    ONNX_GRAPH,
    TOKENIZER,
    resolve_model_dir,
)
from grounding_sidecar.detection.embedding.pipeline.batching import MicroBatcher
from grounding_sidecar.detection.embedding.pipeline.cache import CachedEmbedder

TEXTS = [
    "The refund window is 30 days.",
    "Refunds are accepted within thirty days of purchase.",
    "The office is closed on public holidays, including Christmas Day and New Year's Day.",
    "Bananas are an excellent source of potassium.",
    "x",
]


def test_missing_files_raise_with_the_command_to_run(tmp_path: Path) -> None:
    with pytest.raises(EmbedderUnavailable, match=r"model fetch.*--dir") as info:
        MiniLMEmbedder(tmp_path)
    assert "model.onnx is missing" in str(info.value)


def test_env_var_sets_the_location(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv(ENV_MODEL_DIR, str(tmp_path / "elsewhere"))
    assert resolve_model_dir() == tmp_path / "elsewhere"
    with pytest.raises(EmbedderUnavailable, match="elsewhere"):
        MiniLMEmbedder()


@pytest.fixture(scope="module")
def embedder() -> MiniLMEmbedder:
    return MiniLMEmbedder()


@pytest.mark.minilm
def test_altered_file_is_rejected(tmp_path: Path) -> None:
    source = resolve_model_dir()
    shutil.copy(source / ONNX_GRAPH.name, tmp_path / ONNX_GRAPH.name)
    data = bytearray((source / TOKENIZER.name).read_bytes())
    data[-10] ^= 1  # same size, different content: only the sha256 can tell
    (tmp_path / TOKENIZER.name).write_bytes(bytes(data))
    with pytest.raises(EmbedderUnavailable, match="sha256"):
        MiniLMEmbedder(tmp_path)


@pytest.mark.minilm
def test_identity(embedder: MiniLMEmbedder) -> None:
    assert isinstance(embedder, Embedder)
    assert embedder.name == "minilm"
    assert embedder.version_tag == f"minilm-l6@{ONNX_GRAPH.sha256[:8]}"
    assert embedder.default_threshold == 0.7


@pytest.mark.minilm
def test_loaded_once(embedder: MiniLMEmbedder) -> None:
    assert MiniLMEmbedder().session is embedder.session
    assert MiniLMEmbedder(intra_op_threads=1).session is not embedder.session


@pytest.mark.minilm
def test_rows_are_unit_vectors_and_semantic(embedder: MiniLMEmbedder) -> None:
    vectors = embedder.embed(TEXTS)
    assert vectors.shape == (5, 384) and vectors.dtype == np.float32
    np.testing.assert_allclose(np.linalg.norm(vectors, axis=1), 1.0, atol=1e-5)
    sims = vectors @ vectors.T
    assert sims[0, 1] > 0.6 > sims[0, 3]  # paraphrase close, unrelated far
    assert embed_checked(embedder, TEXTS).all_ok


@pytest.mark.minilm
def test_result_does_not_depend_on_batch_company(embedder: MiniLMEmbedder) -> None:
    # Padding to a long neighbour must not change a short text's vector.
    alone = np.stack([embedder.embed([t])[0] for t in TEXTS])
    together = embedder.embed(TEXTS)
    np.testing.assert_allclose(alone, together, atol=1e-5)


@pytest.mark.minilm
def test_empty_batch(embedder: MiniLMEmbedder) -> None:
    assert embedder.embed([]).shape == (0, 384)


@pytest.mark.minilm
@pytest.mark.parametrize("workers", [1, 2], ids=["one run", "two parallel runs"])
def test_batched_and_cached_stack_matches_direct(embedder: MiniLMEmbedder, workers: int) -> None:
    direct = embedder.embed(TEXTS)
    with MicroBatcher(embedder, workers=workers, max_wait=0.002) as batcher:
        stack = CachedEmbedder(batcher)
        results: list[np.ndarray] = [np.empty(0)] * 8

        def call(k: int) -> None:
            order = TEXTS[k % 5 :] + TEXTS[: k % 5]
            results[k] = stack.embed(order)[[(i - k % 5) % 5 for i in range(5)]]

        threads = [threading.Thread(target=call, args=(k,)) for k in range(8)]
        for t in threads:
            t.start()
        for t in threads:
            t.join()
    for got in results:
        np.testing.assert_allclose(got, direct, atol=1e-5)
    assert stack.version_tag == embedder.version_tag


def test_runs_cover_every_row_once_within_budget() -> None:
    from grounding_sidecar.detection.embedding.minilm.runtime import (
        RUN_MAX_ROWS,
        RUN_TOKEN_BUDGET,
        _runs,
    )

    lengths = [3, 256, 12, 30, 41, 70, 100, 5, *([20] * 150), *([256] * 40)]
    runs = _runs(lengths)
    assert sorted(i for run in runs for i in run) == list(range(len(lengths)))
    for run in runs:
        longest = max(lengths[i] for i in run)
        assert len(run) <= RUN_MAX_ROWS and len(run) * longest <= RUN_TOKEN_BUDGET
        assert longest <= max(32, 2 * min(lengths[i] for i in run))  # bounded padding


def test_a_lone_surrogate_is_embedded_as_the_replacement_character(
    embedder: MiniLMEmbedder,
) -> None:
    broken, replaced = embedder.embed(
        ["Order 7731 shipped \ud800 today.", "Order 7731 shipped \ufffd today."]
    )
    np.testing.assert_allclose(broken, replaced, atol=1e-6)
    assert embedder.count_tokens(["a \ud800"]) == embedder.count_tokens(["a \ufffd"])
