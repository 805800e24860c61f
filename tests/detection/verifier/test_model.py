"""A checker's model directory read into a VerifierModel, and every way it is refused."""

from __future__ import annotations

import json
import shutil
from pathlib import Path
from typing import Any

import pytest

from grounding_sidecar.detection.verifier.base import VerifierUnavailable
from grounding_sidecar.detection.verifier.model import (
    DIRECTORY_FILES,
    Truncation,
    directory_digest,
    directory_model,
)

CHECKERS = Path(__file__).parent / "checkers"


@pytest.fixture
def bert(tmp_path: Path) -> Path:
    return Path(shutil.copytree(CHECKERS / "bert", tmp_path / "bert"))


def edit_config(directory: Path, **changes: Any) -> None:
    path = directory / "config.json"
    config = json.loads(path.read_text())
    config.update(changes)
    path.write_text(json.dumps(config))


def test_a_checker_directory_reads_its_labels_length_and_digest() -> None:
    model = directory_model(CHECKERS / "deberta-v2")
    assert (model.labels.entailed, model.labels.contradicted, model.labels.neither) == (1, 0, 2)
    assert model.max_tokens == 48  # its max_position_embeddings
    assert model.truncation is Truncation.PREMISE_FIRST
    assert not model.shipped
    assert model.version_tag.endswith(directory_digest(CHECKERS / "deberta-v2")[:8])


def test_roberta_positions_start_after_the_padding_id() -> None:
    config = json.loads((CHECKERS / "roberta" / "config.json").read_text())
    assert config["max_position_embeddings"] == 50
    assert directory_model(CHECKERS / "roberta").max_tokens == 48
    assert directory_model(CHECKERS / "roberta").pad_id == 1


@pytest.mark.parametrize("name", DIRECTORY_FILES)
def test_a_changed_file_changes_the_version(bert: Path, name: str) -> None:
    before = directory_model(bert).version_tag
    with (bert / name).open("ab") as file:
        file.write(b" ")
    assert directory_model(bert).version_tag != before


@pytest.mark.parametrize("name", DIRECTORY_FILES)
def test_a_missing_file_is_named(bert: Path, name: str) -> None:
    (bert / name).unlink()
    with pytest.raises(VerifierUnavailable, match=f"lacks {name}"):
        directory_model(bert)


def test_a_missing_directory_is_refused(tmp_path: Path) -> None:
    with pytest.raises(VerifierUnavailable, match="does not exist"):
        directory_model(tmp_path / "nowhere")


def test_a_config_that_is_not_json_is_refused(bert: Path) -> None:
    (bert / "config.json").write_text('{"id2label": ')
    with pytest.raises(VerifierUnavailable, match="not readable JSON"):
        directory_model(bert)


def test_a_config_without_labels_is_refused(bert: Path) -> None:
    config = json.loads((bert / "config.json").read_text())
    del config["id2label"]
    (bert / "config.json").write_text(json.dumps(config))
    with pytest.raises(VerifierUnavailable, match="no id2label"):
        directory_model(bert)


def test_unknown_labels_are_refused_at_start_up_with_their_names(bert: Path) -> None:
    edit_config(bert, id2label={"0": "LABEL_0", "1": "LABEL_1", "2": "LABEL_2"})
    with pytest.raises(VerifierUnavailable, match=r"'LABEL_0'.*'LABEL_2'"):
        directory_model(bert)


@pytest.mark.parametrize("max_tokens", [4, 49, "64", True])
def test_a_length_the_model_cannot_read_is_refused(bert: Path, max_tokens: object) -> None:
    edit_config(bert, grounding_sidecar={"max_tokens": max_tokens})
    with pytest.raises(VerifierUnavailable, match="max_tokens"):
        directory_model(bert)


def test_the_project_keys_set_length_and_truncation(bert: Path) -> None:
    edit_config(bert, grounding_sidecar={"max_tokens": 32, "truncation": "longest_first"})
    model = directory_model(bert)
    assert (model.max_tokens, model.truncation) == (32, Truncation.LONGEST_FIRST)
    edit_config(bert, grounding_sidecar={"truncation": "only_second"})
    with pytest.raises(VerifierUnavailable, match="truncation"):
        directory_model(bert)


def test_a_checker_declares_its_languages_or_leaves_them_undeclared(bert: Path) -> None:
    assert directory_model(bert).languages is None
    edit_config(bert, grounding_sidecar={"languages": ["en", "FR"]})
    assert directory_model(bert).languages == frozenset({"en", "fr"})
    edit_config(bert, grounding_sidecar={"languages": "en"})
    with pytest.raises(VerifierUnavailable, match="languages"):
        directory_model(bert)
