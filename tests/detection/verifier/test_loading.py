"""Choosing the verifier at start-up under `off`, `auto` and `on`: missing or altered
files refused (docs/verifier.md#setting)."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from grounding_sidecar.detection.contract import VerifierMode
from grounding_sidecar.detection.embedding.minilm.store import TOKENIZER, default_model_dir
from grounding_sidecar.detection.verifier.base import VerifierUnavailable
from grounding_sidecar.detection.verifier.loading import load_verifier
from grounding_sidecar.detection.verifier.store import VERIFIER_GRAPH


def _model_dir_with(tmp_path: Path, graph: bytes | None) -> Path:
    directory = tmp_path / "model"
    directory.mkdir()
    shutil.copy(default_model_dir() / TOKENIZER.name, directory / TOKENIZER.name)
    if graph is not None:
        (directory / VERIFIER_GRAPH.name).write_bytes(graph)
    return directory


def test_off_never_loads_and_auto_skips_an_absent_graph(tmp_path: Path) -> None:
    directory = _model_dir_with(tmp_path, None)
    assert load_verifier(VerifierMode.OFF, model_dir=directory) is None
    assert load_verifier(VerifierMode.AUTO, model_dir=directory) is None


def test_on_requires_the_graph(tmp_path: Path) -> None:
    directory = _model_dir_with(tmp_path, None)
    with pytest.raises(VerifierUnavailable, match="is missing"):
        load_verifier(VerifierMode.ON, model_dir=directory)


@pytest.mark.parametrize("mode", [VerifierMode.AUTO, VerifierMode.ON])
def test_an_altered_graph_is_refused_even_under_auto(tmp_path: Path, mode: VerifierMode) -> None:
    original = (default_model_dir() / VERIFIER_GRAPH.name).read_bytes()
    altered = bytearray(original)
    altered[-100] ^= 0x01
    directory = _model_dir_with(tmp_path, bytes(altered))
    with pytest.raises(VerifierUnavailable, match="sha256"):
        load_verifier(mode, model_dir=directory)


def test_the_installed_verifier_loads_under_auto() -> None:
    verifier = load_verifier(VerifierMode.AUTO)
    assert verifier is not None
    assert verifier.version_tag == f"ver-v13@{VERIFIER_GRAPH.sha256[:8]}"


CHECKERS = Path(__file__).parent / "checkers"


@pytest.mark.parametrize("mode", [VerifierMode.AUTO, VerifierMode.ON])
def test_a_checker_directory_replaces_the_shipped_verifier(
    tmp_path: Path, mode: VerifierMode
) -> None:
    # Even where the shipped graph is absent: the directory is what was asked for.
    verifier = load_verifier(
        mode, model_dir=_model_dir_with(tmp_path, None), verifier_model=CHECKERS / "roberta"
    )
    assert verifier is not None and "+own@" in verifier.version_tag


def test_off_leaves_a_checker_directory_unread(tmp_path: Path) -> None:
    assert load_verifier(VerifierMode.OFF, verifier_model=tmp_path / "absent") is None


def test_a_checker_directory_that_cannot_load_is_never_skipped(tmp_path: Path) -> None:
    with pytest.raises(VerifierUnavailable, match="does not exist"):
        load_verifier(VerifierMode.AUTO, verifier_model=tmp_path / "absent")
