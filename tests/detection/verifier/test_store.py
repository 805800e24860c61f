"""The verifier's pins: the shipped weights match theirs, and the version names the
contrast table it grades with (docs/verifier.md#files)."""

from __future__ import annotations

from grounding_sidecar.detection.embedding.minilm.store import problem_with
from grounding_sidecar.detection.text.contrasts import TABLE_SHA256
from grounding_sidecar.detection.verifier.store import (
    SHIPPED_WEIGHTS,
    SHIPPED_WEIGHTS_PATH,
    VERSION_CONTRAST_TABLE,
)


def test_the_shipped_weights_match_their_pin() -> None:
    assert problem_with(SHIPPED_WEIGHTS_PATH, SHIPPED_WEIGHTS) is None
    assert SHIPPED_WEIGHTS.size <= 50 * 1024 * 1024


def test_the_contrast_table_is_the_one_the_version_names() -> None:
    assert TABLE_SHA256[:8] == VERSION_CONTRAST_TABLE, (
        "a new contrast table grades differently: bump VERIFIER_VERSION with it"
    )
