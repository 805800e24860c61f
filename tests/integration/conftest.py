"""Long-lived fixtures: Envoy is started from the pytest process (it dies with its
parent), on loopback, with every port chosen at run time.

Every sidecar these fixtures start writes its audit events and logs under one
session directory (`sidecar_output`); `test_privacy.py` scans all of it at the end
of the run (`pytest_collection_modifyitems` orders it last).
"""

from __future__ import annotations

import logging
from collections.abc import Iterator
from dataclasses import replace
from pathlib import Path

import pytest

from devtools.envoy_process import EnvoyEndpoints, EnvoyProcess, render_config
from devtools.inprocess import InProcessSidecar
from devtools.mock_upstream import MockUpstream
from grounding_sidecar.decision import override_from_metadata
from grounding_sidecar.settings import Settings, load_settings
from tests.support.fake_detectors import SLOW_MARKER, FakeDetector
from tests.support.recorder import Recorder

from .harness import Stack

WORKSPACES = [
    {"id": "log", "metadata": {"grounding.action": "LOG"}},
    {"id": "flag", "metadata": {"grounding.action": "FLAG"}},
    {"id": "block", "metadata": {"grounding.action": "BLOCK"}},
    {
        "id": "block-unknown",
        "metadata": {"grounding.action": "BLOCK", "grounding.unknown": "block"},
    },
    {
        "id": "block-lenient",  # opted out: delivers what a limit kept from being verified
        "metadata": {"grounding.action": "BLOCK", "grounding.unverifiable": "deliver"},
    },
    {"id": "off", "metadata": {"grounding.enabled": "false", "grounding.action": "BLOCK"}},
    {"id": "log-report", "metadata": {"grounding.action": "LOG", "grounding.report": "claims"}},
    {
        "id": "block-report",
        "metadata": {"grounding.action": "BLOCK", "grounding.report": "claims"},
    },
    {"id": "redact", "metadata": {"grounding.action": "REDACT", "grounding.report": "claims"}},
    {
        "id": "progressive",
        "metadata": {
            "grounding.action": "BLOCK",
            "grounding.report": "claims",
            "grounding.delivery": "progressive",
        },
    },
    {
        "id": "redact-progressive",
        "metadata": {"grounding.action": "REDACT", "grounding.delivery": "progressive"},
    },
]
LIMITS = {"max_response_bytes": 16 * 1024, "max_stream_bytes": 16 * 1024}
PRIVACY_MODULE = "test_privacy.py"


class SidecarOutput:
    """Where the suite's sidecars write audit lines and logs (scanned at the end)."""

    def __init__(self, directory: Path) -> None:
        self.directory = directory
        self._names = 0

    def audit_sink(self, name: str) -> str:
        self._names += 1
        return str(self.directory / f"{self._names:02d}-{name}.audit.jsonl")

    def log_path(self, name: str) -> Path:
        self._names += 1
        return self.directory / f"{self._names:02d}-{name}.log"

    def files(self) -> list[Path]:
        return sorted(p for p in self.directory.iterdir() if p.is_file())


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    # The privacy scan reads what every other integration test made the sidecars write.
    last = [item for item in items if item.path.name == PRIVACY_MODULE]
    items[:] = [item for item in items if item.path.name != PRIVACY_MODULE] + last


@pytest.fixture(scope="session")
def sidecar_output(tmp_path_factory: pytest.TempPathFactory) -> Iterator[SidecarOutput]:
    output = SidecarOutput(tmp_path_factory.mktemp("sidecar-output"))
    # In-process sidecars log through the `grounding_sidecar` loggers; keep every level, so the
    # scan also covers lines a production pod only writes at DEBUG.
    handler = logging.FileHandler(output.directory / "in-process.log", encoding="utf-8")
    handler.setFormatter(logging.Formatter("%(levelname)s %(name)s: %(message)s"))
    logger = logging.getLogger("grounding_sidecar")
    previous = logger.level
    logger.setLevel(logging.DEBUG)
    logger.addHandler(handler)
    yield output
    logger.removeHandler(handler)
    logger.setLevel(previous)
    handler.close()


def sidecar_settings(output: SidecarOutput, name: str, **overrides: object) -> Settings:
    """The suite's sidecar settings: hash embedder, grounding on, ports chosen at run time."""
    flags: dict[str, object] = {
        "port": 0,
        "metrics_port": 0,
        "enabled": True,
        "embedder": "hash",
        "check_deadline": 1.0,
        # Slow-marker checks hold a thread past their deadline; keep others free.
        "workers": 4,
        "audit_sink": output.audit_sink(name),
        **LIMITS,
        **overrides,
    }
    workspaces = {w["id"]: override_from_metadata(w["id"], w["metadata"]) for w in WORKSPACES}
    return replace(load_settings(flags=flags), workspaces=workspaces)


@pytest.fixture(scope="session")
def upstream() -> Iterator[MockUpstream]:
    server = MockUpstream().start()
    yield server
    server.stop()


def start_envoy(
    upstream_port: int, sidecar_port: int, *, trust_client_workspace: bool = True
) -> EnvoyProcess:
    """deploy/envoy/envoy.yaml.  The suite's clients name their workspace themselves
    (`x-workspace-id`: log, flag, block, ...), so by default the documented opt-out
    keeps their header; test_envoy_workspace_identity.py runs the file as shipped."""
    endpoints = EnvoyEndpoints("127.0.0.1", upstream_port, "127.0.0.1", sidecar_port)
    config = render_config(endpoints, trust_client_workspace=trust_client_workspace)
    return EnvoyProcess(config, log_level="warning").start()


@pytest.fixture(scope="session")
def stack(upstream: MockUpstream, sidecar_output: SidecarOutput) -> Iterator[Stack]:
    recorder = Recorder()
    sidecar = InProcessSidecar(
        sidecar_settings(sidecar_output, "session"),
        # Short answers read with the request's question (test_envoy_json_sse.py);
        # every other answer of the suite has a gradable claim.
        FakeDetector(sleep=2.0, slow_marker=SLOW_MARKER, short_answers_with_question=True),
        recorder,
        operations=True,
    ).start()
    envoy = start_envoy(upstream.port, sidecar.port)
    yield Stack(envoy=envoy, upstream=upstream, sidecar=sidecar, recorder=recorder)
    envoy.stop()
    sidecar.stop()
