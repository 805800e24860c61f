"""The shipped Prometheus rules and Grafana dashboard, checked with the real promtool.

The one copy of each lives in the Helm chart's files/ (the chart renders the
PrometheusRule and the dashboard ConfigMap from them); like every chart test these read
the export of HEAD (chart.py): commit before running them.  promtool comes from the
Debian package `prometheus` (`make tools`); a missing promtool fails these tests rather
than skipping them.
"""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any

import yaml
from prometheus_client.parser import text_string_to_metric_families

from grounding_sidecar.app.checks import CheckRunner
from grounding_sidecar.detection import HashEmbedder
from grounding_sidecar.detection.embedding.pipeline.batching import MicroBatcher
from grounding_sidecar.detection.embedding.pipeline.cache import CachedEmbedder
from grounding_sidecar.detection.verifier.runtime import VerifierStats
from grounding_sidecar.observability.check_queue_metrics import CheckQueueCollector
from grounding_sidecar.observability.embedding_metrics import EmbeddingPipelineCollector
from grounding_sidecar.observability.metrics import GroundingMetrics
from grounding_sidecar.observability.verifier_metrics import VerifierCollector
from tests.support.observability_helpers import promtool

from .chart import CHART, REPO

RULES = CHART / "files" / "prometheus" / "grounding-rules.yaml"
RULE_TESTS = CHART / "files" / "prometheus" / "grounding-rules.test.yaml"
DASHBOARDS = sorted((CHART / "files" / "grafana").glob("*.json"))
# Grafana's built-in range variables, replaced by a fixed range for syntax checking.
GRAFANA_RANGES = re.compile(
    r"\$__(rate_interval|interval|range)|\$\{__(rate_interval|interval|range)\}"
)
METRIC_NAME = re.compile(r"\bgateway_grounding[a-zA-Z0-9_:]*")


def rule_groups() -> list[dict[str, Any]]:
    groups: list[dict[str, Any]] = yaml.safe_load(RULES.read_text())["groups"]
    return groups


def dashboard_queries() -> list[tuple[str, str]]:
    queries: list[tuple[str, str]] = []

    def walk(node: Any, where: str) -> None:
        if isinstance(node, dict):
            title = node.get("title", where)
            if isinstance(node.get("expr"), str):
                queries.append((title, node["expr"]))
            for value in node.values():
                walk(value, title)
        elif isinstance(node, list):
            for item in node:
                walk(item, where)

    for dashboard in DASHBOARDS:
        walk(json.loads(dashboard.read_text()), dashboard.name)
    return queries


def exposed_names() -> set[str]:
    """Every series name `serve` exposes with minilm and the verifier: its metrics, the
    pipeline's, the verifier's and the check queue's."""
    metrics = GroundingMetrics()
    metrics.set_definition_version("v")
    checks = CheckRunner(None, deadline_seconds=5.0, workers=1)
    metrics.watch(CheckQueueCollector(checks))
    metrics.watch(VerifierCollector(VerifierStats()))
    with MicroBatcher(HashEmbedder(), max_wait=0.0) as batcher:
        metrics.watch(EmbeddingPipelineCollector(batcher, CachedEmbedder(batcher)))
        exposition = metrics.exposition().decode()
    checks.close()
    names = set()
    for family in text_string_to_metric_families(exposition):
        names.add(family.name)
        names.update(sample.name for sample in family.samples)
        if family.type == "histogram":
            names.update(family.name + suffix for suffix in ("_bucket", "_count", "_sum"))
        if family.type == "counter":
            names.add(family.name + "_total")
    return names


def test_promtool_check_rules() -> None:
    done = promtool("check", "rules", str(RULES))
    assert done.returncode == 0, done.stdout + done.stderr
    assert "SUCCESS" in done.stdout


def test_promtool_test_rules() -> None:
    done = promtool("test", "rules", RULE_TESTS.name, cwd=RULE_TESTS.parent)
    assert done.returncode == 0, done.stdout + done.stderr
    assert "SUCCESS" in done.stdout


def test_every_alert_has_a_firing_and_a_quiet_case() -> None:
    alerts = {
        rule["alert"] for group in rule_groups() for rule in group["rules"] if "alert" in rule
    }
    assert {
        "GroundingUngroundedRateHigh",
        "GroundingEmbeddingFailures",
        "GroundingConfigReloadFailing",
    } <= alerts
    fires: set[str] = set()
    quiet: set[str] = set()
    for case in yaml.safe_load(RULE_TESTS.read_text())["tests"]:
        for check in case.get("alert_rule_test", []):
            (fires if check.get("exp_alerts") else quiet).add(check["alertname"])
    assert alerts <= fires, alerts - fires
    assert alerts <= quiet, alerts - quiet


