"""Which policy a workspace id gets: known, absent, unknown, and the fallback for unknown."""

from __future__ import annotations

import asyncio
from pathlib import Path

import pytest

from grounding_sidecar.decision import Action, GroundingPolicy, StaticPolicyTable, WorkspaceOverride
from grounding_sidecar.extproc.exchange import Exchange
from grounding_sidecar.settings.configmap import ConfigMapPolicySource
from tests.support.exchange import make_context, request_body, run_request
from tests.support.recorder import Recorder

DEFAULTS = GroundingPolicy(enabled=True, action=Action.LOG)
OVERRIDES = {
    "acme": WorkspaceOverride(action=Action.BLOCK),
    "strict-default": WorkspaceOverride(action=Action.FLAG),
}


def configmap_source(tmp_path: Path, fallback: str | None) -> ConfigMapPolicySource:
    (tmp_path / "p.yaml").write_text(
        "workspaces:\n"
        "  - {id: acme, metadata: {grounding.action: BLOCK}}\n"
        "  - {id: strict-default, metadata: {grounding.action: FLAG}}\n"
    )
    return ConfigMapPolicySource(tmp_path, DEFAULTS, fallback=fallback)


@pytest.mark.parametrize("kind", ["static", "configmap"])
def test_unknown_ids_get_the_global_policy_or_the_named_fallback(tmp_path: Path, kind: str) -> None:
    for fallback, unknown_action in ((None, Action.LOG), ("strict-default", Action.FLAG)):
        source = (
            StaticPolicyTable(DEFAULTS, OVERRIDES, fallback=fallback)
            if kind == "static"
            else configmap_source(tmp_path, fallback)
        )
        assert source.policy_for("acme").action is Action.BLOCK
        assert source.policy_for("ACME").action is unknown_action  # ids are exact
        assert source.policy_for("typo").action is unknown_action
        assert source.policy_for(None).action is Action.LOG  # no id: the global policy
        assert source.knows("acme") and not source.knows("ACME") and not source.knows("typo")


def test_a_fallback_that_names_no_workspace_gives_the_global_policy() -> None:
    table = StaticPolicyTable(DEFAULTS, OVERRIDES, fallback="missing")
    assert table.policy_for("typo") == DEFAULTS


def test_the_exchange_reports_each_request_naming_an_unknown_workspace() -> None:
    async def scenario() -> None:
        recorder = Recorder()
        for workspace in ("block", "no-such-workspace", "Block"):
            await run_request(Exchange(make_context(observer=recorder)), workspace, request_body())
        assert recorder.unknown_workspaces == ["no-such-workspace", "Block"]

    asyncio.run(scenario())
