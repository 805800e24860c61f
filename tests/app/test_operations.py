"""start_operations: the pieces serve runs beside the request path, wired from Settings."""

from __future__ import annotations

import json
from pathlib import Path

from grounding_sidecar.app.wiring import Detection, start_operations
from grounding_sidecar.decision import Action, CheckOutcome, StaticPolicyTable
from grounding_sidecar.settings import load_settings
from grounding_sidecar.settings.configmap import ConfigMapPolicySource
from tests.support.fake_detectors import GRADER
from tests.support.observability_helpers import UNGROUNDED_ANSWER, check, event, metrics_text


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
