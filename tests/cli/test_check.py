"""`grounding-sidecar check` as a user runs it: a real subprocess, real files."""

from __future__ import annotations

import json
import subprocess
from pathlib import Path

import pytest

from grounding_sidecar.common.cpus import int8_dot_products
from tests.support.cli_runner import run_sidecar

CHECK_KEYS = {
    "version",
    "verdict",
    "reasons",
    "grounded",
    "overall_similarity",
    "confidence",
    "claims",
    "skipped_claims",
    "dropped_sources",
}
CLAIM_KEYS = {
    "text",
    "span",
    "claim_class",
    "verdict",
    "score",
    "evidence",
    "rationale",
    "probability",
    "verifier",
}
SOURCE = "Order 5512 shipped on 3 June by ground freight."


def run_cli(*args: str) -> subprocess.CompletedProcess[str]:
    return run_sidecar("check", *args)


def assert_clean_error(process: subprocess.CompletedProcess[str], fragment: str) -> None:
    assert process.returncode == 2, process.stderr
    assert "Traceback" not in process.stderr
    lines = process.stderr.strip().splitlines()
    assert len(lines) == 1, process.stderr
    assert fragment in lines[0]


def test_exit_codes_follow_the_verdict() -> None:
    assert run_cli("--source", SOURCE, "--answer", SOURCE).returncode == 0
    failed = run_cli("--source", SOURCE, "--answer", "Order 5512 shipped on 5 June by air freight.")
    assert failed.returncode == 1
    assert "contradictory" in failed.stdout and "FAIL" in failed.stdout
    unknown = run_cli("--answer", "Your order will arrive tomorrow morning before ten.")
    assert unknown.returncode == 3


def test_json_output_has_exactly_the_documented_keys(tmp_path: Path) -> None:
    sources = tmp_path / "sources.json"
    sources.write_text(json.dumps([SOURCE, "x" * 60]))
    answer = tmp_path / "answer.txt"
    answer.write_text("# Status\nOrder 5512 shipped on 3 June by ground freight. Short one.")
    process = run_cli(
        "--sources",
        str(sources),
        "--answer-file",
        str(answer),
        "--json",
        "--max-source-length",
        "50",
    )
    assert process.returncode == 0, process.stderr
    result = json.loads(process.stdout)
    assert set(result) == CHECK_KEYS
    assert [set(claim) for claim in result["claims"]] == [CLAIM_KEYS]
    claim = result["claims"][0]
    text = answer.read_text()
    assert text[claim["span"][0] : claim["span"][1]] == claim["text"]
    evidence = claim["evidence"][0]
    assert set(evidence) == {"passage_id", "source_index", "start", "end"}
    assert SOURCE[evidence["start"] : evidence["end"]] == SOURCE
    assert [s["reason"] for s in result["skipped_claims"]] == ["too_short", "too_short"]
    assert result["dropped_sources"] == [{"source_index": 1, "length": 60, "reason": "too_long"}]


def test_the_bundled_example_runs_and_fails_on_the_invented_voucher() -> None:
    process = run_cli("--example")
    assert process.returncode == 1
    assert "voucher" in process.stdout
    assert "verdict: FAIL" in process.stdout
    # The report ends by saying which detectors graded.
    assert process.stdout.rstrip().splitlines()[-1].startswith("detectors: embedder minilm-l6@")


def test_the_int8_graph_grades_and_says_so() -> None:
    process = run_cli("--example", "--precision", "int8")
    assert process.returncode == 1, process.stderr
    assert "verdict: FAIL" in process.stdout and "voucher" in process.stdout
    detectors = process.stdout.rstrip().splitlines()[-1]
    assert detectors.startswith("detectors: embedder minilm-l6@") and "+int8@" in detectors
    # On a CPU without int8 dot-product instructions the graph runs, and says it drifts.
    noted = "precision int8 on a CPU without int8 dot-product instructions" in process.stderr
    assert noted is not int8_dot_products()
    assert_clean_error(run_cli("--example", "--precision", "int4"), "--precision")


