"""Load `Settings`: defaults < YAML file < environment variables < command-line flags.

Per-workspace overrides sit on top of these at request time (the `workspaces` list of
the YAML file, then the watched ConfigMap directory).  Any invalid value stops
start-up with a `SettingsError` that names the key, where the value came from, and
the accepted values, in one line.
"""

from __future__ import annotations

import difflib
from collections.abc import Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import yaml

from grounding_sidecar.decision.policy import WorkspaceOverride, override_from_metadata
from grounding_sidecar.settings.schema import (
    FILE_ONLY_KEYS,
    SETTINGS,
    SPECS_BY_KEY,
    Settings,
)

_ALL_KEYS = tuple(spec.key for spec in SETTINGS) + FILE_ONLY_KEYS


class SettingsError(ValueError):
    """An unusable setting; `str()` is one line naming key, origin and accepted values."""

    def __init__(self, key: str, problem: str, *, origin: str = "", accepted: str = "") -> None:
        self.key = key
        self.origin = origin
        self.accepted = accepted
        where = f" (from {origin})" if origin else ""
        expected = f"; accepted: {accepted}" if accepted else ""
        super().__init__(f"setting {key}{where}: {problem}{expected}")


@dataclass(frozen=True, slots=True)
class _Value:
    raw: Any
    origin: str


def load_settings(
    *,
    config_file: Path | None = None,
    environ: Mapping[str, str] | None = None,
    flags: Mapping[str, Any] | None = None,
) -> Settings:
    """Merge the layers and validate.  `flags` keys may use `-` or `_`; None is unset."""
    merged: dict[str, _Value] = {}
    if config_file is not None:
        merged.update(_file_layer(config_file))
    if environ is not None:
        merged.update(_env_layer(environ))
    if flags:
        merged.update(_flag_layer(flags))
    values: dict[str, Any] = {}
    for key, value in merged.items():
        values[key.replace("-", "_")] = _parse(key, value)
    settings = Settings(**values)
    _check_combination(settings)
    return settings


def _file_layer(path: Path) -> dict[str, _Value]:
    try:
        document = yaml.safe_load(path.read_text(encoding="utf-8"))
    except (OSError, ValueError, RecursionError, yaml.YAMLError) as exc:
        # ValueError: bad UTF-8; RecursionError: nesting deeper than the parser's stack.
        raise SettingsError("config", f"cannot read {path}: {exc}".replace("\n", " ")) from exc
    if document is None:
        return {}
    if not isinstance(document, dict):
        raise SettingsError("config", f"{path} must hold a mapping of settings")
    layer: dict[str, _Value] = {}
    for raw_key, raw in document.items():
        key = str(raw_key).replace("_", "-")
        if key not in _ALL_KEYS:
            raise SettingsError(
                str(raw_key), "unknown setting" + _suggestion(key), origin=str(path)
            )
        if raw is not None:
            layer[key] = _Value(raw, str(path))
    return layer


def _env_layer(environ: Mapping[str, str]) -> dict[str, _Value]:
    # Only the documented variables are read.  Other GROUNDING_SIDECAR_* variables are
    # ignored rather than rejected: Kubernetes injects service-link variables
    # (GROUNDING_SIDECAR_SERVICE_HOST, ...) under the same prefix.
    layer: dict[str, _Value] = {}
    for spec in SETTINGS:
        if spec.env_var in environ:
            layer[spec.key] = _Value(environ[spec.env_var], spec.env_var)
    return layer


def _flag_layer(flags: Mapping[str, Any]) -> dict[str, _Value]:
    layer: dict[str, _Value] = {}
    for raw_key, raw in flags.items():
        key = raw_key.replace("_", "-")
        if raw is None:
            continue
        if key not in SPECS_BY_KEY:
            raise SettingsError(key, "unknown setting" + _suggestion(key), origin="flags")
        layer[key] = _Value(raw, f"--{key}")
    return layer


def _parse(key: str, value: _Value) -> Any:
    if key == "workspaces":
        return _workspaces(value)
    spec = SPECS_BY_KEY[key]
    try:
        return spec.parse(value.raw)
    except (ValueError, TypeError) as exc:
        problem = f"invalid value {value.raw!r}"
        if isinstance(value.raw, str) and value.raw.startswith("tcp://"):
            # A Service named grounding-sidecar makes Kubernetes set
            # GROUNDING_SIDECAR_PORT=tcp://...; say so instead of a bare parse error.
            problem += " (a Kubernetes service-link variable? set enableServiceLinks: false)"
        raise SettingsError(key, problem, origin=value.origin, accepted=spec.accepted) from exc


def _workspaces(value: _Value) -> dict[str, WorkspaceOverride]:
    accepted = "a list of {id: <workspace>, metadata: {grounding.<key>: <value>}}"
    if not isinstance(value.raw, list):
        raise SettingsError("workspaces", "must be a list", origin=value.origin, accepted=accepted)
    table: dict[str, WorkspaceOverride] = {}
    for entry in value.raw:
        if not isinstance(entry, dict) or not isinstance(entry.get("id"), str):
            raise SettingsError(
                "workspaces", "each entry needs a string id", origin=value.origin, accepted=accepted
            )
        metadata = entry.get("metadata") or {}
        if not isinstance(metadata, dict):
            raise SettingsError(
                "workspaces",
                f"metadata of {entry['id']} must be a mapping",
                origin=value.origin,
                accepted=accepted,
            )
        table[entry["id"]] = override_from_metadata(entry["id"], metadata)
    return table


def _check_combination(settings: Settings) -> None:
    if settings.port is None and settings.unix_socket is None:
        raise SettingsError("port", "no listener left", accepted="a port, or set unix-socket")
    if settings.policy_dir is not None and not Path(settings.policy_dir).is_dir():
        raise SettingsError(
            "policy-dir", f"{settings.policy_dir} is not a directory", accepted="a directory"
        )


def _suggestion(key: str) -> str:
    close = difflib.get_close_matches(key, _ALL_KEYS, n=1)
    return f" (did you mean {close[0]}?)" if close else ""
