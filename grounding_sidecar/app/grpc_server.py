"""The gRPC server: ext_proc, GroundingService, health and reflection.

Health checking (`grpc.health.v1`) is also served on its own TCP port when one is
given, because kubelet probes cannot reach a Unix socket.  `stop()` is graceful:
health turns NOT_SERVING, new RPCs are refused, in-flight streams get the grace
period, then after-delivery checks are drained.
"""

from __future__ import annotations

import logging
from dataclasses import dataclass
from typing import Any

import grpc
from envoy.service.ext_proc.v3 import external_processor_pb2, external_processor_pb2_grpc
from grpc_health.v1 import health, health_pb2, health_pb2_grpc
from grpc_reflection.v1alpha import reflection

from grounding_sidecar.api.service import GroundingService, grounding_pb2, grounding_pb2_grpc
from grounding_sidecar.app.checks import CheckRunner
from grounding_sidecar.extproc.exchange import ExchangeContext
from grounding_sidecar.extproc.servicer import ExternalProcessor

log = logging.getLogger(__name__)

EXT_PROC_SERVICE = external_processor_pb2.DESCRIPTOR.services_by_name["ExternalProcessor"].full_name
GROUNDING_SERVICE = grounding_pb2.DESCRIPTOR.services_by_name["GroundingService"].full_name
# gRPC Python sets SO_REUSEPORT by default, which lets two servers share a port by
# accident (a stale sidecar keeps answering); a bind conflict must be an error.
SERVER_OPTIONS: list[tuple[str, Any]] = [("grpc.so_reuseport", 0)]


@dataclass(frozen=True, slots=True)
class ListenConfig:
    host: str = "127.0.0.1"
    port: int | None = 50051  # None: no TCP listener; 0: any free port
    unix_socket: str | None = None
    health_port: int | None = None  # separate TCP port for health; 0: any free port
    grace_seconds: float = 10.0


@dataclass(frozen=True, slots=True)
class BoundAddresses:
    port: int | None
    unix_socket: str | None
    health_port: int | None


class GroundingServer:
    def __init__(self, context: ExchangeContext, checks: CheckRunner, listen: ListenConfig) -> None:
        """`checks` is the runner behind `context.checks`: the server drains and closes it."""
        if listen.port is None and listen.unix_socket is None:
            raise ValueError("the server needs a TCP port or a Unix socket")
        self.context = context
        self.checks = checks
        self.listen = listen
        self.processor = ExternalProcessor(context)
        self._health = health.aio.HealthServicer()
        self._server = grpc.aio.server(options=SERVER_OPTIONS)
        self._health_server: grpc.aio.Server | None = None
        self.bound: BoundAddresses | None = None

    async def start(self) -> BoundAddresses:
        server = self._server
        external_processor_pb2_grpc.add_ExternalProcessorServicer_to_server(self.processor, server)
        grounding_pb2_grpc.add_GroundingServiceServicer_to_server(
            GroundingService(self.checks, self.context.policies), server
        )
        health_pb2_grpc.add_HealthServicer_to_server(self._health, server)
        names = (
            EXT_PROC_SERVICE,
            GROUNDING_SERVICE,
            health_pb2.DESCRIPTOR.services_by_name["Health"].full_name,
            reflection.SERVICE_NAME,
        )
        reflection.enable_server_reflection(names, server)
        port = None
        if self.listen.port is not None:
            port = server.add_insecure_port(f"{self.listen.host}:{self.listen.port}")
        if self.listen.unix_socket is not None:
            server.add_insecure_port(f"unix:{self.listen.unix_socket}")
        health_port = await self._start_health_server()
        for service in ("", EXT_PROC_SERVICE, GROUNDING_SERVICE):
            await self._health.set(service, health_pb2.HealthCheckResponse.SERVING)
        await server.start()
        self.bound = BoundAddresses(port, self.listen.unix_socket, health_port or port)
        log.info("grounding sidecar listening: %s", self.bound)
        return self.bound

    async def _start_health_server(self) -> int | None:
        if self.listen.health_port is None:
            return None
        health_server = grpc.aio.server(options=SERVER_OPTIONS)
        health_pb2_grpc.add_HealthServicer_to_server(self._health, health_server)
        reflection.enable_server_reflection(
            (health_pb2.DESCRIPTOR.services_by_name["Health"].full_name, reflection.SERVICE_NAME),
            health_server,
        )
        port: int = health_server.add_insecure_port(f"{self.listen.host}:{self.listen.health_port}")
        await health_server.start()
        self._health_server = health_server
        return port

    async def stop(self, grace: float | None = None) -> None:
        grace = self.listen.grace_seconds if grace is None else grace
        await self._health.enter_graceful_shutdown()  # probes fail first
        await self._server.stop(grace)
        await self.checks.drain(timeout=grace)
        if self._health_server is not None:
            await self._health_server.stop(0)
        self.checks.close()
