"""`grounding-sidecar model check`: the files the server loads, verified before it runs."""

from __future__ import annotations

from pathlib import Path

from grounding_sidecar.cli.main import main as cli_main


def test_check_command_fails_on_empty_dir(tmp_path: Path) -> None:
    assert cli_main(["model", "check", "--dir", str(tmp_path)]) == 1
