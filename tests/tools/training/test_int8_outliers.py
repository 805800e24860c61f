"""tools/training/int8_outliers.py: the channels it finds on the licensed NLI texts are
the ones the shipped int8 graph keeps in fp32 (skipped where ../shared/train is absent,
or where the CPU has no int8 dot-product instructions: the graph's own inputs move)."""

from __future__ import annotations

import json
from pathlib import Path

import numpy as np
import pytest

from grounding_sidecar.common.cpus import int8_dot_products
from grounding_sidecar.detection.embedding.minilm.export.bert_int8 import shipped_outliers
from tools.train_data import nli_path
from tools.training import int8_outliers

pytestmark = pytest.mark.minilm


def test_a_text_shows_the_outlier_channels_far_above_the_median() -> None:
    largest = int8_outliers.largest_inputs(["Two women are embracing while holding packages."])
    assert len(largest) == 18  # three products in each of six layers
    first = largest["l0_ffn_in"]
    assert first.shape == (384,)
    assert first.max() > 5 * np.median(first)
    assert int(first.argmax()) in shipped_outliers()["l0_ffn_in"]


@pytest.mark.skipif(not nli_path().is_file(), reason=f"no training data at {nli_path()}")
@pytest.mark.skipif(
    not int8_dot_products(),
    reason="no int8 dot-product instructions: the int8 kernels saturate and move the inputs",
)
def test_the_script_recreates_the_shipped_list(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    out = tmp_path / "outliers.json"
    monkeypatch.setattr("sys.argv", ["int8_outliers", "--out", str(out)])
    int8_outliers.main()
    assert json.loads(out.read_text())["channels"] == shipped_outliers()
