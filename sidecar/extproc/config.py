"""Settings of `grounding-sidecar serve`: defaults < YAML file < command-line flags.

The YAML file is one flat mapping whose keys are the flag names without the leading
dashes (`port: 50051`, `action: BLOCK`), plus `workspaces`, a list in the gateway's
GitOps shape: `[{id: acme, metadata: {grounding.action: BLOCK}}]`.  Unknown keys are
an error, so a typo never silently leaves a default in force.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field, fields
from pathlib import Path
from typing import Any

import yaml

from sidecar.decision import (
    Action,
    GroundingPolicy,
    StaticPolicyTable,
    UnknownHandling,
    WorkspaceOverride,
    override_from_metadata,
)
from sidecar.detection.contract import ClaimPolicy
from sidecar.extproc.exchange import MIB, ExchangeLimits
from sidecar.extproc.server import ListenConfig


class ConfigError(ValueError):
    """The configuration cannot be used; the message names the key."""


@dataclass(frozen=True, slots=True)
class ServeConfig:
    # server
    host: str = "127.0.0.1"
    port: int | None = 50051
    unix_socket: str | None = None
    health_port: int | None = None
    grace_seconds: float = 10.0
    workers: int | None = None  # check threads; None: one per core
    log_level: str = "INFO"
    # detector (bound at start-up; the threshold is global)
    embedder: str = "minilm"
    similarity_threshold: float | None = None  # None: the embedder's calibrated default
    min_claim_words: int = 5
    # global grounding policy (SPEC section 6 defaults)
    enabled: bool = False
    action: Action = Action.LOG
    max_sources: int = 50
    max_source_length: int = 10_000
    unknown: UnknownHandling = UnknownHandling.DELIVER
    claim_policy: ClaimPolicy = ClaimPolicy.STRICT
    # exchange limits
    workspace_header: str = "x-workspace-id"
    max_response_bytes: int = MIB
    max_stream_bytes: int = MIB
    check_deadline: float = 5.0
    workspaces: Mapping[str, WorkspaceOverride] = field(default_factory=dict)

    def listen(self) -> ListenConfig:
        return ListenConfig(
            host=self.host,
            port=self.port,
            unix_socket=self.unix_socket,
            health_port=self.health_port,
            grace_seconds=self.grace_seconds,
        )

    def limits(self) -> ExchangeLimits:
        return ExchangeLimits(
            workspace_header=self.workspace_header.lower(),
            max_response_bytes=self.max_response_bytes,
            max_stream_bytes=self.max_stream_bytes,
        )

    def policies(self) -> StaticPolicyTable:
        defaults = GroundingPolicy(
            enabled=self.enabled,
            action=self.action,
            max_sources=self.max_sources,
            max_source_length=self.max_source_length,
            unknown=self.unknown,
            claim_policy=self.claim_policy,
        )
        return StaticPolicyTable(defaults, dict(self.workspaces))


_CONVERTERS: dict[str, Any] = {
    "action": lambda v: Action(str(v).upper()),
    "unknown": lambda v: UnknownHandling(str(v).lower()),
    "claim_policy": lambda v: ClaimPolicy(str(v).lower()),
}
_KEYS = {f.name for f in fields(ServeConfig)}


def load_yaml(path: Path) -> dict[str, Any]:
    try:
        document = yaml.safe_load(path.read_text(encoding="utf-8"))
    except (OSError, yaml.YAMLError) as exc:
        raise ConfigError(f"cannot read config file {path}: {exc}") from exc
    if document is None:
        return {}
    if not isinstance(document, dict):
        raise ConfigError(f"config file {path} must hold a mapping")
    return {str(key).replace("-", "_"): value for key, value in document.items()}


def build_config(*layers: Mapping[str, Any]) -> ServeConfig:
    """Merge layers (later wins; None values are 'not set') into a validated config."""
    merged: dict[str, Any] = {}
    for layer in layers:
        merged.update({k: v for k, v in layer.items() if v is not None})
    unknown_keys = sorted(set(merged) - _KEYS)
    if unknown_keys:
        raise ConfigError(f"unknown setting(s): {', '.join(unknown_keys)}")
    values: dict[str, Any] = {}
    for name, raw in merged.items():
        try:
            if name == "workspaces":
                values[name] = _workspaces(raw)
            elif name in _CONVERTERS:
                values[name] = _CONVERTERS[name](raw)
            else:
                values[name] = raw
        except (ValueError, TypeError) as exc:
            raise ConfigError(f"{name.replace('_', '-')}: {exc}") from exc
    config = ServeConfig(**values)
    _validate(config)
    return config


def _workspaces(raw: Any) -> dict[str, WorkspaceOverride]:
    if not isinstance(raw, list):
        raise ValueError("must be a list of {id, metadata}")
    table: dict[str, WorkspaceOverride] = {}
    for entry in raw:
        if not isinstance(entry, dict) or not isinstance(entry.get("id"), str):
            raise ValueError("each workspace needs a string id")
        metadata = entry.get("metadata") or {}
        if not isinstance(metadata, dict):
            raise ValueError(f"workspace {entry['id']}: metadata must be a mapping")
        table[entry["id"]] = override_from_metadata(entry["id"], metadata)
    return table


def _validate(config: ServeConfig) -> None:
    positive = ("max_sources", "max_source_length", "max_response_bytes", "max_stream_bytes")
    for name in positive:
        if not isinstance(getattr(config, name), int) or getattr(config, name) <= 0:
            raise ConfigError(f"{name.replace('_', '-')} must be a positive integer")
    if config.check_deadline <= 0 or config.grace_seconds < 0:
        raise ConfigError("check-deadline must be positive and grace-seconds not negative")
    if config.port is None and config.unix_socket is None:
        raise ConfigError("set a TCP port or a unix-socket (or both)")
    if config.similarity_threshold is not None and not 0 < config.similarity_threshold <= 1:
        raise ConfigError("similarity-threshold must be in (0, 1]")
