"""The shipped Prometheus rules and Grafana dashboard, run by the real Prometheus server.

Two stacks, each an in-process sidecar wired as `serve` wires it (metrics endpoint,
audit writer) behind the real Envoy, scraped every second by its own `prometheus`
(Debian package `prometheus`, `make tools`; missing, these tests fail rather than
skip), which evaluates the rules every second:

- busy: grounded and ungrounded answers under LOG, FLAG and BLOCK, JSON and SSE, with
  the embedding queue and passage cache `serve` puts in front of a model (a hash
  backend behind them, so verdicts are exact); its Prometheus loads a temporary copy of
  the rule file whose only change is `for: 0s` on GroundingUngroundedRateHigh.
- quiet: grounded answers only, plain hash embedder; its Prometheus loads the shipped
  rule file as is.

The ungrounded ratio rules sum over every series, so the two never share a Prometheus.
Traffic goes in two rounds, each scraped before the next: series born in the first
round (refusals, streams, histograms) then have an increase for rate() to see.
"""

from __future__ import annotations

import json
import math
import re
import shlex
import signal
import subprocess
import sys
import threading
from collections import Counter
from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from datetime import datetime
from itertools import count
from pathlib import Path
from typing import Any

import pytest
import yaml

from devtools.inprocess import InProcessSidecar
from devtools.mock_upstream import MockUpstream
from devtools.prometheus import (
    JOB,
    RULES_FILE,
    PrometheusApi,
    PrometheusProcess,
    PrometheusUnavailable,
    prometheus_binary,
    prometheus_yml,
)
from grounding_sidecar.app.wiring import Detection, grader_settings
from grounding_sidecar.detection import Grader, HashEmbedder
from grounding_sidecar.detection.embedding.pipeline.batching import MicroBatcher
from grounding_sidecar.detection.embedding.pipeline.cache import CachedEmbedder
from grounding_sidecar.detection.embedding.registry import ServingEmbedders
from grounding_sidecar.settings import Settings
from tests.support.eventually import eventually
from tests.support.observability_helpers import promtool
from tests.support.recorder import Recorder

from .conftest import SidecarOutput, sidecar_settings, start_envoy
from .harness import GROUNDED, SOURCE, UNGROUNDED, Stack, chat, traceparent

pytestmark = pytest.mark.envoy

REPO = Path(__file__).resolve().parents[2]
DASHBOARD = (
    REPO
    / "deploy"
    / "helm"
    / "grounding-sidecar"
    / "files"
    / "grafana"
    / "grounding-dashboard.json"
)
RATIO = "gateway_grounding:ungrounded_ratio:rate5m"
RATIO_BY_ACTION = "gateway_grounding:ungrounded_ratio_by_action:rate5m"
UNGROUNDED_ALERT = "GroundingUngroundedRateHigh"
# Grafana's variables in the dashboard's queries, and what these tests put in their place.
GRAFANA_VARIABLES = {"__rate_interval": "5m", "__interval": "1m", "__range": "5m"}
VARIABLE = re.compile(r"\$(\w+)|\$\{(\w+)\}")
# A guard against hanging (scrapes and evaluations are 1 s apart), not a measure.
SETTLE = 30.0
POLL = 0.2
_traces = count(0x9E0A0000)

# (workspace, answer, stream) per round; the workspace's action is in conftest.WORKSPACES.
ACTIONS = {"log": "LOG", "flag": "FLAG", "block": "BLOCK"}
BUSY_ROUND = [
    ("log", GROUNDED, False),
    ("log", GROUNDED, True),
    ("log", GROUNDED, False),
    ("log", UNGROUNDED, True),
    ("flag", GROUNDED, False),
    ("flag", UNGROUNDED, True),
    ("flag", GROUNDED, True),
    ("flag", UNGROUNDED, False),
    ("block", GROUNDED, False),
    ("block", UNGROUNDED, False),  # 403 hallucination_detected: a refusal
    ("block", UNGROUNDED, True),  # content_filter
    ("off", UNGROUNDED, False),  # grounding off: not checked, so in no ratio
]
QUIET_ROUND = [
    ("log", GROUNDED, False),
    ("log", GROUNDED, True),
    ("flag", GROUNDED, False),
    ("block", GROUNDED, False),
    ("block", GROUNDED, True),
]


