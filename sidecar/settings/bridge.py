"""From `Settings` to what the rest of the sidecar is built from.

`serve_config` gives the ext_proc server's `ServeConfig` (the same field names, so
one configuration system feeds both); `policy_defaults` is the global
`GroundingPolicy` every workspace override applies to.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from sidecar.decision.settings import GroundingPolicy
from sidecar.settings.schema import Settings

if TYPE_CHECKING:
    from sidecar.extproc.config import ServeConfig


def policy_defaults(settings: Settings) -> GroundingPolicy:
    return GroundingPolicy(
        enabled=settings.enabled,
        action=settings.action,
        max_sources=settings.max_sources,
        max_source_length=settings.max_source_length,
        unknown=settings.unknown,
        claim_policy=settings.claim_policy,
    )


def serve_config(settings: Settings) -> ServeConfig:
    # Imported here: settings are loaded before (and without) the transport layer.
    from dataclasses import fields

    from sidecar.extproc.config import ServeConfig

    shared = {f.name: getattr(settings, f.name) for f in fields(ServeConfig)}
    return ServeConfig(**shared)
