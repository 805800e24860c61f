"""What the transport layer takes from `Settings` (the one configuration system).

Every setting, its default, YAML key, environment variable and flag live in
`grounding_sidecar/settings/schema.py`; this module only projects them onto the server's
listeners and the exchange's byte limits, so no field list is repeated here.
"""

from __future__ import annotations

from grounding_sidecar.app.server import ListenConfig
from grounding_sidecar.extproc.exchange import ExchangeLimits
from grounding_sidecar.settings import Settings


def listen_config(settings: Settings) -> ListenConfig:
    return ListenConfig(
        host=settings.host,
        port=settings.port,
        unix_socket=settings.unix_socket,
        health_port=settings.health_port,
        grace_seconds=settings.grace_seconds,
    )


def exchange_limits(settings: Settings) -> ExchangeLimits:
    return ExchangeLimits(
        # Envoy hands header names over lower-cased.
        workspace_header=settings.workspace_header.lower(),
        max_response_bytes=settings.max_response_bytes,
        max_stream_bytes=settings.max_stream_bytes,
    )
