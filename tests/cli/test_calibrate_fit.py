"""`grounding-sidecar calibrate --fit`: parameters fitted on a team's labelled cases,
written, and then used by `check` and `calibrate` under their own version."""

from __future__ import annotations

import json
import subprocess
from pathlib import Path

import pytest

from grounding_sidecar.cli.calibrate_fit import split_by_document
from grounding_sidecar.common.inputs import parse_case, read_case_lines
from grounding_sidecar.evaluation.agreement import label_case
from tests.support.cli_runner import run_sidecar

CASES = Path(__file__).parent / "calibration" / "adversarial.jsonl"
CHECKERS = Path(__file__).resolve().parents[1] / "detection" / "verifier" / "checkers"
HASH = ["--embedder", "hash", "--verifier", "off"]
SOURCE = "Order 5512 shipped on 3 June by ground freight."


def calibrate(*args: str) -> subprocess.CompletedProcess[str]:
    return run_sidecar("calibrate", *args)


@pytest.fixture(scope="module")
def fitted(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, str]:
    out = tmp_path_factory.mktemp("fit") / "params.json"
    process = calibrate("--fit", str(CASES), "--out", str(out), *HASH)
    assert process.returncode == 0, process.stderr
    return out, process.stdout


def test_fit_writes_parameters_and_reports_the_held_out_part(fitted: tuple[Path, str]) -> None:
    out, report = fitted
    params = json.loads(out.read_text())
    assert params["embedder_tag"].startswith("hash-v1@") and "verifier_tag" not in params
    assert 0.2 <= params["threshold"] <= 0.8
    assert all(scale > 0 for scale in params["scale"])
    for part in ("fit", "held-out", "held-out, shipped parameters"):
        assert f"adversarial    {part} " in report, report
    assert "adversarial.jsonl, fit part" in params["fitted_on"]


def test_check_and_calibrate_use_the_fitted_parameters_under_their_digest(
    fitted: tuple[Path, str],
) -> None:
    out, report = fitted
    tag = report.split(": ", 1)[1].split(",", 1)[0]  # "wrote PATH: cal-v1@xxxx, ..."
    assert tag.startswith("cal-v1@")
    check = run_sidecar(
        "check", "--source", SOURCE, "--answer", SOURCE, "--json", *HASH,
        "--calibration", str(out),
    )  # fmt: skip
    assert check.returncode == 0, check.stderr
    assert f"/{tag}/" in json.loads(check.stdout)["version"]
    shipped = run_sidecar("check", "--source", SOURCE, "--answer", SOURCE, "--json", *HASH)
    assert f"/{tag}/" not in json.loads(shipped.stdout)["version"]
    measured = calibrate(str(CASES), *HASH, "--calibration", str(out), "--json")
    assert f"/{tag}/" in json.loads(measured.stdout.splitlines()[0])["version"]


def test_parameters_for_another_embedder_or_verifier_are_refused(
    fitted: tuple[Path, str],
) -> None:
    out, _ = fitted
    embedder = run_sidecar(
        "check", "--source", SOURCE, "--answer", SOURCE, "--embedder", "minilm",
        "--verifier", "off", "--calibration", str(out),
    )  # fmt: skip
    assert embedder.returncode == 2 and "was fitted for hash-v1@" in embedder.stderr
    verifier = run_sidecar(
        "check", "--source", SOURCE, "--answer", SOURCE, "--embedder", "hash",
        "--verifier-model", str(CHECKERS / "bert"), "--calibration", str(out),
    )  # fmt: skip
    assert verifier.returncode == 2 and "fitted for verifier off" in verifier.stderr


def test_a_checker_of_ones_own_gets_its_fitted_calibration(tmp_path: Path) -> None:
    out = tmp_path / "params.json"
    own = ["--embedder", "hash", "--verifier-model", str(CHECKERS / "deberta-v2")]
    process = calibrate("--fit", str(CASES), "--out", str(out), *own)
    assert process.returncode == 0, process.stderr
    assert json.loads(out.read_text())["verifier_tag"].startswith("ver-v13+own@")
    check = run_sidecar(
        "check", "--source", SOURCE, "--answer", SOURCE, *own, "--calibration", str(out)
    )
    assert "no calibration is fitted" not in check.stderr, check.stderr


@pytest.mark.parametrize(
    ("args", "fragment"),
    [
        (["--fit", str(CASES)], "--fit needs --out"),
        ([str(CASES), "--fit", str(CASES), "--out", "x.json"], "give either"),
        ([], "give either"),
        (["--fit", str(CASES), "--out", "x.json", "--holdout-share", "1"], "--holdout-share"),
    ],
)
def test_bad_fit_arguments_are_a_clean_error(args: list[str], fragment: str) -> None:
    process = calibrate(*args, *HASH)
    assert process.returncode == 2 and fragment in process.stderr, process.stderr


def test_cases_of_one_label_only_cannot_be_fitted(tmp_path: Path) -> None:
    one_label = tmp_path / "supported.jsonl"
    case = {
        "id": "s", "answer": SOURCE, "sources": [SOURCE],
        "claims": [{"text": SOURCE, "label": "supported"}],
    }  # fmt: skip
    one_label.write_text(json.dumps(case) + "\n")
    process = calibrate("--fit", str(one_label), "--out", str(tmp_path / "p.json"), *HASH)
    assert process.returncode == 2 and "both kinds" in process.stderr


def test_no_document_is_on_both_sides_of_the_split() -> None:
    cases = [label_case(parse_case(raw, n)) for n, raw in read_case_lines(str(CASES))]
    fit, held = split_by_document(cases, 0.3)
    fit_docs = {tuple(c.case.sources) for group in fit.values() for c in group}
    held_docs = {tuple(c.case.sources) for group in held.values() for c in group}
    assert fit_docs and held_docs and not fit_docs & held_docs
    assert sum(map(len, fit.values())) + sum(map(len, held.values())) == len(cases)
