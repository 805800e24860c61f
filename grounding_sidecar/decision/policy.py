"""Effective grounding policy per workspace (docs/contract.md#workspace-overrides).

`GroundingPolicy` is what one exchange needs to know about its workspace.  A
`PolicySource` answers it for a workspace id; `StaticPolicyTable` is a fixed table,
and the ConfigMap watcher (`settings/configmap.py`) implements the same protocol.
Overrides use the gateway's GitOps key shape (`grounding.action: "BLOCK"`).
"""

from __future__ import annotations

import json
import logging
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field, fields, replace
from typing import Any, Protocol

from grounding_sidecar.decision.actions import Action, HeldStreams, ReportLevel, UnknownHandling
from grounding_sidecar.detection.contract import ClaimPolicy

log = logging.getLogger(__name__)


@dataclass(frozen=True, slots=True)
class GroundingPolicy:
    """Per-workspace settings; the defaults are the global ones (docs/contract.md#defaults)."""

    enabled: bool = False
    action: Action = Action.LOG
    max_sources: int = 50
    max_source_length: int = 10_000
    unknown: UnknownHandling = UnknownHandling.DELIVER
    # What BLOCK does with an `unknown` the client can cause by going past a limit
    # (sources dropped, an answer longer than is checked): refused unless a workspace
    # opts out, so padding a request cannot deliver an unverified answer.
    unverifiable: UnknownHandling = UnknownHandling.BLOCK
    claim_policy: ClaimPolicy = ClaimPolicy.STRICT
    references: tuple[str, ...] = ()  # approved external passages (claim policy `classed`)
    # The most of the verdict an answer may carry; a request may ask for less.
    report: ReportLevel = ReportLevel.NONE
    delivery: HeldStreams = HeldStreams.DEFERRED  # how BLOCK and REDACT release a stream


class PolicySource(Protocol):
    def policy_for(self, workspace_id: str | None) -> GroundingPolicy:
        """The effective policy: a request without a workspace id gets the defaults, an
        id the table does not know gets the fallback workspace's policy when one is
        configured (`unknown-workspace-policy`), else the defaults."""

    def knows(self, workspace_id: str) -> bool:
        """Whether the table has `workspace_id` (ids are compared exactly)."""


@dataclass(frozen=True, slots=True)
class WorkspaceOverride:
    """Keys a workspace sets; None falls back to the global value."""

    enabled: bool | None = None
    action: Action | None = None
    max_sources: int | None = None
    max_source_length: int | None = None
    unknown: UnknownHandling | None = None
    unverifiable: UnknownHandling | None = None
    claim_policy: ClaimPolicy | None = None
    references: tuple[str, ...] | None = None
    report: ReportLevel | None = None
    delivery: HeldStreams | None = None

    def apply_to(self, defaults: GroundingPolicy) -> GroundingPolicy:
        changes = {f.name: getattr(self, f.name) for f in fields(self)}
        return replace(defaults, **{k: v for k, v in changes.items() if v is not None})


@dataclass(slots=True)
class StaticPolicyTable:
    """Global defaults plus a fixed per-workspace table (resolved once, looked up per call)."""

    defaults: GroundingPolicy = field(default_factory=GroundingPolicy)
    overrides: Mapping[str, WorkspaceOverride] = field(default_factory=dict)
    fallback: str | None = None  # the workspace whose policy unknown ids get
    _effective: dict[str, GroundingPolicy] = field(init=False, repr=False)

    def __post_init__(self) -> None:
        self._effective = {ws: o.apply_to(self.defaults) for ws, o in self.overrides.items()}

    def policy_for(self, workspace_id: str | None) -> GroundingPolicy:
        return resolve_policy(self._effective, self.defaults, workspace_id, self.fallback)

    def knows(self, workspace_id: str) -> bool:
        return workspace_id in self._effective


