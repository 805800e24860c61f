"""Shared fixtures: the evaluation data (where tools/eval_data.py says it is) and the
hash grader."""

from __future__ import annotations

from pathlib import Path

import pytest

from grounding_sidecar.detection import Grader, HashEmbedder
from tools.eval_data import EVAL_DIR_VARIABLE, eval_dir


@pytest.fixture(scope="session")
def hash_grader() -> Grader:
    return Grader(HashEmbedder())


@pytest.fixture(scope="session")
def examples_path() -> Path:
    """The four labelled teaching cases of the evaluation data (absent on some checkouts)."""
    path = eval_dir() / "examples.jsonl"
    if not path.exists():
        pytest.skip(f"{path} is not present (set {EVAL_DIR_VARIABLE})")
    return path
