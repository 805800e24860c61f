"""The MiniLM embedder, at each precision: its graph against an independent fp32
reference, and its contract (identity, one session per setting, batching invariance).

The reference is `minilm_reference.encode`: a numpy forward pass over the
safetensors weights, one unpadded sentence at a time.  The embedder runs the same
sentences in one call, so its length sorting, padding and masking are exercised.
"""

from __future__ import annotations

import threading

import numpy as np
import pytest

from grounding_sidecar.common.cpus import int8_dot_products
from grounding_sidecar.detection.embedding.base import Embedder, embed_checked
from grounding_sidecar.detection.embedding.minilm.runtime import MAX_TOKENS, MiniLMEmbedder
from grounding_sidecar.detection.embedding.minilm.store import (
    DEFAULT_PRECISION,
    INT8_GRAPH,
    ONNX_GRAPH,
    TOKENIZER,
    WEIGHTS,
    Precision,
    resolve_model_dir,
)
from grounding_sidecar.detection.embedding.pipeline.batching import MicroBatcher
from grounding_sidecar.detection.embedding.pipeline.cache import CachedEmbedder
from tests.support.minilm_reference import encode, load_weights

pytestmark = pytest.mark.minilm

SENTENCES = [
    "The deadline for the application is June 15, 2024.",
    "The deadline for the application is June 22, 2024.",
    "Paris is the capital of France.",
    "Berlin is not the capital of France.",
    "hi",
    "",
    "OK.",
    "Revenue grew 12.5% year over year to $4.2 billion in Q3.",
    "The patient was prescribed 20 mg of atorvastatin once daily.",
    "Water boils at 100 °C at sea level.",
    "Die Katze sitzt auf der Matte und schläft.",
    "Le château se trouve près de la rivière.",
    "東京は日本の首都です。",
    "Emoji are tokenised too: 🚀🔥 launch day!",
    "def add(a, b):\n    return a + b",
    "SELECT name, email FROM users WHERE active = 1 ORDER BY created_at DESC;",
    "See https://example.com/docs/v2/install?lang=en#requirements for details.",
    "Contact support@example.org or call +1 (555) 010-9999.",
    "- first bullet\n- second bullet\n- third bullet",
    "## Installation\n\nRun `make install` and then `make test`.",
    "Mr. Smith met Dr. Jones at 3 p.m. on Jan. 5th.",
    "The mitochondria is the powerhouse of the cell.",
    "Photosynthesis converts light energy into chemical energy stored in glucose.",
    "The Treaty of Westphalia was signed in 1648, ending the Thirty Years' War.",
    "Our refund policy allows returns within 30 days of purchase with a receipt.",
    "Refunds are not available for digital goods once downloaded.",
    "The API rate limit is 1,000 requests per minute per key.",
    "You can cancel your subscription at any time from the billing page.",
    "I think this approach is probably fine, but it depends on your needs.",
    "Based on your previous orders, you prefer express shipping.",
    "The model was trained on 1.5 trillion tokens over 21 days using 2048 GPUs.",
    "Aspirin reduces the risk of heart attack in some adults.",
    "Aspirin does not reduce the risk of heart attack in any adults.",
    "THE QUICK BROWN FOX JUMPS OVER THE LAZY DOG",
    "the quick brown fox jumps over the lazy dog",
    "supercalifragilisticexpialidocious antidisestablishmentarianism",
    "e = mc^2, where c ≈ 299,792,458 m/s.",
    "Version 3.11.4 fixed CVE-2023-12345 in the TLS handshake.",
    "Q: What is the return window? A: Thirty days.",
    "\"Quoted text,\" she said, 'and single quotes too.'",
    "Tabs\tand   multiple    spaces\nand newlines.",
    "The meeting moved from Tuesday to Thursday at 10:30 AM PST.",
    "Interest accrues daily at an annual rate of 4.75%, compounded monthly.",
    "Shipping to Canada takes 5–7 business days; to the EU, 7–10.",
    "The server returned HTTP 503 Service Unavailable after 30 s.",
    "A",
    "Ünïcödé àccents should be handled by the normaliser.",
    "Never share your password with anyone, including support staff.",
    "Kubernetes schedules pods onto nodes based on resource requests.",
    "The Great Wall of China is visible from low Earth orbit with the naked eye.",
    "In 2019, the company had 1,200 employees; by 2023 it had 3,450.",
    "Short one.",
    "This sentence is moderately long and contains several clauses, commas, and a "
    "semicolon; it is meant to sit between the short and the very long inputs.",
    " ".join(
        f"Paragraph sentence {i} describes item {i * 7} with a price of ${i}.99." for i in range(8)
    ),
    # Longer than MAX_TOKENS: checks truncation at 256 rather than the file's 128.
    " ".join(f"word{i} and more text number {i}" for i in range(120)),
]

TEXTS = [
    "The refund window is 30 days.",
    "Refunds are accepted within thirty days of purchase.",
    "The office is closed on public holidays, including Christmas Day and New Year's Day.",
    "Bananas are an excellent source of potassium.",
    "x",
]


