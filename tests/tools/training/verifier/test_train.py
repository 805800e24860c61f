"""train on a few pairs for one short epoch (torch, from the `train` extra: `make test`
installs it): the fp16 weights, the metrics and the fidelity reference it writes, with and
without the NLI stage, and the error when the NLI pairs are missing."""

from __future__ import annotations

import json
import sys
from pathlib import Path

import numpy as np
import pytest

from grounding_sidecar.detection.embedding.minilm.export.safetensors_np import (
    read_safetensors,
)
from tools.train_data import TRAIN_DIR_VARIABLE
from tools.training.verifier import train
from tools.training.verifier.perturb import Label

PAIRS = [
    ("The museum opens at nine on weekdays.", "The museum opens at nine.", Label.ENTAILED),
    ("The museum opens at nine on weekdays.", "The museum opens at ten.", Label.CONTRADICTED),
    ("The museum opens at nine on weekdays.", "The museum has a new cafe.", Label.NEITHER),
    ("The bridge was built from steel.", "The bridge was built from steel.", Label.ENTAILED),
    ("The bridge was built from steel.", "The bridge was built from wood.", Label.CONTRADICTED),
    ("The bridge was built from steel.", "The bridge is painted red.", Label.NEITHER),
]


def _pairs_file(path: Path) -> Path:
    lines = [
        json.dumps(
            {
                "premise": premise,
                "hypothesis": hypothesis,
                "label": int(label),
                "rule": "real" if n % 2 else "antonym",
                "dataset": "own",
                "part": "holdout" if n >= 4 else "verifier",
            }
        )
        for n, (premise, hypothesis, label) in enumerate(PAIRS)
    ]
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")
    return path


def _train(tmp_path: Path, monkeypatch: pytest.MonkeyPatch, *nli: str) -> None:
    """One epoch, batches of two, on the pairs above; the files go to `tmp_path`."""
    monkeypatch.setattr(
        sys,
        "argv",
        [
            "train",
            "--pairs", str(_pairs_file(tmp_path / "pairs.jsonl")),
            "--out", str(tmp_path / "weights.f16.safetensors"),
            "--metrics", str(tmp_path / "metrics.json"),
            "--reference", str(tmp_path / "reference.json"),
            "--nli-stage-out", str(tmp_path / "nli-stage.f16.safetensors"),
            "--epochs", "1",
            "--batch", "2",
            *nli,
        ],
    )  # fmt: skip
    train.main()


