"""Per-workspace overrides from a mounted ConfigMap directory, reloaded without restart.

The directory holds JSON or YAML files in the gateway's GitOps-export shape:

    {"workspaces": [{"id": "acme-corp", "metadata": {"grounding.action": "BLOCK"}}]}

Kubernetes updates a mounted ConfigMap by writing a new `..<timestamp>` directory and
swapping the `..data` symlink; the visible files are symlinks through `..data`.  A
poller thread compares a fingerprint of the resolved files (path, inode, size, mtime)
every `poll_seconds`, which sees both that swap and a plain rewrite in place.

The request path only reads `self._snapshot`, an immutable mapping replaced whole by
the poller: no lock, and a request sees either the old or the new table, never a mix.
"""

from __future__ import annotations

import json
import logging
import os
import threading
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, fields
from enum import Enum
from pathlib import Path
from types import MappingProxyType
from typing import Any

import yaml

from grounding_sidecar.decision.policy import (
    GroundingPolicy,
    WorkspaceOverride,
    override_from_metadata,
    resolve_policy,
)

log = logging.getLogger(__name__)

POLICY_FILE_SUFFIXES = (".json", ".yaml", ".yml")


class PolicyFileError(ValueError):
    """A policy file that cannot be parsed or has the wrong shape."""


@dataclass(frozen=True, slots=True)
class KeyChange:
    """One changed key of a workspace; None means "not set" (the global value applies)."""

    old: str | None
    new: str | None

    def to_dict(self) -> dict[str, str | None]:
        return {"old": self.old, "new": self.new}


class PolicyListener:
    """Told about reloads (metrics) and applied changes (audit).  Must not raise."""

    def on_policy_reload(self, ok: bool) -> None:
        """A changed directory was read: applied (True) or kept the last good (False)."""

    def on_workspace_changed(self, workspace_id: str, changes: Mapping[str, KeyChange]) -> None:
        """A reload changed these keys of one workspace."""


@dataclass(frozen=True, slots=True)
class PolicySnapshot:
    overrides: Mapping[str, WorkspaceOverride]  # from the directory only
    effective: Mapping[str, GroundingPolicy]


def metadata_key(field_name: str) -> str:
    """`max_sources` -> `grounding.max-sources` (the GitOps key of a policy field)."""
    return "grounding." + field_name.replace("_", "-")


def override_keys(override: WorkspaceOverride) -> dict[str, str]:
    """The keys a workspace sets, as GitOps keys with normalised string values."""
    keys: dict[str, str] = {}
    for f in fields(override):
        value = getattr(override, f.name)
        if value is None:
            continue
        if isinstance(value, bool):
            keys[metadata_key(f.name)] = "true" if value else "false"
        elif isinstance(value, Enum):
            keys[metadata_key(f.name)] = str(value.value)
        elif isinstance(value, tuple):
            keys[metadata_key(f.name)] = f"{len(value)} passages"  # never the text
        else:
            keys[metadata_key(f.name)] = str(value)
    return keys


def diff_overrides(
    old: Mapping[str, WorkspaceOverride], new: Mapping[str, WorkspaceOverride]
) -> dict[str, dict[str, KeyChange]]:
    """Per workspace, the keys whose value changed (added and removed included)."""
    empty = WorkspaceOverride()
    changed: dict[str, dict[str, KeyChange]] = {}
    for workspace in sorted(set(old) | set(new)):
        before = override_keys(old.get(workspace, empty))
        after = override_keys(new.get(workspace, empty))
        keys = {
            key: KeyChange(before.get(key), after.get(key))
            for key in sorted(set(before) | set(after))
            if before.get(key) != after.get(key)
        }
        if keys:
            changed[workspace] = keys
    return changed


def parse_policy_document(text: str, name: str) -> list[tuple[str, Mapping[str, Any]]]:
    """(workspace id, metadata) pairs of one file; PolicyFileError if unusable."""
    try:
        document = json.loads(text) if name.endswith(".json") else yaml.safe_load(text)
    except (ValueError, RecursionError, yaml.YAMLError) as exc:  # RecursionError: nesting
        raise PolicyFileError(f"{name}: cannot parse: {exc}".replace("\n", " ")) from exc
    # An empty file is refused, not read as "no workspaces": a file caught mid-rewrite
    # (truncated, not yet written) must keep the last good table, not clear it.
    if not isinstance(document, dict) or not isinstance(document.get("workspaces"), list):
        raise PolicyFileError(f"{name}: expected a mapping with a `workspaces` list")
    entries: list[tuple[str, Mapping[str, Any]]] = []
    for entry in document["workspaces"]:
        if not isinstance(entry, dict) or not isinstance(entry.get("id"), str):
            raise PolicyFileError(f"{name}: every workspace needs a string `id`")
        metadata = entry.get("metadata") or {}
        if not isinstance(metadata, dict):
            raise PolicyFileError(f"{name}: metadata of {entry['id']} must be a mapping")
        entries.append((entry["id"], metadata))
    return entries


Fingerprint = tuple[tuple[str, str, int, int, int], ...]


def directory_fingerprint(directory: Path) -> Fingerprint:
    """What identifies the current content: each policy file's resolved target and stat."""
    items: list[tuple[str, str, int, int, int]] = []
    for path in _policy_files(directory):
        try:
            stat = path.stat()  # follows the ..data symlinks
            items.append(
                (path.name, os.path.realpath(path), stat.st_ino, stat.st_size, stat.st_mtime_ns)
            )
        except FileNotFoundError:
            continue  # vanished between listing and stat: the next poll sees the new set
    return tuple(items)


