"""From `Settings` to the policy objects the request path reads.

`policy_defaults` is the global `GroundingPolicy` every workspace override applies
to; `static_policies` adds the YAML file's `workspaces` (used when no ConfigMap
directory is watched).  The transport's own projections are in
`grounding_sidecar/app/config.py`.
"""

from __future__ import annotations

from grounding_sidecar.decision.policy import GroundingPolicy, StaticPolicyTable
from grounding_sidecar.settings.schema import Settings


def policy_defaults(settings: Settings) -> GroundingPolicy:
    return GroundingPolicy(
        enabled=settings.enabled,
        action=settings.action,
        max_sources=settings.max_sources,
        max_source_length=settings.max_source_length,
        unknown=settings.unknown,
        claim_policy=settings.claim_policy,
    )


def static_policies(settings: Settings) -> StaticPolicyTable:
    return StaticPolicyTable(policy_defaults(settings), dict(settings.workspaces))
