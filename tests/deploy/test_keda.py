"""The chart's KEDA ScaledObject: scale on the estimated wait, validated with the
validators generated from KEDA's CRD schema (@kubernetes-models/keda, pinned in
tests/integration/node; `make tools-node` installs it)."""

from __future__ import annotations

import json
import subprocess
from typing import Any

from tests.deploy.chart import CHART, by_kind, helm, one, render
from tests.support.node import node_package_dir

KEDA = [
    "autoscaling.enabled=true",
    "autoscaling.keda.enabled=true",
    "autoscaling.keda.prometheusServerAddress=http://prometheus.monitoring:9090",
]


def validate(objects: list[dict[str, Any]]) -> list[dict[str, Any]]:
    done = subprocess.run(
        ["node", "keda_validate.mjs"],
        cwd=node_package_dir("@kubernetes-models/keda"),
        input="".join(json.dumps(o) + "\n" for o in objects),
        capture_output=True,
        text=True,
        timeout=60,
        check=False,
    )
    assert done.returncode == 0, done.stderr
    return [json.loads(line) for line in done.stdout.splitlines()]


def test_the_scaled_object_scales_the_deployment_on_the_estimated_wait() -> None:
    manifests = render(sets=KEDA)
    scaled = one(manifests, "ScaledObject")
    assert by_kind(manifests, "HorizontalPodAutoscaler") == []  # KEDA makes its own
    spec = scaled["spec"]
    assert spec["scaleTargetRef"]["name"] == one(manifests, "Deployment")["metadata"]["name"]
    (trigger,) = spec["triggers"]
    assert trigger["type"] == "prometheus"
    assert "gateway_grounding_check_estimated_wait_seconds" in trigger["metadata"]["query"]
    assert "gateway_grounding_check_deadline_seconds" in trigger["metadata"]["query"]
    assert (spec["minReplicaCount"], spec["maxReplicaCount"]) == (2, 10)


def test_it_matches_kedas_crd_schema_and_a_broken_one_does_not() -> None:
    scaled = one(render(sets=KEDA), "ScaledObject")
    broken = json.loads(json.dumps(scaled))
    broken["spec"]["triggers"] = "prometheus"
    assert [r["valid"] for r in validate([scaled, broken])] == [True, False]


def test_keda_needs_a_prometheus_address_and_is_off_by_default() -> None:
    assert by_kind(render(), "ScaledObject") == []
    failed = helm(
        "template", "gs", str(CHART), "--set", "autoscaling.keda.enabled=true", check=False
    )
    assert failed.returncode != 0 and "prometheusServerAddress" in failed.stderr
