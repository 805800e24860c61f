"""The Prometheus scrape endpoint."""

from __future__ import annotations

from devtools.serving import metrics_text
from grounding_sidecar.decision import CheckOutcome
from grounding_sidecar.observability.metrics import GroundingMetrics
from grounding_sidecar.observability.metrics_http import start_metrics_server
from tests.support.observability_helpers import GROUNDED_ANSWER, check, event


def test_http_endpoint_serves_the_registry() -> None:
    metrics = GroundingMetrics()
    metrics.on_check(event(CheckOutcome(check(GROUNDED_ANSWER))))
    server = start_metrics_server(metrics, "127.0.0.1", 0)
    try:
        body = metrics_text(server.port)
    finally:
        server.stop()
    assert 'gateway_grounding_check_total{action="LOG",grounded="true"} 1.0' in body
