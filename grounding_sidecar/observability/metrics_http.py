"""The Prometheus scrape endpoint: prometheus-client's HTTP server on its own thread."""

from __future__ import annotations

from dataclasses import dataclass
from threading import Thread
from wsgiref.simple_server import WSGIServer

from prometheus_client import start_http_server

from grounding_sidecar.observability.metrics import GroundingMetrics


@dataclass(slots=True)
class MetricsServer:
    host: str
    port: int  # the bound port (useful when 0 asked for any free one)
    _server: WSGIServer
    _thread: Thread

    def stop(self) -> None:
        self._server.shutdown()
        self._server.server_close()
        self._thread.join(timeout=5)


def start_metrics_server(metrics: GroundingMetrics, host: str, port: int) -> MetricsServer:
    """Serve `/metrics` (any path, in fact) for `metrics.registry` on host:port."""
    server, thread = start_http_server(port, addr=host, registry=metrics.registry)
    bound_port = int(server.server_address[1])
    return MetricsServer(host, bound_port, server, thread)
