"""`grounding-sidecar calibrate` on the project's own adversarial set, against its baseline."""

from __future__ import annotations

import itertools
import json
import subprocess
from pathlib import Path

import pytest

from tests.support.cli_runner import run_sidecar

CALIBRATION = Path(__file__).parent / "calibration"
CASES = CALIBRATION / "adversarial.jsonl"
BASELINE = CALIBRATION / "adversarial.baseline.json"
# The shipped product defaults: the neural embedder and the calibrated scorer, on the
# fp32 graph, which grades alike on every CPU (`auto` is int8 only on CPUs with int8
# dot-product instructions; docs/embedders.md#precision).
DEFAULTS = [
    *("--embedder", "minilm", "--precision", "fp32"),
    *("--scorer", "calibrated", "--policy", "classed"),
]


def calibrate(*args: str) -> subprocess.CompletedProcess[str]:
    return run_sidecar("calibrate", *args)


@pytest.mark.minilm
def test_adversarial_set_agrees_with_its_baseline_and_on_95_percent_of_cases() -> None:
    process = calibrate(str(CASES), *DEFAULTS, "--baseline", str(BASELINE), "--json")
    assert process.returncode == 0, process.stdout + process.stderr
    report = json.loads(process.stdout.splitlines()[0])
    assert report["cases"] == sum(1 for line in CASES.read_text().splitlines() if line.strip())
    assert report["case_agreement"] >= 0.95
    baseline = json.loads(BASELINE.read_text())
    assert report["version"] == baseline["version"], "refresh the baseline with the new version"


def test_a_lenient_grader_is_reported_as_a_regression(tmp_path: Path) -> None:
    """A threshold nobody could miss turns every contradiction into support: caught."""
    process = calibrate(
        str(CASES),
        "--embedder",
        "hash",
        "--scorer",
        "cosine",
        "--threshold",
        "0.01",
        "--policy",
        "classed",
        "--baseline",
        str(BASELINE),
    )
    assert process.returncode == 1, process.stdout + process.stderr
    assert "REGRESSION by_verdict/unsupported" in process.stdout


def test_bad_cases_file_is_a_clean_error(tmp_path: Path) -> None:
    broken = tmp_path / "cases.jsonl"
    broken.write_text('{"id": "a", "answer": "x", "claims": [{"text": "x", "label": "maybe"}]}\n')
    process = calibrate(str(broken))
    assert process.returncode == 2
    assert "label 'maybe'" in process.stderr
    assert "Traceback" not in process.stderr


def test_the_threshold_sweep_shows_what_each_threshold_would_do() -> None:
    process = calibrate(
        str(CASES), "--embedder", "hash", "--policy", "classed", "--sweep", "--json"
    )
    assert process.returncode == 0, process.stdout + process.stderr
    sweep = json.loads(process.stdout.splitlines()[0])["sweep"]
    thresholds = [row["threshold"] for row in sweep]
    assert thresholds == sorted(thresholds) and thresholds[0] == 0.3 and thresholds[-1] == 0.95
    flagged = [row["flagged_share"] for row in sweep]
    # A higher threshold never supports more claims, and over this range it flags more.
    assert all(a <= b for a, b in itertools.pairwise(flagged))
    assert flagged[0] < flagged[-1]
    assert all(0.0 <= row["claim_bacc"] <= 1.0 for row in sweep)
    text = calibrate(str(CASES), "--embedder", "hash", "--policy", "classed", "--sweep").stdout
    assert "similarity-threshold sweep" in text and "best claim BAcc" in text