def rule_file_names(path: Path) -> set[str]:
    groups = yaml.safe_load(path.read_text())["groups"]
    return {rule.get("record") or rule["alert"] for group in groups for rule in group["rules"]}


def recording_rules() -> list[str]:
    groups = yaml.safe_load(RULES_FILE.read_text())["groups"]
    return [rule["record"] for group in groups for rule in group["rules"] if "record" in rule]


def rules_with_alert_for(target: Path, alert: str, hold: str) -> Path:
    """A copy of the shipped rule file whose only change is `for: hold` on `alert`."""
    document = yaml.safe_load(RULES_FILE.read_text())
    changed = 0
    for group in document["groups"]:
        for rule in group["rules"]:
            if rule.get("alert") == alert:
                rule["for"] = hold
                changed += 1
    assert changed == 1, f"{alert} is not in {RULES_FILE.name} once"
    target.write_text(yaml.safe_dump(document, sort_keys=False))
    return target


def dashboard_queries() -> list[tuple[str, str]]:
    """(panel title and legend, expr) for every target of the dashboard."""
    queries: list[tuple[str, str]] = []

    def walk(node: Any, title: str) -> None:
        if isinstance(node, dict):
            title = node.get("title", title)
            if isinstance(node.get("expr"), str):
                queries.append((f"{title} [{node.get('legendFormat', '')}]", node["expr"]))
            for value in node.values():
                walk(value, title)
        elif isinstance(node, list):
            for item in node:
                walk(item, title)

    walk(json.loads(DASHBOARD.read_text()), DASHBOARD.name)
    return queries


def substitute(expr: str) -> str:
    """The query with Grafana's variables replaced (GRAFANA_VARIABLES); any other
    variable fails, so a new one gets a value here rather than a silent pass."""

    def value(match: re.Match[str]) -> str:
        name = match.group(1) or match.group(2)
        assert name in GRAFANA_VARIABLES, f"no value for ${name} in {expr!r}"
        return GRAFANA_VARIABLES[name]

    return VARIABLE.sub(value, expr)


def rfc3339(stamp: str) -> float:
    """Prometheus's nanosecond RFC 3339 time as Unix seconds."""
    trimmed = re.sub(r"(\.\d{6})\d*", r"\1", stamp).replace("Z", "+00:00")
    return datetime.fromisoformat(trimmed).timestamp()


def finite(sample: dict[str, Any]) -> bool:
    return math.isfinite(float(sample["value"][1]))


# --- the stacks --------------------------------------------------------------------


@dataclass
class Expected:
    """What a stack was sent, counted as the sidecar counts checked responses."""

    checks: Counter[tuple[str, str]]  # (action, grounded "true"/"false") -> responses

    def ungrounded_ratio(self, action: str | None = None) -> float:
        keys = [k for k in self.checks if action is None or k[0] == action]
        return sum(self.checks[k] for k in keys if k[1] == "false") / sum(
            self.checks[k] for k in keys
        )