def test_cases_file_writes_one_result_per_line_and_reports_bad_lines(tmp_path: Path) -> None:
    cases = tmp_path / "cases.jsonl"
    good = {"id": "a", "sources": [SOURCE], "answer": SOURCE}
    cases.write_bytes(
        json.dumps(good).encode()
        + b"\n{not json\n"
        + b'{"id": "b", "answer": 5}\n'
        + b'{"id": "c", "answer": "caf\xe9 au lait is served daily here."}\n'
        + b'{"id": "d", "sources": [1], "answer": "x"}\n\n'
    )
    out = tmp_path / "out.jsonl"
    process = run_cli("--cases", str(cases), "--out", str(out))
    assert_clean_error(process, "4 of 5 lines could not be graded")
    records = [json.loads(line) for line in out.read_text().splitlines()]
    assert len(records) == 5
    assert records[0]["id"] == "a" and records[0]["verdict"] == "pass"
    assert set(records[0]) == CHECK_KEYS | {"id"}
    errors = [r["error"] for r in records[1:]]
    assert "malformed JSON" in errors[0]
    assert "'answer' must be a string" in errors[1]
    assert "not valid UTF-8" in errors[2]
    assert "item 0 is int" in errors[3]


def test_labelled_examples_through_the_cli(examples_path: Path) -> None:
    path = examples_path
    process = run_cli("--cases", str(path), "--policy", "classed")
    assert process.returncode == 0, process.stderr
    labels = {
        json.loads(line)["id"]: json.loads(line)["label_response"]
        for line in path.read_text().splitlines()
    }
    mapping = {"grounded": "pass", "ungrounded": "fail", "unknown": "unknown"}
    results = [json.loads(line) for line in process.stdout.splitlines()]
    assert {r["id"]: r["verdict"] for r in results} == {k: mapping[v] for k, v in labels.items()}


@pytest.mark.parametrize(
    ("setup", "fragment"),
    [
        (lambda p: ["--sources", str(p / "missing.json"), "--answer", "x"], "cannot read"),
        (lambda p: ["--sources", str(_write(p, b"[1, 2")), "--answer", "x"], "malformed JSON"),
        (lambda p: ["--sources", str(_write(p, b'{"a": 1}')), "--answer", "x"], "JSON list"),
        (lambda p: ["--sources", str(_write(p, b"[" * 5_000)), "--answer", "x"], "too deeply"),
        (
            lambda p: ["--sources", str(_write(p, b"[" + b"7" * 5_000 + b"]")), "--answer", "x"],
            "unreadable JSON",
        ),
        (lambda p: ["--cases", str(_write(p, b"[" * 5_000 + b"\n"))], "could not be graded"),
        (lambda p: ["--sources", str(_write(p, b'["ok", 3]')), "--answer", "x"], "item 1 is int"),
        (lambda p: ["--answer-file", str(_write(p, b"bad \xff byte"))], "not valid UTF-8"),
        (lambda p: ["--source", "x"], "exactly one of --answer"),
        (lambda p: ["--answer", "x", "--threshold", "1.5"], "threshold"),
        (lambda p: ["--answer", "x", "--max-sources", "-1"], "positive integer"),
        (lambda p: ["--answer", "x", "--embedder", "gpt"], "invalid choice"),
    ],
)
def test_bad_input_is_one_line_and_exit_2(tmp_path: Path, setup, fragment: str) -> None:  # type: ignore[no-untyped-def]
    assert_clean_error(run_cli(*setup(tmp_path)), fragment)


def _write(directory: Path, data: bytes) -> Path:
    path = directory / f"input-{abs(hash(data))}.bin"
    path.write_bytes(data)
    return path


