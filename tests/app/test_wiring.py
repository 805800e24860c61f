"""The composition root: how `serve` assembles its detector (minilm behind the batcher,
passages cached) and starts the pieces it runs beside the request path, from Settings."""

from __future__ import annotations

import json
import threading
from collections.abc import Sequence
from pathlib import Path
from typing import Any

import pytest

from devtools.serving import metrics_text
from grounding_sidecar.app.wiring import Detection, build_detection, start_operations
from grounding_sidecar.decision import Action, CheckOutcome, StaticPolicyTable
from grounding_sidecar.detection import Grader, Reason, ResponseVerdict
from grounding_sidecar.detection.contract import CheckResult
from grounding_sidecar.detection.embedding.minilm.store import ENV_MODEL_DIR
from grounding_sidecar.detection.embedding.pipeline.batching import MicroBatcher
from grounding_sidecar.detection.embedding.pipeline.cache import CachedEmbedder
from grounding_sidecar.observability.verifier_metrics import VerifierCollector
from grounding_sidecar.settings import load_settings
from grounding_sidecar.settings.configmap import ConfigMapPolicySource
from tests.support.fake_detectors import GRADER
from tests.support.observability_helpers import UNGROUNDED_ANSWER, check, event

SOURCE = "Order 7731 was shipped on 14 March 2026 from the Rotterdam warehouse by DHL Express."


@pytest.mark.minilm
def test_serve_grades_with_batched_claims_and_cached_passages() -> None:
    detection = build_detection(
        load_settings(flags={"embedder": "minilm", "embed-threads": "1", "passage-cache-mb": "8"})
    )
    detector, batcher = detection.detector, detection.embedders and detection.embedders.batcher
    assert isinstance(detector, Grader) and isinstance(batcher, MicroBatcher)
    passages = detector.passage_embedder
    assert isinstance(passages, CachedEmbedder)
    # Warmed up before any request: the model has run, its source is cached; claims and
    # passages share the one queue, each counted as what it is.
    assert batcher.stats.backend_calls >= 1
    assert (passages.stats.misses, passages.stats.hits) == (1, 0)
    assert set(batcher.stats.tokens_by_kind) == {"claim", "passage"}
    results: list[ResponseVerdict] = []

    def check(answer: str) -> None:
        results.append(detector.check(answer, [SOURCE]).verdict)

    answers = [
        "Order 7731 was shipped on 14 March 2026 from the Rotterdam warehouse.",
        "Order 7731 was shipped on 19 March 2026 from the Rotterdam warehouse.",
    ] * 3
    check(answers[0])  # warms the cache; concurrent first sightings would all miss
    threads = [threading.Thread(target=check, args=(answer,)) for answer in answers]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(timeout=60)
    assert sorted(results) == sorted([ResponseVerdict.PASS] * 4 + [ResponseVerdict.FAIL] * 3)
    # Seven checks of one source: embedded once, then served from the cache.
    assert passages.stats.misses == 1 + 1
    assert passages.stats.hits == 6


def test_a_detector_that_fails_its_warm_up_is_unavailable(
    monkeypatch: pytest.MonkeyPatch, caplog: pytest.LogCaptureFixture
) -> None:
    monkeypatch.setattr(Grader, "warm_up", lambda self: "the warm-up check could not embed")
    assert build_detection(load_settings(flags={"embedder": "hash"})).detector is None
    assert "could not embed" in caplog.text and "grounding_unavailable" in caplog.text


def test_a_working_detector_is_warmed_up_and_returned(monkeypatch: pytest.MonkeyPatch) -> None:
    graded: list[tuple[Grader, CheckResult]] = []
    check = Grader.check

    def spy(self: Grader, answer: str, sources: Sequence[str], **options: Any) -> CheckResult:
        result = check(self, answer, sources, **options)
        graded.append((self, result))
        return result

    monkeypatch.setattr(Grader, "check", spy)
    detector = build_detection(load_settings(flags={"embedder": "hash"})).detector
    assert isinstance(detector, Grader)
    # Warmed up before any request: the detector returned has graded one check, cleanly.
    assert [grader for grader, _ in graded] == [detector]
    result = graded[0][1]
    assert result.claims and Reason.EMBEDDING_FAILED not in result.reasons


