"""Decisions: actions, per-workspace policy, refusal envelopes, observer hooks.

Sits between the wire formats and the detector: it reads `CheckResult`s and knows
nothing of Envoy; the ext_proc layer asks it what to do and does it.
"""

from grounding_sidecar.decision.actions import (
    Action,
    Delivery,
    HeldStreams,
    ReportLevel,
    UnknownHandling,
    delivery_for,
)
from grounding_sidecar.decision.decide import Decision, decide
from grounding_sidecar.decision.envelopes import (
    Refusal,
    RefusalCode,
    grounding_unavailable,
    grounding_unverified,
    hallucination_detected,
    invalid_request_body,
    invalid_sources,
    trace_id_from,
)
from grounding_sidecar.decision.observer import (
    NOOP_OBSERVER,
    CheckEvent,
    GroundingObserver,
    RequestRefusal,
    StreamSummary,
)
from grounding_sidecar.decision.outcome import (
    CheckOutcome,
    CheckPreparation,
    CheckService,
    Unchecked,
)
from grounding_sidecar.decision.policy import (
    GroundingPolicy,
    PolicySource,
    StaticPolicyTable,
    WorkspaceOverride,
    override_from_metadata,
)
from grounding_sidecar.decision.progressive import Release, progressive_release
from grounding_sidecar.decision.redaction import Redaction, redact
from grounding_sidecar.decision.report import Locate, grounding_report, report_level

__all__ = [
    "NOOP_OBSERVER",
    "Action",
    "CheckEvent",
    "CheckOutcome",
    "CheckPreparation",
    "CheckService",
    "Decision",
    "Delivery",
    "GroundingObserver",
    "GroundingPolicy",
    "HeldStreams",
    "Locate",
    "PolicySource",
    "Redaction",
    "Refusal",
    "RefusalCode",
    "Release",
    "ReportLevel",
    "RequestRefusal",
    "StaticPolicyTable",
    "StreamSummary",
    "Unchecked",
    "UnknownHandling",
    "WorkspaceOverride",
    "decide",
    "delivery_for",
    "grounding_report",
    "grounding_unavailable",
    "grounding_unverified",
    "hallucination_detected",
    "invalid_request_body",
    "invalid_sources",
    "override_from_metadata",
    "progressive_release",
    "redact",
    "report_level",
    "trace_id_from",
]