def resolve_policy(
    effective: Mapping[str, GroundingPolicy],
    defaults: GroundingPolicy,
    workspace_id: str | None,
    fallback: str | None,
) -> GroundingPolicy:
    """The one lookup rule of every `PolicySource` (see `PolicySource.policy_for`)."""
    if workspace_id is None:
        return defaults
    policy = effective.get(workspace_id)
    if policy is not None:
        return policy
    if fallback is not None:
        return effective.get(fallback, defaults)
    return defaults


def _parse_bool(text: str) -> bool:
    lowered = text.strip().lower()
    if lowered in ("true", "1", "yes", "on"):
        return True
    if lowered in ("false", "0", "no", "off"):
        return False
    raise ValueError(f"not a boolean: {text!r}")


def _parse_positive_int(text: str) -> int:
    value = int(text.strip())
    if value <= 0:
        raise ValueError(f"must be positive: {text!r}")
    return value


# A workspace's approved references are checked like sources, so they get the sources'
# default bounds (docs/contract.md#workspace-overrides).
MAX_REFERENCES = 50
MAX_REFERENCE_LENGTH = 10_000


def _parse_references(raw: object) -> tuple[str, ...]:
    """A list of non-blank strings, written as a YAML/JSON list or as a string holding
    a JSON array (metadata maps are often string to string)."""
    if isinstance(raw, str):
        try:
            raw = json.loads(raw)
        except ValueError as exc:
            raise ValueError("references: not a JSON array of strings") from exc
    if not isinstance(raw, list) or not all(isinstance(r, str) and r.strip() for r in raw):
        raise ValueError("references: expected a list of non-blank strings")
    if len(raw) > MAX_REFERENCES or any(len(r) > MAX_REFERENCE_LENGTH for r in raw):
        raise ValueError(
            f"references: at most {MAX_REFERENCES} of at most {MAX_REFERENCE_LENGTH} characters"
        )
    return tuple(raw)


_PRIVATE_FIELDS = frozenset({"references"})  # the workspace's documents: never logged


def _text(parse: Callable[[str], Any]) -> Callable[[object], Any]:
    """A parser of one scalar value, written as YAML gives it (a number, a boolean)."""
    return lambda raw: parse(str(raw))


_METADATA_KEYS: dict[str, tuple[str, Callable[[object], Any]]] = {
    "grounding.enabled": ("enabled", _text(_parse_bool)),
    "grounding.action": ("action", _text(lambda s: Action(s.strip().upper()))),
    "grounding.max-sources": ("max_sources", _text(_parse_positive_int)),
    "grounding.max-source-length": ("max_source_length", _text(_parse_positive_int)),
    "grounding.unknown": ("unknown", _text(lambda s: UnknownHandling(s.strip().lower()))),
    "grounding.unverifiable": (
        "unverifiable",
        _text(lambda s: UnknownHandling(s.strip().lower())),
    ),
    "grounding.claim-policy": ("claim_policy", _text(lambda s: ClaimPolicy(s.strip().lower()))),
    "grounding.references": ("references", _parse_references),
    "grounding.report": ("report", _text(lambda s: ReportLevel(s.strip().lower()))),
    "grounding.delivery": ("delivery", _text(lambda s: HeldStreams(s.strip().lower()))),
}


def override_from_metadata(workspace_id: str, metadata: Mapping[str, Any]) -> WorkspaceOverride:
    """Parse GitOps-style metadata; an unparseable value warns and falls back to global."""
    values: dict[str, Any] = {}
    for key, raw in metadata.items():
        target = _METADATA_KEYS.get(key)
        if target is None:
            continue  # other products' keys share the same metadata map
        name, parse = target
        try:
            values[name] = parse(raw)
        except ValueError:
            shown = "<withheld>" if name in _PRIVATE_FIELDS else repr(raw)
            log.warning(
                "workspace %s: ignoring %s=%s (using the global value)", workspace_id, key, shown
            )
    return WorkspaceOverride(**values)