@pytest.mark.minilm
def test_a_short_run_writes_the_weights_metrics_and_reference(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    out = tmp_path / "weights.f16.safetensors"
    metrics_path = tmp_path / "metrics.json"
    reference_path = tmp_path / "reference.json"
    _train(tmp_path, monkeypatch, "--nli", "none")
    weights = read_safetensors(out)
    assert weights and all(w.dtype == np.float16 for w in weights.values())
    metrics = json.loads(metrics_path.read_text(encoding="utf-8"))
    assert metrics["training_pairs"] == 4
    assert metrics["holdout"]["pairs"] == 2
    assert metrics["epochs"] == 1
    reference = json.loads(reference_path.read_text(encoding="utf-8"))
    assert len(reference) == 200
    assert all(abs(sum(r["probabilities"]) - 1) < 1e-4 for r in reference)


def _nli_file(path: Path) -> Path:
    labels = [
        "entailment",
        "neutral",
        "contradiction",
        "not_entailment",
        "not_entailment",
        "entailment",
    ]
    lines = [
        json.dumps(
            {
                "premise": premise,
                "hypothesis": hypothesis,
                "label": label,
                "source": "snli-dev",
                "licence": "CC-BY-SA-4.0",
            }
        )
        for (premise, hypothesis, _), label in zip(PAIRS, labels, strict=True)
    ]
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")
    return path


@pytest.mark.minilm
def test_the_nli_stage_runs_first_and_its_pairs_and_speed_are_recorded(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    nli_file = _nli_file(tmp_path / "nli.jsonl")
    _train(tmp_path, monkeypatch, "--nli", str(nli_file), "--nli-limit", "4")
    metrics_path = tmp_path / "metrics.json"
    stages = json.loads(metrics_path.read_text(encoding="utf-8"))["stages"]
    assert stages["nli"]["pairs"] == 4
    assert sum(stages["nli"]["labels"].values()) == 4
    assert stages["nli"]["steps"] == 2 and stages["nli"]["epochs"] == 1
    assert stages["claims"]["pairs"] == 4
    assert all(stages[s]["pairs_per_second"] > 0 for s in ("nli", "claims"))
    # By default the claim stage's weights ship as they end, not the NLI stage's.
    nli_stage = read_safetensors(tmp_path / "nli-stage.f16.safetensors")
    shipped = read_safetensors(tmp_path / "weights.f16.safetensors")
    assert any(not np.array_equal(nli_stage[k], shipped[k]) for k in shipped)


@pytest.mark.minilm
def test_the_whole_nli_share_ships_the_nli_stage_weights(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    nli_file = _nli_file(tmp_path / "nli.jsonl")
    _train(tmp_path, monkeypatch, "--nli", str(nli_file), "--nli-limit", "4", "--nli-share", "1")
    nli_stage = read_safetensors(tmp_path / "nli-stage.f16.safetensors")
    shipped = read_safetensors(tmp_path / "weights.f16.safetensors")
    assert nli_stage.keys() == shipped.keys()
    assert all(np.array_equal(nli_stage[k], shipped[k]) for k in shipped)
    metrics = json.loads((tmp_path / "metrics.json").read_text(encoding="utf-8"))
    assert metrics["nli_share"] == 1.0


@pytest.mark.parametrize(
    ("recipe", "reason"),
    [
        (["--nli", "none"], "averages with the NLI stage"),
        (["--mixed"], "averages with the NLI stage"),
        (["--nli-share", "1.5"], "is a share, 0 to 1"),
    ],
)
def test_an_nli_share_needs_a_separate_nli_stage_and_a_share(
    tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch,
    capsys: pytest.CaptureFixture[str],
    recipe: list[str],
    reason: str,
) -> None:
    nli_file = _nli_file(tmp_path / "nli.jsonl")
    share = [] if "--nli-share" in recipe else ["--nli-share", "0.5"]
    nli = [] if "--nli" in recipe else ["--nli", str(nli_file)]
    monkeypatch.setattr(sys, "argv", ["train", *nli, *share, *recipe])
    with pytest.raises(SystemExit):
        train.main()
    assert reason in capsys.readouterr().err


def test_without_the_nli_pairs_the_run_stops_and_says_how_to_go_on(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.setenv(TRAIN_DIR_VARIABLE, str(tmp_path))
    monkeypatch.setattr(sys, "argv", ["train", "--pairs", str(tmp_path / "pairs.jsonl")])
    with pytest.raises(SystemExit):
        train.main()
    message = capsys.readouterr().err
    assert str(tmp_path / "nli.jsonl") in message
    assert TRAIN_DIR_VARIABLE in message and "--nli none" in message


@pytest.mark.minilm
def test_the_mixed_recipe_trains_both_kinds_of_pairs_in_one_stage(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    nli_file = _nli_file(tmp_path / "nli.jsonl")
    _train(tmp_path, monkeypatch, "--nli", str(nli_file), "--nli-limit", "4", "--mixed")
    metrics = json.loads((tmp_path / "metrics.json").read_text(encoding="utf-8"))
    assert list(metrics["stages"]) == ["mixed"]
    mixed = metrics["stages"]["mixed"]
    assert (mixed["nli_pairs"], mixed["claim_pairs"], mixed["pairs"]) == (4, 4, 8)
    assert mixed["steps"] == 4
    assert metrics["train_seconds"] == pytest.approx(mixed["seconds"], abs=0.1)


def test_the_mixed_recipe_needs_the_nli_pairs(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.setattr(sys, "argv", ["train", "--nli", "none", "--mixed"])
    with pytest.raises(SystemExit):
        train.main()
    assert "--mixed trains on the NLI pairs" in capsys.readouterr().err


def test_the_swap_rules_are_the_contradicting_rules_and_the_templates_swaps() -> None:
    assert train.is_swap("antonym") and train.is_swap("cohyponym")
    assert train.is_swap("template:drink")
    assert not any(
        train.is_swap(rule)
        for rule in ("real", "identity", "paraphrase", "sub_clause", "qualifier", "template")
    )


@pytest.mark.minilm
def test_without_swaps_the_claim_stage_trains_on_the_other_pairs(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    # Of the four training pairs above, two are antonym swaps.
    _train(tmp_path, monkeypatch, "--nli", "none", "--without-swaps")
    metrics = json.loads((tmp_path / "metrics.json").read_text(encoding="utf-8"))
    assert metrics["training_pairs"] == 2 and metrics["without_swaps"] is True
    assert metrics["stages"]["claims"]["pairs"] == 2


@pytest.mark.minilm
def test_a_run_can_start_from_weights_it_wrote(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    _train(tmp_path, monkeypatch, "--nli", "none")
    start = tmp_path / "start.f16.safetensors"
    (tmp_path / "weights.f16.safetensors").rename(start)
    # No training at all: what ships is the start, bit for bit.
    _train(tmp_path, monkeypatch, "--nli", "none", "--epochs", "0", "--start", str(start))
    started = read_safetensors(start)
    shipped = read_safetensors(tmp_path / "weights.f16.safetensors")
    assert started.keys() == shipped.keys()
    assert all(np.array_equal(started[k], shipped[k]) for k in shipped)
