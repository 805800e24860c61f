"""The ONNX verifier against the training framework on the same pairs
(docs/verifier.md#fidelity), the tiny checkers of three architectures through the same
loader, and each way a checker is refused at start-up."""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import numpy as np
import pytest

from grounding_sidecar.detection.verifier.base import VerifierUnavailable
from grounding_sidecar.detection.verifier.model import directory_model
from grounding_sidecar.detection.verifier.runtime import OnnxVerifier

REFERENCE = Path(__file__).parent / "torch_reference.json"


def test_onnx_matches_the_training_framework_on_200_pairs() -> None:
    """torch's probabilities (tools/training/verifier/train.py, from the fp16 weights as shipped)
    against onnxruntime's on the same pairs: docs/verifier.md#fidelity."""
    reference = json.loads(REFERENCE.read_text())
    assert len(reference) == 200
    pairs = [(r["premise"], r["hypothesis"]) for r in reference]
    expected = np.array([r["probabilities"] for r in reference])
    got = np.array([[v.entailed, v.contradicted, v.neither] for v in OnnxVerifier().verify(pairs)])
    assert np.mean(got.argmax(1) == expected.argmax(1)) >= 0.995
    assert np.abs(got - expected).max() <= 0.01
    assert np.allclose(got.sum(1), 1.0, atol=1e-5)


CHECKERS = Path(__file__).parent / "checkers"
ARCHITECTURES = ["bert", "roberta", "deberta-v2"]


@pytest.mark.parametrize("name", ARCHITECTURES)
def test_each_architecture_matches_torch_through_the_one_loader(name: str) -> None:
    """tools/training/tiny_checkers.py stored torch's probabilities, from transformers'
    own tokenizer with the premise cut; the generic path reads the same."""
    reference = json.loads((CHECKERS / name / "reference.json").read_text())
    model = directory_model(CHECKERS / name)
    assert model.max_tokens == reference["max_tokens"]
    pairs = reference["pairs"]
    got = OnnxVerifier(model=model).verify([(p["premise"], p["claim"]) for p in pairs])
    for reading, expected in zip(got, pairs, strict=True):
        assert reading.entailed == pytest.approx(expected["entailed"], abs=1e-4)
        assert reading.neither == pytest.approx(expected["neither"], abs=1e-4)
        if "contradicted" in expected:
            assert reading.contradicted == pytest.approx(expected["contradicted"], abs=1e-4)
        else:
            assert reading.contradicted is None


def test_the_premise_is_what_gets_cut() -> None:
    verifier = OnnxVerifier(model=directory_model(CHECKERS / "bert"))
    long_premise = "The museum opens at nine on Monday. " * 30
    encoding = verifier.tokenizer.encode(long_premise, "Each team hired twelve people.")
    assert len(encoding.ids) == 48
    claim_tokens = [
        t for t, s in zip(encoding.tokens, encoding.sequence_ids, strict=True) if s == 1
    ]
    assert claim_tokens == ["each", "team", "hired", "twelve", "people", "."]


def test_a_claim_longer_than_the_model_is_read_with_both_sides_cut() -> None:
    verifier = OnnxVerifier(model=directory_model(CHECKERS / "bert"))
    claim = "Each team hired twelve people before noon. " * 20
    readings = verifier.verify([("The museum opens at nine.", claim), ("A b.", "A b.")])
    assert len(readings) == 2 and all(0 <= r.entailed <= 1 for r in readings)


def copy_checker(tmp_path: Path, name: str = "bert") -> Path:
    return Path(shutil.copytree(CHECKERS / name, tmp_path / name))


def test_a_graph_without_an_attention_mask_is_refused(tmp_path: Path) -> None:
    onnx = pytest.importorskip("onnx")
    from onnx import TensorProto, helper

    directory = copy_checker(tmp_path)
    ids = helper.make_tensor_value_info("input_ids", TensorProto.INT64, ["batch", "sequence"])
    logits = helper.make_tensor_value_info("logits", TensorProto.FLOAT, ["batch", 3])
    graph = helper.make_graph(
        [
            helper.make_node("Cast", ["input_ids"], ["as_float"], to=TensorProto.FLOAT),
            helper.make_node("ReduceMean", ["as_float"], ["mean"], axes=[1], keepdims=1),
            helper.make_node("Tile", ["mean", "three"], ["logits"]),
        ],
        "ids_only",
        [ids],
        [logits],
        [helper.make_tensor("three", TensorProto.INT64, [2], [1, 3])],
    )
    model = helper.make_model(graph, opset_imports=[helper.make_opsetid("", 13)])
    onnx.save(model, str(directory / "model.onnx"))
    with pytest.raises(VerifierUnavailable, match="missing attention_mask"):
        OnnxVerifier(model=directory_model(directory))


def test_a_tokenizer_without_a_pair_template_is_refused(tmp_path: Path) -> None:
    directory = copy_checker(tmp_path)
    tokenizer = json.loads((directory / "tokenizer.json").read_text())
    tokenizer["post_processor"]["pair"] = tokenizer["post_processor"]["single"]
    (directory / "tokenizer.json").write_text(json.dumps(tokenizer))
    with pytest.raises(VerifierUnavailable, match="no pair template"):
        OnnxVerifier(model=directory_model(directory))


def test_a_truncated_graph_is_refused(tmp_path: Path) -> None:
    directory = copy_checker(tmp_path, "roberta")
    graph = directory / "model.onnx"
    graph.write_bytes(graph.read_bytes()[: graph.stat().st_size // 2])
    with pytest.raises(VerifierUnavailable, match="onnxruntime could not load"):
        OnnxVerifier(model=directory_model(directory))


def test_labels_that_do_not_match_the_graphs_classes_are_refused(tmp_path: Path) -> None:
    directory = copy_checker(tmp_path, "roberta")  # a two-class graph
    config = json.loads((directory / "config.json").read_text())
    config["id2label"] = {"0": "entailment", "1": "neutral", "2": "contradiction"}
    (directory / "config.json").write_text(json.dumps(config))
    with pytest.raises(VerifierUnavailable, match="gives 2 scores per pair"):
        OnnxVerifier(model=directory_model(directory))


def test_a_tokenizer_file_that_is_not_one_is_refused(tmp_path: Path) -> None:
    directory = copy_checker(tmp_path)
    (directory / "tokenizer.json").write_text('{"version": "1.0"}')
    with pytest.raises(VerifierUnavailable, match="not a readable tokenizer"):
        OnnxVerifier(model=directory_model(directory))
