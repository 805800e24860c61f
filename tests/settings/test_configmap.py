"""The ConfigMap watcher on real files and real `..data` symlink swaps."""

from __future__ import annotations

import json
import logging
import threading
from collections.abc import Mapping
from pathlib import Path
from typing import Any

import pytest

from devtools.configmap_dir import ConfigMapDir
from grounding_sidecar.decision import Action, GroundingPolicy, UnknownHandling, WorkspaceOverride
from grounding_sidecar.detection.contract import ClaimPolicy
from grounding_sidecar.settings.configmap import (
    ConfigMapPolicySource,
    KeyChange,
    PolicyFileError,
    PolicyListener,
)
from tests.support.eventually import eventually

GLOBAL = GroundingPolicy(enabled=True, action=Action.LOG, max_sources=50)


class Recorder(PolicyListener):
    def __init__(self) -> None:
        self.reloads: list[bool] = []
        self.changes: list[tuple[str, dict[str, KeyChange]]] = []

    def on_policy_reload(self, ok: bool) -> None:
        self.reloads.append(ok)

    def on_workspace_changed(self, workspace_id: str, changes: Mapping[str, KeyChange]) -> None:
        self.changes.append((workspace_id, dict(changes)))


def document(*workspaces: tuple[str, dict[str, Any]]) -> str:
    return json.dumps({"workspaces": [{"id": w, "metadata": m} for w, m in workspaces]})


@pytest.fixture
def configmap(tmp_path: Path) -> ConfigMapDir:
    return ConfigMapDir(tmp_path / "policies")


def source(directory: Path, recorder: Recorder | None = None) -> ConfigMapPolicySource:
    return ConfigMapPolicySource(
        directory, GLOBAL, listeners=(recorder,) if recorder else (), poll_seconds=0.05
    )


def test_overrides_apply_and_missing_keys_fall_back(configmap: ConfigMapDir) -> None:
    configmap.publish(
        {
            "policies.json": document(
                ("acme", {"grounding.action": "BLOCK", "grounding.max-sources": "20"}),
                ("beta", {"grounding.enabled": "false", "grounding.unknown": "block"}),
            )
        }
    )
    policies = source(configmap.root)
    acme = policies.policy_for("acme")
    assert (acme.action, acme.max_sources, acme.enabled) == (Action.BLOCK, 20, True)
    assert acme.max_source_length == GLOBAL.max_source_length  # not set: global
    beta = policies.policy_for("beta")
    assert (beta.enabled, beta.unknown, beta.action) == (False, UnknownHandling.BLOCK, Action.LOG)
    assert policies.policy_for("nobody") == GLOBAL
    assert policies.policy_for(None) == GLOBAL


def test_yaml_files_are_read_too(configmap: ConfigMapDir) -> None:
    configmap.publish(
        {
            "a.yaml": "workspaces:\n  - id: acme\n    metadata:\n"
            "      grounding.action: FLAG\n      grounding.claim-policy: classed\n",
            "b.yml": "workspaces: [{id: beta, metadata: {grounding.max-source-length: 99}}]\n",
            "notes.txt": "not a policy file",
        }
    )
    policies = source(configmap.root)
    assert policies.policy_for("acme").action is Action.FLAG
    assert policies.policy_for("acme").claim_policy is ClaimPolicy.CLASSED
    assert policies.policy_for("beta").max_source_length == 99


def test_symlink_swap_is_picked_up_and_audited(configmap: ConfigMapDir) -> None:
    configmap.publish({"p.json": document(("acme", {"grounding.action": "LOG"}))})
    recorder = Recorder()
    policies = source(configmap.root, recorder)
    assert policies.poll() is False  # nothing changed yet
    configmap.publish(
        {
            "p.json": document(
                ("acme", {"grounding.action": "BLOCK", "grounding.max-sources": "5"}),
                ("new-ws", {"grounding.enabled": "false"}),
            )
        }
    )
    assert policies.poll() is True
    assert policies.policy_for("acme").action is Action.BLOCK
    assert recorder.reloads == [True]
    assert dict(recorder.changes) == {
        "acme": {
            "grounding.action": KeyChange("LOG", "BLOCK"),
            "grounding.max-sources": KeyChange(None, "5"),
        },
        "new-ws": {"grounding.enabled": KeyChange(None, "false")},
    }


def test_only_changed_keys_and_removed_workspaces_are_in_the_diff(
    configmap: ConfigMapDir,
) -> None:
    configmap.publish(
        {
            "p.json": document(
                ("acme", {"grounding.action": "BLOCK", "grounding.max-sources": "5"}),
                ("gone", {"grounding.action": "FLAG"}),
            )
        }
    )
    recorder = Recorder()
    policies = source(configmap.root, recorder)
    configmap.publish(
        {"p.json": document(("acme", {"grounding.action": "BLOCK", "grounding.max-sources": "6"}))}
    )
    assert policies.poll()
    assert dict(recorder.changes) == {
        "acme": {"grounding.max-sources": KeyChange("5", "6")},
        "gone": {"grounding.action": KeyChange("FLAG", None)},
    }
    assert policies.policy_for("gone") == GLOBAL


def test_plain_rewrite_in_place_is_picked_up(tmp_path: Path) -> None:
    path = tmp_path / "p.json"
    path.write_text(document(("acme", {"grounding.action": "FLAG"})))
    policies = source(tmp_path)
    path.write_text(document(("acme", {"grounding.action": "BLOCK", "grounding.enabled": "no"})))
    assert policies.poll()
    assert policies.policy_for("acme").action is Action.BLOCK
    assert policies.policy_for("acme").enabled is False