def test_the_spec_queries_are_there() -> None:
    rules = {
        rule.get("record") or rule.get("alert"): rule for g in rule_groups() for rule in g["rules"]
    }
    ratio = " ".join(rules["gateway_grounding:ungrounded_ratio:rate5m"]["expr"].split())
    assert 'gateway_grounding_check_total{grounded="false"}[5m]' in ratio
    assert "sum(rate(gateway_grounding_check_total[5m]))" in ratio
    assert rules["GroundingUngroundedRateHigh"]["for"] == "15m"
    assert "> 0.10" in rules["GroundingUngroundedRateHigh"]["expr"]
    assert "by (action)" in rules["gateway_grounding:ungrounded_ratio_by_action:rate5m"]["expr"]


def test_every_dashboard_query_parses_with_promtool(tmp_path: Path) -> None:
    queries = dashboard_queries()
    assert len(queries) >= 10
    rules = [
        {"record": f"dashboard:query_{index}:check", "expr": GRAFANA_RANGES.sub("5m", expr)}
        for index, (_, expr) in enumerate(queries)
    ]
    path = tmp_path / "dashboard-queries.yaml"
    path.write_text(yaml.safe_dump({"groups": [{"name": "dashboard", "rules": rules}]}))
    done = promtool("check", "rules", str(path))
    assert done.returncode == 0, done.stdout + done.stderr


def test_a_broken_query_is_caught_by_the_same_check(tmp_path: Path) -> None:
    path = tmp_path / "broken.yaml"
    rule = {"record": "dashboard:broken", "expr": "sum by (le (rate(x[5m]))"}
    path.write_text(yaml.safe_dump({"groups": [{"name": "d", "rules": [rule]}]}))
    assert promtool("check", "rules", str(path)).returncode != 0


def test_queries_and_rules_only_name_metrics_that_exist() -> None:
    recorded = {rule["record"] for g in rule_groups() for rule in g["rules"] if "record" in rule}
    known = exposed_names() | recorded
    texts = [expr for _, expr in dashboard_queries()]
    texts += [rule["expr"] for g in rule_groups() for rule in g["rules"]]
    unknown = {name for text in texts for name in METRIC_NAME.findall(text)} - known
    assert unknown == set()


def test_runbook_links_point_at_sections_of_the_operations_guide() -> None:
    doc = (REPO / "docs" / "operations.md").read_text()
    anchors = {
        re.sub(r"[^a-z0-9 -]", "", line.lstrip("#").strip().lower()).replace(" ", "-")
        for line in doc.splitlines()
        if line.startswith("#")
    }
    for group in rule_groups():
        for rule in group["rules"]:
            if "alert" in rule:
                anchor = rule["annotations"]["runbook"].split("#", 1)[1]
                assert anchor in anchors, anchor


def operations_guide_queries() -> list[str]:
    """PromQL blocks of docs/operations.md: comment lines separate expressions."""
    doc = (REPO / "docs" / "operations.md").read_text()
    queries: list[str] = []
    for block in re.findall(r"```promql\n(.*?)```", doc, flags=re.S):
        current: list[str] = []
        for line in [*block.splitlines(), "#"]:
            if line.strip().startswith("#") or not line.strip():
                if current:
                    queries.append(" ".join(current))
                current = []
            else:
                current.append(line.strip())
    return queries


def test_every_query_in_the_operations_guide_parses(tmp_path: Path) -> None:
    queries = operations_guide_queries()
    assert len(queries) >= 8
    rules = [{"record": f"docs:query_{i}:check", "expr": q} for i, q in enumerate(queries)]
    path = tmp_path / "docs-queries.yaml"
    path.write_text(yaml.safe_dump({"groups": [{"name": "docs", "rules": rules}]}))
    done = promtool("check", "rules", str(path))
    assert done.returncode == 0, done.stdout + done.stderr
    recorded = {rule["record"] for g in rule_groups() for rule in g["rules"] if "record" in rule}
    unknown = {n for q in queries for n in METRIC_NAME.findall(q)} - exposed_names() - recorded
    assert unknown == set()