@dataclass
class PromStack:
    stack: Stack
    prometheus: PrometheusProcess
    rule_file: Path
    expected: Expected
    scraped_at: float  # timestamp of a scrape that had every check sent

    def query(self, expr: str) -> list[dict[str, Any]]:
        return self.prometheus.query(expr)

    def scalar(self, expr: str) -> float | None:
        result = self.query(expr)
        assert len(result) <= 1, (expr, result)
        return float(result[0]["value"][1]) if result else None

    def rule(self, name: str) -> dict[str, Any]:
        (rule,) = [r for r in self.prometheus.rules() if r["name"] == name]
        return rule

    def recorded_after(self, name: str, moment: float) -> float:
        """Wait until rule `name` recorded every series later than `moment`; the earliest."""
        stamp = eventually(
            lambda: (t := self.scalar(f"min(timestamp({name}))")) is not None and t > moment and t,
            timeout=SETTLE,
            interval=POLL,
            what=f"{name} recorded after {moment}",
        )
        return float(stamp)


def pipeline_detection(settings: Settings) -> Detection:
    """What `build_detection` builds for a model (claims through the micro-batching queue,
    passages also through the passage cache), with the hash backend behind them."""
    batcher = MicroBatcher(HashEmbedder(), workers=1, max_wait=0.002)
    cache = CachedEmbedder(batcher, max_bytes=settings.passage_cache_mb << 20)
    grader = Grader(batcher, grader_settings(settings), passage_embedder=cache)
    assert grader.warm_up() is None
    return Detection(grader, ServingEmbedders(batcher, cache, batcher=batcher, cache=cache))


def send_round(stack: Stack, traffic: Sequence[tuple[str, str, bool]]) -> Counter[tuple[str, str]]:
    """Send one round; wait until the sidecar checked each; the checks it should count."""
    checks: Counter[tuple[str, str]] = Counter()
    traces = []
    for workspace, answer, stream in traffic:
        trace = f"{next(_traces):032x}"
        headers = {
            "x-workspace-id": workspace,
            "x-mock-answer": answer,
            "traceparent": traceparent(trace),
        }
        body = chat(sources=[SOURCE], stream=stream)
        reply = stack.stream(body, headers)[0] if stream else stack.post(body, headers)
        assert reply.status in (200, 403), (workspace, stream, reply.status, reply.body[:200])
        if workspace in ACTIONS:
            traces.append(trace)
            checks[(ACTIONS[workspace], "true" if answer == GROUNDED else "false")] += 1
    for trace in traces:  # relayed streams are checked after delivery
        stack.recorder.wait_for_check(trace)
    return checks


def wait_scraped(prometheus: PrometheusProcess, total: int) -> float:
    """Wait until Prometheus scraped `total` checks; the timestamp of that scrape."""

    def scraped() -> float | None:
        if not prometheus.query(f"sum(gateway_grounding_check_total) == {total}"):
            return None
        # This scrape or a later one: either had every check (counters only go up).
        stamp = prometheus.query("max(timestamp(gateway_grounding_check_total))")
        return float(stamp[0]["value"][1])

    return eventually(scraped, timeout=SETTLE, interval=POLL, what=f"{total} checks scraped")


@pytest.fixture(scope="module")
def prometheus_installed() -> str:
    """Fails (never skips) without the server: `make test` installs it (`make tools`)."""
    try:
        return prometheus_binary()
    except PrometheusUnavailable as exc:
        pytest.fail(str(exc))


def run_stack(
    name: str,
    upstream: MockUpstream,
    output: SidecarOutput,
    directory: Path,
    rule_file: Path,
    traffic: Sequence[tuple[str, str, bool]],
    *,
    pipeline: bool,
) -> Iterator[PromStack]:
    # A generous deadline: a check missing it would (rightly) trip GroundingChecksUnverified.
    settings = sidecar_settings(output, f"prometheus-{name}", check_deadline=5.0)
    detection: Detection | Grader = (
        pipeline_detection(settings)
        if pipeline
        else Grader(HashEmbedder(), grader_settings(settings))  # as `serve --embedder hash`
    )
    recorder = Recorder()
    sidecar = InProcessSidecar(settings, detection, recorder, operations=True).start()
    envoy = prometheus = None
    try:
        envoy = start_envoy(upstream.port, sidecar.port)
        stack = Stack(envoy=envoy, upstream=upstream, sidecar=sidecar, recorder=recorder)
        config = prometheus_yml(sidecar.metrics_port, (rule_file,), interval="1s")
        prometheus = PrometheusProcess(config, directory=directory).start()
        # Every check series is scraped at 0 before any traffic: rate() then counts all.
        wait_scraped(prometheus, 0)
        checks = send_round(stack, traffic)
        wait_scraped(prometheus, sum(checks.values()))
        checks += send_round(stack, traffic)
        scraped_at = wait_scraped(prometheus, sum(checks.values()))
        yield PromStack(stack, prometheus, rule_file, Expected(checks), scraped_at)
    finally:
        if prometheus is not None:
            prometheus.stop()
        if envoy is not None:
            envoy.stop()
        sidecar.stop()
        if isinstance(detection, Detection) and detection.embedders is not None:
            assert detection.embedders.batcher is not None
            detection.embedders.batcher.close()


