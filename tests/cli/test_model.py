"""`grounding-sidecar model check|export`: the files the server loads, verified before it
runs; a checker directory loaded as `serve` would; the shipped verifier written as one."""

from __future__ import annotations

from pathlib import Path

import pytest

from grounding_sidecar.cli.main import main as cli_main


def test_check_command_fails_on_empty_dir(tmp_path: Path) -> None:
    assert cli_main(["model", "check", "--dir", str(tmp_path)]) == 1


CHECKERS = Path(__file__).resolve().parents[1] / "detection" / "verifier" / "checkers"


def test_check_loads_a_checker_directory_and_says_what_it_found(
    capsys: pytest.CaptureFixture[str],
) -> None:
    assert cli_main(["model", "check", "--verifier-model", str(CHECKERS / "roberta")]) == 0
    out = capsys.readouterr().out
    assert "ver-v13+own@" in out and "two-label" in out and "only_first" in out
    assert "languages: not declared" in out


def test_check_refuses_a_checker_directory_that_cannot_load(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    assert cli_main(["model", "check", "--verifier-model", str(tmp_path)]) == 1
    assert "lacks model.onnx" in capsys.readouterr().err


def test_export_writes_the_shipped_verifier_as_a_checker_directory(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    out = tmp_path / "shipped"
    assert cli_main(["model", "export", "--out", str(out)]) == 0
    assert sorted(p.name for p in out.iterdir()) == ["config.json", "model.onnx", "tokenizer.json"]
    assert cli_main(["model", "check", "--verifier-model", str(out)]) == 0
    assert "(the shipped verifier)" in capsys.readouterr().out
