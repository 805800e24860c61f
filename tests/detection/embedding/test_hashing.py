"""The hash embedder: the same vectors in every process, batch or single row."""

from __future__ import annotations

import json
import subprocess
import sys

import numpy as np

from grounding_sidecar.detection import HashEmbedder

SENTENCES = [
    "Order 5512 shipped on 3 June by ground freight.",
    "Ground freight takes 4 to 6 business days.",
    "Ünïcödé text, emoji 🚚 and numbers 3.14 all hash.",
    "",
]


def test_hash_embedder_is_identical_in_separate_processes() -> None:
    program = (
        "import json, sys; from grounding_sidecar.detection import HashEmbedder; "
        "texts = json.loads(sys.argv[1]); "
        "print(json.dumps(HashEmbedder().embed(texts).tolist()))"
    )
    runs = [
        subprocess.run(
            [sys.executable, "-c", program, json.dumps(SENTENCES)],
            check=True,
            capture_output=True,
            text=True,
            env={"PYTHONHASHSEED": seed},
        ).stdout
        for seed in ("1", "2")
    ]
    assert runs[0] == runs[1]
    in_process = HashEmbedder().embed(SENTENCES)
    assert np.array_equal(np.asarray(json.loads(runs[0]), dtype=np.float32), in_process)


def test_hash_embedder_batches_equal_single_rows_and_are_normalised() -> None:
    embedder = HashEmbedder()
    batch = embedder.embed(SENTENCES)
    for row, text in enumerate(SENTENCES):
        assert np.array_equal(batch[row], embedder.embed([text])[0])
    norms = np.linalg.norm(batch, axis=1)
    assert np.allclose(norms[:3], 1.0, atol=1e-6)
    assert norms[3] == 0.0  # nothing to hash: a zero row, which embed_checked rejects