def test_the_installed_verifier_is_on_by_default() -> None:
    detection = build_detection(load_settings(flags={"embedder": "hash"}))
    detector = detection.detector
    assert isinstance(detector, Grader) and detector.verifier is not None
    assert f"/{detector.verifier.version_tag}/" in detector.version()
    # Its model runs are watched by the metrics endpoint.
    assert isinstance(detection.verifier_collector(), VerifierCollector)


def test_without_a_verifier_nothing_watches_one() -> None:
    detection = build_detection(load_settings(flags={"embedder": "hash", "verifier": "off"}))
    assert isinstance(detection.detector, Grader) and detection.detector.verifier is None
    assert detection.verifier_collector() is None


def test_verifier_on_without_its_files_makes_the_detector_unavailable(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path, caplog: pytest.LogCaptureFixture
) -> None:
    monkeypatch.setenv(ENV_MODEL_DIR, str(tmp_path))
    settings = load_settings(flags={"embedder": "hash", "verifier": "on"})
    assert build_detection(settings).detector is None
    assert "verifier" in caplog.text and "grounding_unavailable" in caplog.text


def test_verifier_auto_without_its_files_runs_without_it_and_says_so(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path, caplog: pytest.LogCaptureFixture
) -> None:
    monkeypatch.setenv(ENV_MODEL_DIR, str(tmp_path))
    detector = build_detection(load_settings(flags={"embedder": "hash"})).detector
    assert isinstance(detector, Grader) and detector.verifier is None
    assert "/ver-v" not in detector.version()
    assert "verifier off" in caplog.text


def test_policy_dir_reloads_reach_audit_and_metrics(tmp_path: Path) -> None:
    policies = tmp_path / "policies"
    policies.mkdir()
    (policies / "p.json").write_text(
        '{"workspaces": [{"id": "acme", "metadata": {"grounding.action": "FLAG"}}]}'
    )
    audit = tmp_path / "audit.jsonl"
    settings = load_settings(
        environ={
            "GROUNDING_SIDECAR_POLICY_DIR": str(policies),
            "GROUNDING_SIDECAR_AUDIT_SINK": str(audit),
            "GROUNDING_SIDECAR_METRICS_PORT": "0",
            "GROUNDING_SIDECAR_ACTION": "LOG",
        }
    )
    ops = start_operations(settings, Detection(GRADER))
    try:
        assert isinstance(ops.policies, ConfigMapPolicySource)
        assert ops.policies.policy_for("acme").action is Action.FLAG
        (policies / "p.json").write_text(
            '{"workspaces": [{"id": "acme", "metadata": {"grounding.action": "BLOCK"}}]}'
        )
        assert ops.policies.poll()
        ops.observer.on_check(event(CheckOutcome(check(UNGROUNDED_ANSWER)), action=Action.BLOCK))
        assert ops.metrics_server is not None
        body = metrics_text(ops.metrics_server.port)
    finally:
        ops.close()
    assert 'gateway_grounding_config_reloads_total{result="success"} 1.0' in body
    assert 'gateway_grounding_check_total{action="BLOCK",grounded="false"} 1.0' in body
    assert f'gateway_grounding_definition_info{{version="{GRADER.version()}"}} 1.0' in body
    types = [json.loads(line)["type"] for line in audit.read_text().splitlines()]
    assert types == ["WORKSPACE_METADATA_UPDATED", "HALLUCINATION_DETECTED"]


def test_without_policy_dir_the_file_workspaces_are_a_static_table(tmp_path: Path) -> None:
    config = tmp_path / "s.yaml"
    config.write_text(
        "metrics-port: off\naudit-sink: stderr\n"
        "workspaces: [{id: acme, metadata: {grounding.action: BLOCK}}]\n"
    )
    ops = start_operations(load_settings(config_file=config), Detection(None))
    try:
        assert isinstance(ops.policies, StaticPolicyTable)
        assert ops.policies.policy_for("acme").action is Action.BLOCK
        assert ops.metrics_server is None and not ops.tracing.enabled
    finally:
        ops.close()