@pytest.fixture(scope="module")
def busy(
    prometheus_installed: str,
    upstream: MockUpstream,
    sidecar_output: SidecarOutput,
    tmp_path_factory: pytest.TempPathFactory,
) -> Iterator[PromStack]:
    directory = tmp_path_factory.mktemp("prometheus-busy")
    rules = rules_with_alert_for(directory / "grounding-rules.yaml", UNGROUNDED_ALERT, "0s")
    yield from run_stack(
        "busy", upstream, sidecar_output, directory, rules, BUSY_ROUND, pipeline=True
    )


@pytest.fixture(scope="module")
def quiet(
    prometheus_installed: str,
    upstream: MockUpstream,
    sidecar_output: SidecarOutput,
    tmp_path_factory: pytest.TempPathFactory,
) -> Iterator[PromStack]:
    directory = tmp_path_factory.mktemp("prometheus-quiet")
    yield from run_stack(
        "quiet", upstream, sidecar_output, directory, RULES_FILE, QUIET_ROUND, pipeline=False
    )


# --- the rules -----------------------------------------------------------------------


@pytest.mark.parametrize("which", ["quiet", "busy"])
def test_every_rule_loads_and_evaluates_healthy(which: str, request: pytest.FixtureRequest) -> None:
    """quiet loads the shipped file as is; busy its copy with one `for:` changed."""
    ops: PromStack = request.getfixturevalue(which)
    expected = rule_file_names(RULES_FILE)
    assert len(expected) >= 12  # 5 recording rules and 7 alerts when this was written
    assert rule_file_names(ops.rule_file) == expected

    def evaluated() -> list[dict[str, Any]] | None:
        rules = ops.prometheus.rules()
        done = all(rfc3339(r["lastEvaluation"]) > ops.scraped_at for r in rules)
        return rules if done else None

    rules = eventually(evaluated, timeout=SETTLE, interval=POLL, what="every rule evaluated")
    assert sorted(r["name"] for r in rules) == sorted(expected)  # each loaded once
    unhealthy = [(r["name"], r["health"], r.get("lastError")) for r in rules if r["health"] != "ok"]
    assert unhealthy == []
    assert [r["name"] for r in rules if r.get("lastError")] == []


def test_every_recording_rule_records_data(busy: PromStack) -> None:
    for name in recording_rules():
        busy.recorded_after(name, busy.scraped_at + 1.0)
        samples = busy.query(name)
        assert any(finite(s) for s in samples), (name, samples)


def test_the_counters_prometheus_scraped_are_the_checks_sent(busy: PromStack) -> None:
    scraped = {
        (s["metric"]["action"], s["metric"]["grounded"]): float(s["value"][1])
        for s in busy.query("sum by (action, grounded) (gateway_grounding_check_total)")
    }
    sent = busy.expected.checks
    assert {k: v for k, v in scraped.items() if v} == {k: float(v) for k, v in sent.items()}