@pytest.mark.parametrize(
    "broken",
    [
        "{not json",
        "",
        '{"workspaces": {"id": "acme"}}',
        '{"workspaces": [{"metadata": {}}]}',
        '{"workspaces": ' + "[" * 5_000,  # nested deeper than the parser's stack
        '{"workspaces": [], "n": ' + "7" * 5_000 + "}",  # past Python's integer digit limit
    ],
)
def test_broken_file_keeps_the_last_good_table(configmap: ConfigMapDir, broken: str) -> None:
    configmap.publish({"p.json": document(("acme", {"grounding.action": "BLOCK"}))})
    recorder = Recorder()
    policies = source(configmap.root, recorder)
    configmap.publish({"p.json": broken})
    assert policies.poll() is False
    assert policies.poll() is False  # the same broken content is one failure, not one per poll
    assert recorder.reloads == [False]
    assert recorder.changes == []
    assert policies.policy_for("acme").action is Action.BLOCK
    configmap.publish({"p.json": document(("acme", {"grounding.action": "FLAG"}))})
    assert policies.poll() is True
    assert recorder.reloads == [False, True]
    assert policies.policy_for("acme").action is Action.FLAG


def test_one_broken_file_among_several_keeps_everything(configmap: ConfigMapDir) -> None:
    configmap.publish(
        {
            "a.json": document(("acme", {"grounding.action": "BLOCK"})),
            "b.yaml": "workspaces: [{id: beta, metadata: {grounding.action: FLAG}}]",
        }
    )
    policies = source(configmap.root)
    configmap.publish(
        {"a.json": document(("acme", {"grounding.action": "LOG"})), "b.yaml": "workspaces: [oops"}
    )
    assert policies.poll() is False
    assert policies.policy_for("acme").action is Action.BLOCK
    assert policies.policy_for("beta").action is Action.FLAG


def test_bad_value_warns_and_uses_the_global_value(
    configmap: ConfigMapDir, caplog: pytest.LogCaptureFixture
) -> None:
    configmap.publish({"p.json": document(("acme", {"grounding.action": "BLOCK"}))})
    policies = source(configmap.root)
    configmap.publish(
        {
            "p.json": document(
                ("acme", {"grounding.action": "BLOK", "grounding.max-sources": "-3"}),
            )
        }
    )
    with caplog.at_level(logging.WARNING):
        assert policies.poll()
    acme = policies.policy_for("acme")
    assert acme.action is GLOBAL.action  # the global value, never the previous override
    assert acme.max_sources == GLOBAL.max_sources
    warnings = [r.getMessage() for r in caplog.records if r.levelno == logging.WARNING]
    assert any("acme" in w and "grounding.action" in w and "BLOK" in w for w in warnings)
    assert any("acme" in w and "grounding.max-sources" in w and "-3" in w for w in warnings)


def test_unparseable_file_at_start_up_is_an_error(tmp_path: Path) -> None:
    (tmp_path / "p.json").write_text("{")
    with pytest.raises(PolicyFileError, match=r"p\.json"):
        source(tmp_path)


def test_directory_overrides_static_overrides_per_key(configmap: ConfigMapDir) -> None:
    configmap.publish({"p.json": document(("acme", {"grounding.action": "BLOCK"}))})
    policies = ConfigMapPolicySource(
        configmap.root,
        GLOBAL,
        static={"acme": WorkspaceOverride(action=Action.FLAG, max_sources=3)},
    )
    acme = policies.policy_for("acme")
    assert (acme.action, acme.max_sources) == (Action.BLOCK, 3)


def test_hidden_kubernetes_entries_are_not_read_twice(configmap: ConfigMapDir) -> None:
    configmap.publish({"p.json": document(("acme", {"grounding.action": "BLOCK"}))})
    (configmap.root / ".hidden.json").write_text("{broken")
    assert source(configmap.root).policy_for("acme").action is Action.BLOCK


def test_watcher_thread_applies_swaps_while_readers_never_see_a_wrong_policy(
    configmap: ConfigMapDir,
) -> None:
    # Two complete configurations; a reader must only ever see one or the other.
    first = document(("acme", {"grounding.action": "BLOCK", "grounding.max-sources": "10"}))
    second = document(("acme", {"grounding.action": "FLAG", "grounding.max-sources": "20"}))
    allowed = {(Action.BLOCK, 10), (Action.FLAG, 20)}
    configmap.publish({"p.json": first})
    recorder = Recorder()
    policies = source(configmap.root, recorder)
    seen: set[tuple[Action, int]] = set()
    wrong: list[tuple[Action, int]] = []
    stop = threading.Event()

    def read() -> None:
        while not stop.is_set():
            policy = policies.policy_for("acme")
            pair = (policy.action, policy.max_sources)
            seen.add(pair)
            if pair not in allowed:
                wrong.append(pair)

    def wait_for_action(action: Action) -> None:
        eventually(
            lambda: policies.policy_for("acme").action is action,
            what=f"the watcher to pick up the swap to {action}",
        )

    readers = [threading.Thread(target=read) for _ in range(2)]
    policies.start()
    for reader in readers:
        reader.start()
    try:
        for round_number in range(6):
            configmap.publish({"p.json": second if round_number % 2 == 0 else first})
            expected = Action.FLAG if round_number % 2 == 0 else Action.BLOCK
            wait_for_action(expected)
    finally:
        stop.set()
        for reader in readers:
            reader.join()
        policies.stop()
    assert wrong == []
    assert seen == allowed
    assert recorder.reloads == [True] * 6