def test_empty_inputs_and_limits_give_documented_verdicts(tmp_path: Path) -> None:
    empty_answer = json.loads(run_cli("--source", SOURCE, "--answer", "", "--json").stdout)
    assert empty_answer["verdict"] == "unknown"
    assert empty_answer["reasons"] == ["no_checkable_claims"]
    no_sources = run_cli("--answer", SOURCE, "--json")
    assert no_sources.returncode == 3
    assert json.loads(no_sources.stdout)["reasons"][0] == "evidence_missing"
    over = run_cli("--source", "y" * 50, "--answer", SOURCE, "--max-source-length", "10", "--json")
    result = json.loads(over.stdout)
    assert result["dropped_sources"][0]["reason"] == "too_long"
    assert result["reasons"][0] == "evidence_missing"


def test_a_ten_megabyte_answer_is_bounded_and_never_reported_as_checked(tmp_path: Path) -> None:
    answer = tmp_path / "huge.txt"
    answer.write_text("Order 5512 shipped on 3 June by ground freight. " * 210_000)
    assert answer.stat().st_size > 10_000_000
    process = run_cli("--source", SOURCE, "--answer-file", str(answer), "--json")
    assert process.returncode == 3, process.stderr
    result = json.loads(process.stdout)
    assert result["verdict"] == "unknown"
    assert "answer_truncated" in result["reasons"]
    assert len(result["claims"]) == 256


def test_cases_read_their_question_and_check_takes_one(tmp_path: Path) -> None:
    source = "The Eiffel Tower is located in Paris and was completed in 1889."
    cases = tmp_path / "cases.jsonl"
    question = "Where is the Eiffel Tower located?"
    lines = [
        {"id": "asked", "sources": [source], "answer": "Paris.", "question": question},
        {"id": "alone", "sources": [source], "answer": "Paris."},
        {"id": "bad", "sources": [source], "answer": "Paris.", "question": 3},
    ]
    cases.write_text("".join(json.dumps(line) + "\n" for line in lines))
    out = tmp_path / "out.jsonl"
    grading = ("--embedder", "hash", "--scorer", "cosine", "--short-answers-with-question")
    process = run_cli("--cases", str(cases), "--out", str(out), *grading)
    assert_clean_error(process, "1 of 3 lines could not be graded")
    asked, alone, bad = (json.loads(line) for line in out.read_text().splitlines())
    assert asked["verdict"] == "pass"
    assert set(asked["claims"][0]) == CLAIM_KEYS | {"formed_with_question"}
    assert asked["claims"][0]["formed_with_question"] is True
    assert "+q1/" in asked["version"]
    assert alone["verdict"] == "unknown" and alone["reasons"] == ["no_checkable_claims"]
    assert "'question' must be a string" in bad["error"]
    single = run_cli("--source", source, "--answer", "Rome.", "--question", question, *grading)
    assert single.returncode == 1 and "contradictory" in single.stdout
    off = run_cli("--cases", str(cases), *grading[:-1])  # the default: off
    assert '"formed_with_question"' not in off.stdout


CHECKERS = Path(__file__).resolve().parents[1] / "detection" / "verifier" / "checkers"


def test_a_checker_of_ones_own_grades_and_check_says_it_is_uncalibrated() -> None:
    # An addition the sources never state: only the verifier's reading can keep its
    # support, so the claim is read; this tiny random checker does not read it as
    # entailed, and the addition rule takes the support away.
    added = "Order 5512 shipped on 3 June by ground freight after a long customs inspection."
    process = run_cli(
        "--source", SOURCE, "--answer", added, "--json",
        "--verifier-model", str(CHECKERS / "roberta"),
    )  # fmt: skip
    assert process.returncode == 1, process.stderr
    result = json.loads(process.stdout)
    assert "/ver-v13+own@" in result["version"]
    assert result["claims"][0]["verdict"] == "unsupported"
    assert "(verifier: entailed p " in result["claims"][0]["rationale"]
    assert result["claims"][0]["verifier"]["contradicted"] is None  # a two-label checker
    assert "no calibration is fitted for verifier ver-v13+own@" in process.stderr


def test_a_checker_directory_that_cannot_load_is_a_clean_error(tmp_path: Path) -> None:
    process = run_cli("--source", SOURCE, "--answer", SOURCE, "--verifier-model", str(tmp_path))
    assert_clean_error(process, "lacks model.onnx")