def test_the_recorded_ungrounded_ratio_is_the_share_of_ungrounded_answers_sent(
    busy: PromStack,
) -> None:
    # Evaluated a second after a scrape that had every check: that scrape is in it.
    busy.recorded_after(RATIO, busy.scraped_at + 1.0)
    busy.recorded_after(RATIO_BY_ACTION, busy.scraped_at + 1.0)
    expected = busy.expected.ungrounded_ratio()
    assert expected == pytest.approx(10 / 22)  # 5 of 11 per round: what BUSY_ROUND sends
    assert busy.scalar(RATIO) == pytest.approx(expected, rel=1e-9)
    by_action = {s["metric"]["action"]: float(s["value"][1]) for s in busy.query(RATIO_BY_ACTION)}
    for action in ACTIONS.values():
        assert by_action[action] == pytest.approx(
            busy.expected.ungrounded_ratio(action), rel=1e-9
        ), action
    assert (by_action["LOG"], by_action["FLAG"], by_action["BLOCK"]) == pytest.approx(
        (1 / 4, 1 / 2, 2 / 3)
    )


def test_the_ungrounded_rate_alert_fires_on_ungrounded_traffic(busy: PromStack) -> None:
    def firing() -> list[dict[str, Any]]:
        return [
            a
            for a in busy.prometheus.alerts()
            if a["labels"]["alertname"] == UNGROUNDED_ALERT and a["state"] == "firing"
        ]

    (alert,) = eventually(firing, timeout=SETTLE, interval=POLL, what=f"{UNGROUNDED_ALERT} firing")
    assert alert["labels"]["severity"] == "warning"
    assert float(alert["value"]) == pytest.approx(busy.expected.ungrounded_ratio(), rel=1e-9)
    assert alert["annotations"]["runbook"] == "docs/operations.md#groundingungroundedratehigh"
    assert busy.rule(UNGROUNDED_ALERT)["state"] == "firing"
    # Nothing else is pending or firing on this healthy (if ungrounded) traffic.
    assert {a["labels"]["alertname"] for a in busy.prometheus.alerts()} == {UNGROUNDED_ALERT}


def test_the_ungrounded_rate_alert_stays_quiet_on_grounded_traffic(quiet: PromStack) -> None:
    recorded = quiet.recorded_after(RATIO, quiet.scraped_at + 1.0)
    assert quiet.scalar(RATIO) == 0.0
    # The alert rule evaluated after that zero was recorded, and nothing is even pending
    # (a true expression shows as pending at once, whatever its `for:`).
    eventually(
        lambda: rfc3339(quiet.rule(UNGROUNDED_ALERT)["lastEvaluation"]) > recorded + 1.0,
        timeout=SETTLE,
        interval=POLL,
        what=f"{UNGROUNDED_ALERT} evaluated after the ratio",
    )
    assert quiet.rule(UNGROUNDED_ALERT)["state"] == "inactive"
    assert quiet.prometheus.alerts() == []


# --- the dashboard ---------------------------------------------------------------------


def test_every_dashboard_query_returns_data(busy: PromStack) -> None:
    """Each target's expr, Grafana variables substituted (GRAFANA_VARIABLES): a vector
    with at least one finite sample (not only NaN from 0/0 or an empty histogram)."""
    queries = dashboard_queries()
    assert len(queries) >= 20
    busy.recorded_after(RATIO, busy.scraped_at + 1.0)  # the stat panel reads the rule
    empty = []
    for title, expr in queries:
        samples = busy.query(substitute(expr))
        if not any(finite(s) for s in samples):
            empty.append((title, expr, samples))
    assert empty == [], f"{len(empty)} of {len(queries)} queries without data: {empty}"


def test_substitution_covers_every_variable_and_fails_on_an_unknown_one() -> None:
    for _, expr in dashboard_queries():
        assert "$" not in substitute(expr)
    assert substitute("rate(x[$__rate_interval])") == "rate(x[5m])"
    with pytest.raises(AssertionError, match=r"\$workspace"):
        substitute('x{workspace="$workspace"}')


