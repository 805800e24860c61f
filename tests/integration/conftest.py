"""Long-lived fixtures: Envoy is started from the pytest process (it dies with its
parent), on loopback, with every port chosen at run time."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from sidecar.devtools.envoy_process import EnvoyEndpoints, EnvoyProcess, render_config
from sidecar.devtools.inprocess import InProcessSidecar
from sidecar.devtools.mock_upstream import MockUpstream
from sidecar.extproc.config import ServeConfig, build_config

from .harness import MarkerDetector, Recorder, Stack

WORKSPACES = [
    {"id": "log", "metadata": {"grounding.action": "LOG"}},
    {"id": "flag", "metadata": {"grounding.action": "FLAG"}},
    {"id": "block", "metadata": {"grounding.action": "BLOCK"}},
    {
        "id": "block-unknown",
        "metadata": {"grounding.action": "BLOCK", "grounding.unknown": "block"},
    },
    {"id": "off", "metadata": {"grounding.enabled": "false", "grounding.action": "BLOCK"}},
]
LIMITS = {"max_response_bytes": 16 * 1024, "max_stream_bytes": 16 * 1024}


def sidecar_config(**overrides: object) -> ServeConfig:
    return build_config(
        {
            "port": 0,
            "enabled": True,
            "embedder": "hash",
            "check_deadline": 1.0,
            # Slow-marker checks hold a thread past their deadline; keep others free.
            "workers": 4,
            "workspaces": WORKSPACES,
            **LIMITS,
            **overrides,
        }
    )


@pytest.fixture(scope="session")
def upstream() -> Iterator[MockUpstream]:
    server = MockUpstream().start()
    yield server
    server.stop()


def start_envoy(upstream_port: int, sidecar_port: int) -> EnvoyProcess:
    endpoints = EnvoyEndpoints("127.0.0.1", upstream_port, "127.0.0.1", sidecar_port)
    return EnvoyProcess(render_config(endpoints), log_level="warning").start()


@pytest.fixture(scope="session")
def stack(upstream: MockUpstream) -> Iterator[Stack]:
    recorder = Recorder()
    sidecar = InProcessSidecar(sidecar_config(), MarkerDetector(delay=2.0), recorder).start()
    envoy = start_envoy(upstream.port, sidecar.port)
    yield Stack(envoy=envoy, upstream=upstream, sidecar=sidecar, recorder=recorder)
    envoy.stop()
    sidecar.stop()
