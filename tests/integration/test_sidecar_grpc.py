"""The gRPC surface besides ext_proc: GroundingService.Check, health, reflection, Unix socket."""

from __future__ import annotations

import tempfile
from collections.abc import Iterator
from pathlib import Path

import grpc
import pytest
from grpc_health.v1 import health_pb2, health_pb2_grpc
from grpc_reflection.v1alpha import reflection_pb2, reflection_pb2_grpc

from devtools.inprocess import InProcessSidecar
from grounding_sidecar.api.service import grounding_pb2, grounding_pb2_grpc
from tests.support.fake_detectors import FakeDetector

from .conftest import SidecarOutput, sidecar_settings
from .harness import GROUNDED, SOURCE, UNGROUNDED


@pytest.fixture(scope="module")
def sidecar(sidecar_output: SidecarOutput) -> Iterator[tuple[InProcessSidecar, str]]:
    folder = Path(tempfile.mkdtemp(prefix="grounding-sock-"))
    socket_path = str(folder / "sidecar.sock")
    server = InProcessSidecar(
        sidecar_settings(sidecar_output, "grpc", unix_socket=socket_path, health_port=0),
        FakeDetector(),
    ).start()
    yield server, socket_path
    server.stop()


def test_check_returns_the_check_json_fields(sidecar: tuple[InProcessSidecar, str]) -> None:
    server, _ = sidecar
    with grpc.insecure_channel(f"127.0.0.1:{server.port}") as channel:
        stub = grounding_pb2_grpc.GroundingServiceStub(channel)
        grounded = stub.Check(
            grounding_pb2.CheckRequest(sources=[SOURCE], answer=GROUNDED, workspace="block")
        )
        failed = stub.Check(grounding_pb2.CheckRequest(sources=[SOURCE], answer=UNGROUNDED))
    assert (grounded.verdict, grounded.grounded) == ("pass", True)
    assert grounded.version.startswith("grounding-v1/strict/hash")
    assert grounded.claims[0].evidence[0].passage_id.startswith("s0.")
    assert (failed.verdict, failed.grounded) == ("fail", False)
    assert failed.claims[0].verdict == "unsupported"


def test_check_rejects_an_empty_answer(sidecar: tuple[InProcessSidecar, str]) -> None:
    server, _ = sidecar
    with grpc.insecure_channel(f"127.0.0.1:{server.port}") as channel:
        stub = grounding_pb2_grpc.GroundingServiceStub(channel)
        with pytest.raises(grpc.RpcError) as caught:
            stub.Check(grounding_pb2.CheckRequest(sources=[SOURCE], answer="  "))
    assert caught.value.code() is grpc.StatusCode.INVALID_ARGUMENT


def test_health_on_the_health_port_and_the_unix_socket(
    sidecar: tuple[InProcessSidecar, str],
) -> None:
    server, socket_path = sidecar
    assert server.bound is not None and server.bound.health_port not in (None, server.port)
    for target in (f"127.0.0.1:{server.bound.health_port}", f"unix:{socket_path}"):
        with grpc.insecure_channel(target) as channel:
            stub = health_pb2_grpc.HealthStub(channel)
            for service in ("", "envoy.service.ext_proc.v3.ExternalProcessor"):
                reply = stub.Check(health_pb2.HealthCheckRequest(service=service))
                assert reply.status == health_pb2.HealthCheckResponse.SERVING


def test_reflection_lists_the_services(sidecar: tuple[InProcessSidecar, str]) -> None:
    server, _ = sidecar
    with grpc.insecure_channel(f"127.0.0.1:{server.port}") as channel:
        stub = reflection_pb2_grpc.ServerReflectionStub(channel)
        request = reflection_pb2.ServerReflectionRequest(list_services="")
        (reply,) = list(stub.ServerReflectionInfo(iter([request])))
    names = {s.name for s in reply.list_services_response.service}
    assert {
        "envoy.service.ext_proc.v3.ExternalProcessor",
        "grounding.v1.GroundingService",
        "grpc.health.v1.Health",
    } <= names
