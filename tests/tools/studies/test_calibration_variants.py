"""calibration_variants on a small synthetic recording: every mode runs to its end and
prints its tables; the recorded defaults are found at the threshold that reproduces
the grader's verdicts."""

from __future__ import annotations

import sys
from pathlib import Path

import numpy as np
import pytest

from grounding_sidecar.detection.judging.features import FEATURE_NAMES
from tests.tools.studies.recordings import SETS, write_recording
from tools.studies import calibration_variants
from tools.studies.recording import Study, recorded


@pytest.fixture(scope="module")
def recordings(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, Path]:
    folder = tmp_path_factory.mktemp("study")
    return write_recording(folder / "now.npz"), write_recording(folder / "earlier.npz", seed=4)


def _run(monkeypatch: pytest.MonkeyPatch, *args: str) -> None:
    monkeypatch.setattr(sys, "argv", ["calibration_variants", *args])
    calibration_variants.main()


def test_the_variants_are_reported_on_both_parts(
    recordings: tuple[Path, Path],
    monkeypatch: pytest.MonkeyPatch,
    capsys: pytest.CaptureFixture[str],
) -> None:
    _run(monkeypatch, "--study", str(recordings[0]))
    out = capsys.readouterr().out
    assert "calibration parts, BAcc %" in out and "holdout parts, BAcc %" in out
    for variant in calibration_variants.VARIANTS:
        assert out.count(f"| {variant.name} | ") == 2
    assert "shipped minus previous default" in out


@pytest.mark.parametrize(
    ("mode", "expected"),
    [
        (("--addition",), "chosen: restated >= "),
        (("--contradiction-bars",), "| bar 0.50 | "),
    ],
)
def test_the_later_rules_are_replayed(
    recordings: tuple[Path, Path],
    monkeypatch: pytest.MonkeyPatch,
    capsys: pytest.CaptureFixture[str],
    mode: tuple[str, ...],
    expected: str,
) -> None:
    _run(monkeypatch, "--study", str(recordings[0]), *mode)
    assert expected in capsys.readouterr().out


def test_two_recordings_of_the_same_claims_are_compared(
    recordings: tuple[Path, Path],
    monkeypatch: pytest.MonkeyPatch,
    capsys: pytest.CaptureFixture[str],
) -> None:
    now, earlier = recordings
    _run(monkeypatch, "--study", str(now), "--against", str(earlier))
    out = capsys.readouterr().out
    assert "now minus earlier" in out
    assert "contradiction override, claims it fired on" in out


def test_the_recorded_default_is_found_at_its_threshold(recordings: tuple[Path, Path]) -> None:
    study = Study.load([recordings[0]])
    assert recorded(study, "after").threshold == pytest.approx(0.5, abs=0.051)
    broken = Study(dict(study.columns))
    broken.columns["after_supported"] = ~broken.columns["after_supported"].astype(bool)
    with pytest.raises(SystemExit, match="no threshold reproduces"):
        recorded(broken, "after")


def test_a_set_left_out_of_the_recording_is_left_out_of_the_intervals(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    without = write_recording(tmp_path / "without.npz", sets=SETS[1:])
    _run(monkeypatch, "--study", str(without))
    intervals = capsys.readouterr().out.split("shipped minus previous default")[1]
    assert f"  {SETS[0]}: " not in intervals and f"  {SETS[1]}: " in intervals


def test_the_reworded_reading_weighs_where_no_source_has_the_bigrams(
    recordings: tuple[Path, Path],
) -> None:
    study = Study.load([recordings[0]])
    bigrams = FEATURE_NAMES.index("bigram_containment_sources")
    features = np.asarray(study["features"], dtype=np.float64)
    features[:3, bigrams] = [1.0, 0.0, 0.0]  # copied, reworded, reworded
    best = np.asarray(study["best"], dtype=np.float64)
    best[2] = np.nan  # not read
    column = calibration_variants._where_reworded("best", 0)(
        Study({**study.columns, "features": features, "best": best})
    )
    assert column[0] == 0.0 and column[2] == 0.0
    assert column[1] > 0.0
