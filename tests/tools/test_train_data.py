"""The NLI records' loader (the training folder's setting is tested with the evaluation
folder's, in test_eval_data.py)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from tools import train_data
from tools.train_data import NliFormatError, NliLabel, load_nli


def _record(label: str, **extra: str) -> str:
    record = {
        "premise": "Two women are embracing.",
        "hypothesis": "Two women hug.",
        "label": label,
        "source": "snli-dev",
        "licence": "CC-BY-SA-4.0",
    }
    return json.dumps(record | extra)


def test_every_label_reads_with_its_fields(tmp_path: Path) -> None:
    path = tmp_path / "nli.jsonl"
    labels = ["entailment", "neutral", "contradiction", "not_entailment"]
    path.write_text("\n".join(_record(label) for label in labels) + "\n\n", encoding="utf-8")
    records = load_nli(path)
    assert [r.label for r in records] == [
        NliLabel.ENTAILMENT,
        NliLabel.NEUTRAL,
        NliLabel.CONTRADICTION,
        NliLabel.NOT_ENTAILED,
    ]
    first = records[0]
    assert (first.premise, first.hypothesis) == ("Two women are embracing.", "Two women hug.")
    assert (first.source, first.licence) == ("snli-dev", "CC-BY-SA-4.0")


def test_an_unknown_label_is_an_error_naming_the_line_and_the_labels(tmp_path: Path) -> None:
    path = tmp_path / "nli.jsonl"
    path.write_text(_record("entailment") + "\n" + _record("refutes") + "\n", encoding="utf-8")
    with pytest.raises(NliFormatError) as error:
        load_nli(path)
    message = str(error.value)
    assert f"{path}:2" in message and "'refutes'" in message
    assert "entailment, neutral, contradiction, not_entailment" in message


@pytest.mark.parametrize(
    "line",
    [
        "{not json",
        "[1, 2]",
        _record("neutral", premise=""),
        json.dumps({"premise": "a", "hypothesis": "b", "label": "neutral"}),
    ],
)
def test_a_malformed_record_is_an_error(tmp_path: Path, line: str) -> None:
    path = tmp_path / "nli.jsonl"
    path.write_text(line + "\n", encoding="utf-8")
    with pytest.raises(NliFormatError, match=f"{path}:1"):
        load_nli(path)


@pytest.mark.skipif(not train_data.nli_path().exists(), reason="no shared training data")
def test_the_shared_file_reads_every_source_with_its_licence() -> None:
    records = load_nli(train_data.nli_path())
    assert len(records) == 67070
    assert {r.label for r in records} == set(NliLabel)
    assert all(r.licence for r in records)