def _policy_files(directory: Path) -> list[Path]:
    try:
        names = sorted(os.listdir(directory))
    except FileNotFoundError:
        return []
    # Names starting with "." are Kubernetes' own (..data, ..2024_...): the visible
    # symlinks already point through them.
    return [
        directory / name
        for name in names
        if not name.startswith(".") and name.endswith(POLICY_FILE_SUFFIXES)
    ]


def read_overrides(directory: Path) -> dict[str, WorkspaceOverride]:
    """Every workspace of every file; raises PolicyFileError on any unusable file."""
    overrides: dict[str, WorkspaceOverride] = {}
    for path in _policy_files(directory):
        try:
            text = path.read_text(encoding="utf-8")
        except FileNotFoundError:
            continue
        except (OSError, UnicodeDecodeError) as exc:
            raise PolicyFileError(f"{path.name}: cannot read: {exc}") from exc
        for workspace_id, metadata in parse_policy_document(text, path.name):
            if workspace_id in overrides:
                log.warning("workspace %s is set in several files; %s wins", workspace_id, path)
            overrides[workspace_id] = override_from_metadata(workspace_id, metadata)
    return overrides


class ConfigMapPolicySource:
    """A `PolicySource` over global defaults, static overrides and a watched directory.

    Precedence per key: the directory's value, else the static (YAML file) override,
    else the global default.  A file that does not parse at start-up raises
    `PolicyFileError` (start-up stops); later, it keeps the last good table.
    """

    def __init__(
        self,
        directory: Path,
        defaults: GroundingPolicy,
        *,
        static: Mapping[str, WorkspaceOverride] | None = None,
        listeners: Sequence[PolicyListener] = (),
        poll_seconds: float = 1.0,
        fallback: str | None = None,
    ) -> None:
        self.directory = directory
        self.defaults = defaults
        self.fallback = fallback
        self._static = dict(static or {})
        self._listeners = tuple(listeners)
        self.poll_seconds = poll_seconds
        self._stop = threading.Event()
        self._thread: threading.Thread | None = None
        self._fingerprint = directory_fingerprint(directory)
        self._snapshot = self._build(read_overrides(directory))

    # -- request path -------------------------------------------------------

    def policy_for(self, workspace_id: str | None) -> GroundingPolicy:
        return resolve_policy(self._snapshot.effective, self.defaults, workspace_id, self.fallback)

    def knows(self, workspace_id: str) -> bool:
        return workspace_id in self._snapshot.effective

    @property
    def snapshot(self) -> PolicySnapshot:
        return self._snapshot

    # -- reloading ------------------------------------------------------------

    def poll(self) -> bool:
        """Reload if the directory changed; True when a new table was applied."""
        fingerprint = directory_fingerprint(self.directory)
        if fingerprint == self._fingerprint:
            return False
        try:
            overrides = read_overrides(self.directory)
        except PolicyFileError as exc:
            # Remember this content as seen: one failure per broken version, not per poll.
            self._fingerprint = fingerprint
            log.error("policy reload failed, keeping the last good configuration: %s", exc)
            self._tell(lambda listener: listener.on_policy_reload(False))
            return False
        if directory_fingerprint(self.directory) != fingerprint:
            return False  # rewritten while being read: read it again next poll
        old = self._snapshot.overrides
        self._snapshot = self._build(overrides)
        self._fingerprint = fingerprint
        changes = diff_overrides(old, overrides)
        log.info("policy reloaded from %s: %d workspace(s) changed", self.directory, len(changes))
        self._tell(lambda listener: listener.on_policy_reload(True))
        for workspace_id, keys in changes.items():
            self._tell_changed(workspace_id, keys)
        return True

    def start(self) -> None:
        if self._thread is not None:
            return
        self._thread = threading.Thread(
            target=self._run, name="grounding-policy-watch", daemon=True
        )
        self._thread.start()

    def stop(self) -> None:
        self._stop.set()
        if self._thread is not None:
            self._thread.join(timeout=5)
            self._thread = None

    def _run(self) -> None:
        while not self._stop.wait(self.poll_seconds):
            try:
                self.poll()
            except Exception:  # the watcher must outlive any surprise in one poll
                log.exception("policy poll failed")

    def _build(self, overrides: Mapping[str, WorkspaceOverride]) -> PolicySnapshot:
        effective: dict[str, GroundingPolicy] = {}
        for workspace in set(self._static) | set(overrides):
            policy = self.defaults
            if workspace in self._static:
                policy = self._static[workspace].apply_to(policy)
            if workspace in overrides:
                policy = overrides[workspace].apply_to(policy)
            effective[workspace] = policy
        return PolicySnapshot(
            overrides=MappingProxyType(dict(overrides)), effective=MappingProxyType(effective)
        )

    def _tell(self, call: Callable[[PolicyListener], None]) -> None:
        for listener in self._listeners:
            try:
                call(listener)
            except Exception:  # a metrics or audit bug must not stop reloads
                log.exception("policy listener failed")

    def _tell_changed(self, workspace_id: str, keys: Mapping[str, KeyChange]) -> None:
        self._tell(lambda listener: listener.on_workspace_changed(workspace_id, keys))
