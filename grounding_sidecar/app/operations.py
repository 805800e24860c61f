"""Everything operational that `serve` starts from `Settings`, and stops at exit.

ops = start_operations(settings, definition_version=grader.version(settings.claim_policy))
context = ExchangeContext(policies=ops.policies, observer=ops.observer, ...)
...
ops.close()
"""

from __future__ import annotations

import logging
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

from grounding_sidecar.decision.observer import GroundingObserver
from grounding_sidecar.decision.policy import PolicySource
from grounding_sidecar.detection.contract import ClaimPolicy
from grounding_sidecar.observability.audit import AuditObserver, AuditWriter, open_sink
from grounding_sidecar.observability.fanout import ObserverFanout
from grounding_sidecar.observability.metrics import GroundingMetrics
from grounding_sidecar.observability.metrics_http import MetricsServer, start_metrics_server
from grounding_sidecar.observability.tracing import Tracing, setup_tracing
from grounding_sidecar.settings.bridge import policy_defaults, static_policies
from grounding_sidecar.settings.configmap import ConfigMapPolicySource
from grounding_sidecar.settings.schema import Settings

log = logging.getLogger(__name__)


@dataclass(slots=True)
class Operations:
    metrics: GroundingMetrics
    audit: AuditObserver
    audit_writer: AuditWriter
    tracing: Tracing
    policies: PolicySource
    observer: GroundingObserver
    metrics_server: MetricsServer | None
    watcher: ConfigMapPolicySource | None

    def close(self) -> None:
        if self.watcher is not None:
            self.watcher.stop()
        if self.metrics_server is not None:
            self.metrics_server.stop()
        self.tracing.shutdown()
        self.audit_writer.close()


def start_operations(
    settings: Settings,
    *,
    definition_version: str | None,
    version_for: Callable[[ClaimPolicy], str] | None = None,
) -> Operations:
    """Metrics endpoint, audit writer, tracing and the policy source, all started.

    Raises `PolicyFileError` when the policy directory does not parse at start-up and
    `TracingUnavailable` when OTLP export is set without its package.
    """
    metrics = GroundingMetrics()
    if definition_version is not None:
        metrics.set_definition_version(definition_version)
    stream = open_sink(settings.audit_sink)
    writer = AuditWriter(
        stream,
        queue_size=settings.audit_queue_size,
        on_written=metrics.audit_written,
        on_dropped=metrics.audit_dropped_one,
        close_stream=settings.audit_sink not in ("stdout", "stderr"),
    )
    audit = AuditObserver(
        writer,
        definition_version=definition_version,
        version_for=version_for,
        policy_dir=settings.policy_dir,
    )
    tracing = setup_tracing(
        otlp_endpoint=settings.otlp_endpoint, service_name=settings.otel_service_name
    )
    defaults = policy_defaults(settings)
    watcher: ConfigMapPolicySource | None = None
    policies: PolicySource
    if settings.policy_dir is not None:
        watcher = ConfigMapPolicySource(
            Path(settings.policy_dir),
            defaults,
            static=settings.workspaces,
            listeners=(metrics, audit),
            poll_seconds=settings.policy_poll_seconds,
        )
        watcher.start()
        policies = watcher
    else:
        policies = static_policies(settings)
    server = None
    if settings.metrics_port is not None:
        server = start_metrics_server(metrics, settings.metrics_host, settings.metrics_port)
        log.info("metrics on http://%s:%d/metrics", server.host, server.port)
    return Operations(
        metrics=metrics,
        audit=audit,
        audit_writer=writer,
        tracing=tracing,
        policies=policies,
        observer=ObserverFanout((metrics, audit)),
        metrics_server=server,
        watcher=watcher,
    )
