"""Workspace policies: overrides over the defaults, metadata parsing, and which policy a
workspace id gets (known, absent, unknown, and the fallback for unknown)."""

from __future__ import annotations

import asyncio
import json
import logging
from pathlib import Path

import pytest

from grounding_sidecar.app.checks import CheckRunner
from grounding_sidecar.decision import (
    Action,
    GroundingPolicy,
    StaticPolicyTable,
    UnknownHandling,
    WorkspaceOverride,
)
from grounding_sidecar.decision.policy import override_from_metadata
from grounding_sidecar.detection import Grader, HashEmbedder
from grounding_sidecar.detection.contract import ResponseVerdict
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


# -- approved references (claim policy `classed`) ---------------------------------------

REFERENCE = "Tracking numbers let you follow a parcel between depots and hubs."
EXTERNAL_CLAIM = "Tracking numbers let you follow a parcel between depots."
PARCEL_SOURCE = "Order 5512 shipped on 3 June 2026 by ground freight."


def test_a_workspace_s_references_come_from_the_configmap_and_reach_the_check(
    tmp_path: Path,
) -> None:
    (tmp_path / "p.yaml").write_text(
        "workspaces:\n"
        "  - id: listed\n"
        "    metadata:\n"
        "      grounding.claim-policy: classed\n"
        f"      grounding.references: [{json.dumps(REFERENCE)}]\n"
        "  - id: as-json-text\n"
        "    metadata:\n"
        "      grounding.claim-policy: classed\n"
        f"      grounding.references: {json.dumps(json.dumps([REFERENCE]))}\n"
        "  - {id: none, metadata: {grounding.claim-policy: classed}}\n"
    )
    source = ConfigMapPolicySource(tmp_path, DEFAULTS)
    assert source.policy_for("listed").references == (REFERENCE,)
    assert source.policy_for("as-json-text").references == (REFERENCE,)
    assert source.policy_for("none").references == ()
    runner = CheckRunner(Grader(HashEmbedder()), deadline_seconds=5.0, workers=1)
    try:

        def verdict(workspace: str) -> ResponseVerdict:
            outcome = asyncio.run(
                runner.run(EXTERNAL_CLAIM, [PARCEL_SOURCE], source.policy_for(workspace))
            )
            assert outcome.result is not None
            return outcome.result.verdict

        assert verdict("listed") is ResponseVerdict.PASS
        assert verdict("as-json-text") is ResponseVerdict.PASS
        assert verdict("none") is ResponseVerdict.UNKNOWN  # no approved external source
    finally:
        runner.close()


@pytest.mark.parametrize(
    "value",
    [
        "4242424",  # not a list
        "[1, 2]",
        '["fine", "  "]',  # a blank reference
        json.dumps(["x"] * 51),  # over the count
        json.dumps(["y" * 10_001]),  # over the length
        "not json",
    ],
)
def test_unusable_references_give_the_global_value_and_are_never_logged(
    value: str, caplog: pytest.LogCaptureFixture
) -> None:
    with caplog.at_level(logging.WARNING):
        override = override_from_metadata(
            "acme", {"grounding.references": value, "grounding.action": "BLOCK"}
        )
    assert override.references is None and override.action is Action.BLOCK
    assert "grounding.references" in caplog.text
    assert value not in caplog.text


def test_static_table_resolves_overrides_over_defaults() -> None:
    table = StaticPolicyTable(
        GroundingPolicy(enabled=False, max_sources=50),
        {"acme": WorkspaceOverride(enabled=True, action=Action.BLOCK)},
    )
    acme = table.policy_for("acme")
    assert (acme.enabled, acme.action, acme.max_sources) == (True, Action.BLOCK, 50)
    assert table.policy_for("other") == table.policy_for(None) == GroundingPolicy()


def test_metadata_overrides_parse_and_bad_values_fall_back(
    caplog: pytest.LogCaptureFixture,
) -> None:
    override = override_from_metadata(
        "acme",
        {
            "grounding.enabled": "true",
            "grounding.action": "block",
            "grounding.max-sources": "twenty",
            "grounding.unknown": "block",
            "other.key": "x",
        },
    )
    assert override == WorkspaceOverride(
        enabled=True, action=Action.BLOCK, unknown=UnknownHandling.BLOCK
    )
    assert "grounding.max-sources" in caplog.text
