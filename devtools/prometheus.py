"""The real Prometheus server (Debian package `prometheus`, installed by `make tools`)
for the demo and the integration tests.

`prometheus_yml` writes a `prometheus.yml` that scrapes one sidecar's metrics endpoint
and loads the shipped rule file (the chart's files/prometheus/grounding-rules.yaml);
the demo writes it for the operator to start, the tests start `PrometheusProcess` with
it: loopback only, a free port chosen now, its own temporary TSDB directory, stopped by
pid (SIGTERM, then SIGKILL after a timeout).
"""

from __future__ import annotations

import json
import shutil
import socket
import subprocess
import tempfile
import time
import urllib.error
import urllib.parse
import urllib.request
from collections.abc import Sequence
from pathlib import Path
from typing import Any

import yaml

REPO_ROOT = Path(__file__).resolve().parents[1]  # devtools/ lives in the checkout only
CHART_FILES = REPO_ROOT / "deploy" / "helm" / "grounding-sidecar" / "files"
RULES_FILE = CHART_FILES / "prometheus" / "grounding-rules.yaml"
JOB = "grounding-sidecar"
INSTALL_HINT = "run `make tools` (it installs the Debian package: apt-get install prometheus)"


class PrometheusUnavailable(RuntimeError):
    pass


def prometheus_binary() -> str:
    path = shutil.which("prometheus")
    if path is None:
        raise PrometheusUnavailable(f"the prometheus server is missing: {INSTALL_HINT}")
    return path


def prometheus_yml(
    metrics_port: int,
    rule_files: Sequence[Path] = (RULES_FILE,),
    *,
    interval: str = "15s",
    host: str = "127.0.0.1",
    job: str = JOB,
) -> str:
    """A prometheus.yml: scrape `host:metrics_port` and evaluate `rule_files` every
    `interval` (the scrape timeout is the interval: Prometheus wants it no longer)."""
    document = {
        "global": {
            "scrape_interval": interval,
            "scrape_timeout": interval,
            "evaluation_interval": interval,
        },
        "rule_files": [str(path) for path in rule_files],
        "scrape_configs": [
            {"job_name": job, "static_configs": [{"targets": [f"{host}:{metrics_port}"]}]}
        ],
    }
    return str(yaml.safe_dump(document, sort_keys=False))


def prometheus_command(
    config_path: Path, storage_path: Path, port: int, *, binary: str = ""
) -> list[str]:
    """The server's command line: this config, this TSDB directory, loopback `port`."""
    return [
        binary or "prometheus",
        f"--config.file={config_path}",
        f"--storage.tsdb.path={storage_path}",
        f"--web.listen-address=127.0.0.1:{port}",
    ]


def free_port() -> int:
    """A loopback port free now (Prometheus cannot report a port it chose itself)."""
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as probe:
        probe.bind(("127.0.0.1", 0))
        port: int = probe.getsockname()[1]
    return port


class PrometheusApi:
    """The HTTP API of a Prometheus server on loopback `port`."""

    def __init__(self, port: int) -> None:
        self.port = port

    @property
    def url(self) -> str:
        return f"http://127.0.0.1:{self.port}"

    def api(self, path: str, **params: str) -> Any:
        """GET /api/v1/`path`: the `data` of a successful answer (else RuntimeError)."""
        query = f"?{urllib.parse.urlencode(params)}" if params else ""
        try:
            with urllib.request.urlopen(f"{self.url}/api/v1/{path}{query}", timeout=10) as reply:
                document = json.load(reply)
        except urllib.error.HTTPError as exc:  # 400/422: a bad query; the body says why
            document = json.load(exc)
        if document.get("status") != "success":
            raise RuntimeError(f"/api/v1/{path} {params}: {document}")
        return document["data"]

    def query(self, expr: str) -> list[dict[str, Any]]:
        """An instant query's vector (scalars and strings are refused)."""
        data = self.api("query", query=expr)
        if data["resultType"] != "vector":
            raise RuntimeError(f"{expr!r} is a {data['resultType']}, not a vector")
        result: list[dict[str, Any]] = data["result"]
        return result

    def rules(self) -> list[dict[str, Any]]:
        """Every loaded rule (recording and alerting), each with its group's name added."""
        groups = self.api("rules")["groups"]
        return [{**rule, "group": group["name"]} for group in groups for rule in group["rules"]]

    def alerts(self) -> list[dict[str, Any]]:
        """Pending and firing alerts."""
        alerts: list[dict[str, Any]] = self.api("alerts")["alerts"]
        return alerts


class PrometheusProcess(PrometheusApi):
    """One `prometheus` server on loopback with its own directory (config, TSDB, log)."""

    def __init__(self, config_text: str, *, directory: Path | None = None) -> None:
        super().__init__(0)
        self._own_dir = directory is None
        self.directory = directory or Path(tempfile.mkdtemp(prefix="grounding-prometheus-"))
        self.directory.mkdir(parents=True, exist_ok=True)
        self.config_path = self.directory / "prometheus.yml"
        self.config_path.write_text(config_text, encoding="utf-8")
        self.storage_path = self.directory / "data"
        self.log_path = self.directory / "prometheus.log"
        self.process: subprocess.Popen[bytes] | None = None

    def start(self, timeout: float = 30.0, attempts: int = 3) -> PrometheusProcess:
        """Start and wait (at most `timeout` seconds) for /-/ready; a port taken between
        choosing and binding it is chosen again (`attempts` times in all)."""
        binary = prometheus_binary()
        for _ in range(attempts):
            self.port = free_port()
            with self.log_path.open("wb") as log:
                self.process = subprocess.Popen(
                    prometheus_command(
                        self.config_path, self.storage_path, self.port, binary=binary
                    ),
                    stdout=log,
                    stderr=subprocess.STDOUT,
                    stdin=subprocess.DEVNULL,
                )
            deadline = time.monotonic() + timeout
            while time.monotonic() < deadline:
                if self.process.poll() is not None:
                    break
                if self._ready():
                    return self
                time.sleep(0.05)
            else:
                self.stop()
                raise PrometheusUnavailable(f"not ready in {timeout}s: {self.log_tail()}")
            if "address already in use" not in self.log_tail():
                raise PrometheusUnavailable(f"prometheus exited: {self.log_tail()}")
        raise PrometheusUnavailable(f"no free port in {attempts} attempts: {self.log_tail()}")

    def _ready(self) -> bool:
        try:
            with urllib.request.urlopen(f"{self.url}/-/ready", timeout=1) as reply:
                return bool(reply.status == 200)
        except (urllib.error.URLError, OSError):
            return False

    def log_tail(self, lines: int = 20) -> str:
        try:
            return "\n".join(self.log_path.read_text(errors="replace").splitlines()[-lines:])
        except FileNotFoundError:
            return ""

    def stop(self, timeout: float = 10.0) -> None:
        """SIGTERM to this pid, SIGKILL after `timeout`; the directory goes if it was ours."""
        if self.process is not None and self.process.poll() is None:
            self.process.terminate()
            try:
                self.process.wait(timeout=timeout)
            except subprocess.TimeoutExpired:
                self.process.kill()
                self.process.wait(timeout=10)
        if self._own_dir:
            shutil.rmtree(self.directory, ignore_errors=True)
