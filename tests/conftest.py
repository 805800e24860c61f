"""Shared fixtures: paths to the evaluation data and the hash grader."""

from __future__ import annotations

from pathlib import Path

import pytest

from grounding_sidecar.detection import Grader, HashEmbedder

REPO_ROOT = Path(__file__).resolve().parent.parent
SHARED_EVAL = REPO_ROOT.parent / "shared" / "eval"


@pytest.fixture(scope="session")
def hash_grader() -> Grader:
    return Grader(HashEmbedder())


@pytest.fixture(scope="session")
def examples_path() -> Path:
    """The four labelled teaching cases of ../shared/eval (absent on some checkouts)."""
    path = SHARED_EVAL / "examples.jsonl"
    if not path.exists():
        pytest.skip("../shared/eval is not present")
    return path
