"""pin: it compares the shipped weights with their pin, and `--write` puts the weights',
the rebuilt graph's and the exported directory's pins into store.py (here a copy),
leaving the rest as it was."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

from grounding_sidecar.detection.verifier import store
from tools.training.verifier import pin

STALE = "0" * 64


def _run(monkeypatch: pytest.MonkeyPatch, store_copy: Path, *args: str) -> None:
    monkeypatch.setattr(pin, "STORE_PATH", store_copy)
    monkeypatch.setattr(sys, "argv", ["pin", *args])
    pin.main()


def test_the_shipped_weights_match_their_pin(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    copy = tmp_path / "store.py"
    copy.write_text(pin.STORE_PATH.read_text(encoding="utf-8"), encoding="utf-8")
    _run(monkeypatch, copy)
    assert "same as the committed pin: yes" in capsys.readouterr().out
    assert copy.read_text(encoding="utf-8") == pin.STORE_PATH.read_text(encoding="utf-8")


def test_write_replaces_stale_pins_with_the_files_own(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    shipped = pin.STORE_PATH.read_text(encoding="utf-8")
    stale = (
        shipped.replace(store.SHIPPED_WEIGHTS.sha256, STALE)
        .replace(store.VERIFIER_GRAPH.sha256, STALE)
        .replace(store.SHIPPED_DIRECTORY_DIGEST, STALE)
    )
    assert stale.count(STALE) == 3  # the weights, the graph, and `model export`'s directory
    copy = tmp_path / "store.py"
    copy.write_text(stale, encoding="utf-8")
    _run(monkeypatch, copy, "--write")
    assert copy.read_text(encoding="utf-8") == shipped


def test_a_store_without_the_pin_is_refused() -> None:
    with pytest.raises(SystemExit, match="no SHIPPED_WEIGHTS pin"):
        pin._replace_pin("nothing pinned here\n", "SHIPPED_WEIGHTS", STALE, 1)
