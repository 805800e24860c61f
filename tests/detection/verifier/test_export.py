"""The shipped verifier written as a checker directory (`model export`) and loaded
back through the directory path: the same model, version and verdicts."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from grounding_sidecar.detection import ClaimPolicy, Grader, load_embedder
from grounding_sidecar.detection.verifier.export import export_shipped
from grounding_sidecar.detection.verifier.model import directory_digest, directory_model
from grounding_sidecar.detection.verifier.runtime import OnnxVerifier
from grounding_sidecar.detection.verifier.store import SHIPPED_DIRECTORY_DIGEST

ROOT = Path(__file__).resolve().parents[3]
ADVERSARIAL = ROOT / "tests" / "cli" / "calibration" / "adversarial.jsonl"


@pytest.fixture(scope="module")
def exported(tmp_path_factory: pytest.TempPathFactory) -> Path:
    out = tmp_path_factory.mktemp("shipped")
    export_shipped(out)
    return out


def test_the_export_is_the_pinned_directory(exported: Path) -> None:
    assert directory_digest(exported) == SHIPPED_DIRECTORY_DIGEST
    model = directory_model(exported)
    assert model.shipped and model.version_tag == OnnxVerifier().version_tag


def test_a_changed_export_is_a_checker_of_its_own(exported: Path, tmp_path: Path) -> None:
    for name in ("model.onnx", "tokenizer.json"):
        (tmp_path / name).write_bytes((exported / name).read_bytes())
    config = json.loads((exported / "config.json").read_text())
    config["grounding_sidecar"]["max_tokens"] = 64
    (tmp_path / "config.json").write_text(json.dumps(config))
    model = directory_model(tmp_path)
    assert not model.shipped and model.version_tag != OnnxVerifier().version_tag


def test_loaded_from_the_export_it_grades_the_adversarial_pairs_as_the_native_path(
    exported: Path,
) -> None:
    embedder = load_embedder("minilm")
    native = Grader(embedder, verifier=OnnxVerifier())
    from_directory = Grader(embedder, verifier=OnnxVerifier(model=directory_model(exported)))
    assert native.version() == from_directory.version()
    cases = [json.loads(line) for line in ADVERSARIAL.read_text().splitlines() if line.strip()]
    assert len(cases) >= 30
    for case in cases:
        a = native.check(case["answer"], case["sources"], policy=ClaimPolicy.CLASSED)
        b = from_directory.check(case["answer"], case["sources"], policy=ClaimPolicy.CLASSED)
        assert a.to_dict() == b.to_dict(), case["id"]


def test_loaded_from_the_export_it_reads_the_reference_pairs_exactly_as_native(
    exported: Path,
) -> None:
    reference = json.loads((Path(__file__).parent / "torch_reference.json").read_text())
    pairs = [(r["premise"], r["hypothesis"]) for r in reference]
    assert OnnxVerifier(model=directory_model(exported)).verify(pairs) == OnnxVerifier().verify(
        pairs
    )