GRAPH_PRECISIONS = (Precision.FP32, Precision.INT8)  # `auto` is one of them
# The int8 graph holds its bar only where onnxruntime's int8 kernels do not saturate:
# with int8 dot-product instructions (docs/embedders.md#precision).
INT8_HOLDS = int8_dot_products()
# How close each graph's embeddings must be to the reference's: fp32 is the same
# arithmetic in another order; int8 is held to the bar its speed is bought under, and
# on a CPU without int8 dot products (where `auto` serves fp32) to the drift measured
# there (0.966 at worst, 0.997 mean; docs/embedders.md#without-int8-dot-products):
# still the same model, not one broken further.
MEAN_COSINE = {Precision.FP32: 0.999, Precision.INT8: 0.999 if INT8_HOLDS else 0.995}
MIN_COSINE = {Precision.FP32: 0.995, Precision.INT8: 0.995 if INT8_HOLDS else 0.95}
TAGS = {
    Precision.FP32: f"minilm-l6@{ONNX_GRAPH.sha256[:8]}",
    Precision.INT8: f"minilm-l6@{ONNX_GRAPH.sha256[:8]}+int8@{INT8_GRAPH.sha256[:8]}",
}


@pytest.fixture(scope="module", params=GRAPH_PRECISIONS, ids=lambda p: p.value)
def embedder(request: pytest.FixtureRequest) -> MiniLMEmbedder:
    return MiniLMEmbedder(precision=request.param)


@pytest.fixture(scope="module")
def reference_vectors() -> np.ndarray:
    from tokenizers import Tokenizer

    model_dir = resolve_model_dir()
    # Configured here, not through the embedder, so a wrong setting there shows up.
    tokenizer = Tokenizer.from_file(str(model_dir / TOKENIZER.name))
    tokenizer.no_padding()
    tokenizer.enable_truncation(max_length=256)
    weights = load_weights(model_dir / WEIGHTS.name)
    return np.stack([encode(weights, e.ids) for e in tokenizer.encode_batch(SENTENCES)])


def test_enough_varied_sentences() -> None:
    assert len(SENTENCES) >= 50
    assert len(set(SENTENCES)) == len(SENTENCES)


def test_matches_fp32_reference(embedder: MiniLMEmbedder, reference_vectors: np.ndarray) -> None:
    got = embedder.embed(SENTENCES)
    assert got.shape == reference_vectors.shape == (len(SENTENCES), 384)
    cosines = (got * reference_vectors).sum(axis=1) / (
        np.linalg.norm(got, axis=1) * np.linalg.norm(reference_vectors, axis=1)
    )
    worst = int(np.argmin(cosines))
    precision = _precision_of(embedder)
    assert cosines.mean() >= MEAN_COSINE[precision], f"mean cosine {cosines.mean():.6f}"
    assert cosines.min() >= MIN_COSINE[precision], (
        f"min cosine {cosines.min():.6f} for {SENTENCES[worst]!r}"
    )


def _precision_of(embedder: MiniLMEmbedder) -> Precision:
    return next(p for p, tag in TAGS.items() if tag == embedder.version_tag)


def test_long_text_truncated_at_256_not_128(embedder: MiniLMEmbedder) -> None:
    counts = embedder.count_tokens(SENTENCES)
    assert max(counts) == MAX_TOKENS == 256
    assert counts[SENTENCES.index("hi")] == 3  # [CLS] hi [SEP]: no fixed padding


def test_reference_is_sensitive(reference_vectors: np.ndarray) -> None:
    # Guards the test itself: different sentences must not all map to one vector.
    sims = reference_vectors @ reference_vectors.T
    assert sims[0, 2] < 0.5
    assert sims[0, 1] > 0.8


def test_identity(embedder: MiniLMEmbedder) -> None:
    assert isinstance(embedder, Embedder)
    assert embedder.name == "minilm"
    assert embedder.version_tag in TAGS.values()
    assert embedder.default_threshold == 0.7


def test_the_default_is_the_int8_graph_where_the_cpu_has_int8_dot_products() -> None:
    assert DEFAULT_PRECISION is Precision.AUTO
    served = Precision.INT8 if INT8_HOLDS else Precision.FP32
    assert MiniLMEmbedder().version_tag == TAGS[served]
    assert MiniLMEmbedder().session is MiniLMEmbedder(precision=served).session


def test_loaded_once(embedder: MiniLMEmbedder) -> None:
    precision = _precision_of(embedder)
    assert MiniLMEmbedder(precision=precision).session is embedder.session
    assert MiniLMEmbedder(intra_op_threads=1, precision=precision).session is not embedder.session
    other = next(p for p in GRAPH_PRECISIONS if p is not precision)
    assert MiniLMEmbedder(precision=other).session is not embedder.session


def test_rows_are_unit_vectors_and_semantic(embedder: MiniLMEmbedder) -> None:
    vectors = embedder.embed(TEXTS)
    assert vectors.shape == (5, 384) and vectors.dtype == np.float32
    np.testing.assert_allclose(np.linalg.norm(vectors, axis=1), 1.0, atol=1e-5)
    sims = vectors @ vectors.T
    assert sims[0, 1] > 0.6 > sims[0, 3]  # paraphrase close, unrelated far
    assert embed_checked(embedder, TEXTS).all_ok


def test_result_does_not_depend_on_batch_company(embedder: MiniLMEmbedder) -> None:
    # Padding to a long neighbour must not change a short text's vector.
    alone = np.stack([embedder.embed([t])[0] for t in TEXTS])
    together = embedder.embed(TEXTS)
    np.testing.assert_allclose(alone, together, atol=1e-5)


def test_empty_batch(embedder: MiniLMEmbedder) -> None:
    assert embedder.embed([]).shape == (0, 384)


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


def test_a_lone_surrogate_is_embedded_as_the_replacement_character(
    embedder: MiniLMEmbedder,
) -> None:
    broken, replaced = embedder.embed(
        ["Order 7731 shipped \ud800 today.", "Order 7731 shipped \ufffd today."]
    )
    np.testing.assert_allclose(broken, replaced, atol=1e-6)
    assert embedder.count_tokens(["a \ud800"]) == embedder.count_tokens(["a \ufffd"])
