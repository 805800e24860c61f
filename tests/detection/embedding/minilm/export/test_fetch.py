"""`model fetch`'s build of the verifier graph: never from altered weights
(docs/verifier.md#files)."""

from __future__ import annotations

from pathlib import Path

import pytest

from grounding_sidecar.detection.embedding.minilm.export.fetch import (
    FetchError,
    build_verifier_graph,
)
from grounding_sidecar.detection.verifier.store import SHIPPED_WEIGHTS_PATH, VERIFIER_GRAPH


def test_fetch_refuses_altered_weights(tmp_path: Path) -> None:
    altered = tmp_path / SHIPPED_WEIGHTS_PATH.name
    data = bytearray(SHIPPED_WEIGHTS_PATH.read_bytes())
    data[len(data) // 2] ^= 0x01  # same size: only the sha256 can tell
    altered.write_bytes(bytes(data))
    with pytest.raises(FetchError, match="altered"):
        build_verifier_graph(tmp_path / "model", weights=altered)
    assert not (tmp_path / "model" / VERIFIER_GRAPH.name).exists()