# --- the demo's prometheus.yml ---------------------------------------------------------


METRICS_LINE = re.compile(r"metrics +http://127\.0\.0\.1:(\d+)/metrics")
CONFIG_LINE = re.compile(r"prometheus +(/\S+)  .*")


class Lines:
    """A child's stdout lines, read on a thread (so every wait for one is bounded)."""

    def __init__(self, process: subprocess.Popen[str]) -> None:
        self.lines: list[str] = []
        self._lock = threading.Lock()
        assert process.stdout is not None
        self._stdout = process.stdout
        threading.Thread(target=self._read, daemon=True).start()

    def _read(self) -> None:
        for line in self._stdout:
            with self._lock:
                self.lines.append(line.rstrip("\n"))

    def snapshot(self) -> list[str]:
        with self._lock:
            return list(self.lines)


def test_the_demo_writes_a_prometheus_config_that_scrapes_it_and_loads_the_rules(
    prometheus_installed: str, tmp_path: Path
) -> None:
    workdir = tmp_path / "demo"
    demo = subprocess.Popen(
        [sys.executable, "-m", "devtools.demo", "--embedder", "hash", "--workdir", str(workdir)],
        stdout=subprocess.PIPE,
        stderr=subprocess.DEVNULL,
        text=True,
        cwd=REPO,
    )
    server: subprocess.Popen[bytes] | None = None
    try:
        out = Lines(demo)

        def banner() -> list[str] | None:
            got = out.snapshot()
            assert demo.poll() is None or "Ctrl-C to stop." in got, f"the demo exited: {got}"
            return got if "Ctrl-C to stop." in got else None

        lines = eventually(
            banner,
            timeout=120,
            interval=POLL,
            what="the demo's banner",
        )
        (metrics_port,) = {int(m[1]) for x in lines if (m := METRICS_LINE.fullmatch(x))}
        (config_path,) = {Path(m[1]) for x in lines if (m := CONFIG_LINE.fullmatch(x))}
        printed = shlex.split(next(x for x in lines if x.startswith("prometheus --config.file")))
        assert config_path == workdir / "prometheus.yml"
        assert f"--config.file={config_path}" in printed
        config = yaml.safe_load(config_path.read_text())
        assert config["rule_files"] == [str(RULES_FILE)]
        (scrape,) = config["scrape_configs"]
        assert scrape["static_configs"] == [{"targets": [f"127.0.0.1:{metrics_port}"]}]
        checked = promtool("check", "config", str(config_path))
        assert checked.returncode == 0, checked.stdout + checked.stderr

        # The printed command, as printed: it serves, scrapes the demo and loads the rules.
        listen = next(a for a in printed if a.startswith("--web.listen-address="))
        port = int(listen.rsplit(":", 1)[1])
        with (tmp_path / "prometheus.log").open("wb") as log:
            server = subprocess.Popen(printed, stdout=log, stderr=subprocess.STDOUT)
        api = PrometheusApi(port)

        def scraped() -> list[dict[str, Any]] | None:
            assert server is not None and server.poll() is None, "prometheus exited"
            try:
                return api.query(f'up{{job="{JOB}"}} == 1')
            except OSError:  # not listening yet
                return None

        up = eventually(
            scraped,
            timeout=SETTLE,
            interval=POLL,
            what="the demo's sidecar scraped",
        )
        assert up[0]["metric"]["instance"] == f"127.0.0.1:{metrics_port}"
        assert {r["name"] for r in api.rules()} == rule_file_names(RULES_FILE)
    finally:
        for child in (server, demo):
            if child is not None and child.poll() is None:
                child.send_signal(signal.SIGTERM)
                try:
                    child.wait(timeout=20)
                except subprocess.TimeoutExpired:
                    child.kill()
                    child.wait(timeout=10)
