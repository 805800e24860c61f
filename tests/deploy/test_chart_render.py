"""helm lint/template for every ci/ profile; core objects pass kubernetes-validate --strict,
custom resources their published schemas; the product's settings reach every object."""

from __future__ import annotations

import json
import subprocess
import tempfile
from pathlib import Path
from typing import Any

import jsonschema
import pytest
import yaml

from devtools.envoy_process import (
    EnvoyEndpoints,
    JwtIdentity,
    http_connection_manager,
    render_config,
    render_jwt_config,
)
from grounding_sidecar.detection import HashEmbedder
from grounding_sidecar.detection.judging.calibration import (
    CalibratedModel,
    load_calibration_file,
    params_path,
)
from grounding_sidecar.settings import load_settings

from .chart import (
    CHART,
    PROFILES,
    SCHEMAS,
    TOOLS_VENV_BIN,
    Manifest,
    by_kind,
    helm,
    is_core,
    one,
    render,
    schema_for,
    tool,
    unknown_fields,
)

pytestmark = pytest.mark.helm
PROFILE_IDS = [p.name.removesuffix("-values.yaml") for p in PROFILES]
PARAMS = params_path("hash")  # stands in for a team's `calibrate --fit` output


def test_profiles_cover_every_integration_path() -> None:
    assert set(PROFILE_IDS) >= {
        "standalone",
        "eg-sidecar",
        "istio-sidecar",
        "istio-gateway",
        "monitoring-off",
        "plain-envoy",
    }


@pytest.mark.parametrize("profile", PROFILES, ids=PROFILE_IDS)
def test_lint_strict(profile: Path) -> None:
    result = helm("lint", "--strict", str(CHART), "-f", str(profile))
    assert "0 chart(s) failed" in result.stdout


def test_every_core_object_passes_kubernetes_validate(
    rendered: dict[str, list[Manifest]],
) -> None:
    with tempfile.TemporaryDirectory(prefix="gs-kv-") as tmp:
        files = []
        for name, manifests in rendered.items():
            path = Path(tmp) / f"{name}.yaml"
            path.write_text(yaml.safe_dump_all([m for m in manifests if is_core(m)]))
            files.append(str(path))
        command = [tool(TOOLS_VENV_BIN / "kubernetes-validate"), "--strict", "--quiet", *files]
        result = subprocess.run(command, capture_output=True, text=True, check=False)
    assert result.returncode == 0 and not result.stdout.strip(), result.stdout + result.stderr


# Custom resources whose CRD schema is not vendored (tests/deploy/schemas/README.md):
# their structure is checked field by field in test_workspace_identity.py instead.
WITHOUT_VENDORED_SCHEMA = {"SecurityPolicy", "RequestAuthentication", "AuthorizationPolicy"}


def test_every_custom_resource_matches_its_schema(rendered: dict[str, list[Manifest]]) -> None:
    kinds = set()
    unvalidated = set()
    for name, manifests in rendered.items():
        for manifest in manifests:
            if is_core(manifest):
                continue
            if manifest["kind"] in WITHOUT_VENDORED_SCHEMA:
                unvalidated.add(manifest["kind"])
                continue
            kinds.add(manifest["kind"])
            # No check_schema: the CRDs hold Go regexes (`^(?i)...`) that Python's `re`
            # rejects; they only matter for fields the chart never sets.
            schema = schema_for(manifest)
            validator = jsonschema.validators.validator_for(schema)(schema)
            errors = [f"{e.message} at {list(e.path)}" for e in validator.iter_errors(manifest)]
            assert not errors, f"{name}: {manifest['kind']}: {errors}"
            pruned = unknown_fields(manifest, schema)
            assert not pruned, f"{name}: {manifest['kind']}: unknown fields {pruned}"
    assert kinds == {
        "EnvoyExtensionPolicy",
        "EnvoyProxy",
        "Backend",
        "EnvoyFilter",
        "ServiceMonitor",
        "PodMonitor",
        "PrometheusRule",
    }
    assert unvalidated == WITHOUT_VENDORED_SCHEMA  # the ci profiles render each of them


def test_every_vendored_schema_names_its_source() -> None:
    """tests/deploy/schemas/README.md has one row (repository, commit, path) per schema file,
    and the Apache-2.0 text the NOTICE points to sits beside them."""
    readme = (SCHEMAS / "README.md").read_text()
    rows = {line.split("`")[1] for line in readme.splitlines() if line.startswith("| `")}
    assert rows == {p.name for p in SCHEMAS.glob("*.json")}
    assert "Version 2.0, January 2004" in (SCHEMAS / "LICENSE").read_text()


# --- the Envoy settings (docs/contract.md#envoy-settings) in every Envoy-facing object --


MATCHER_WRAPPER = "type.googleapis.com/envoy.extensions.common.matching.v3.ExtensionWithMatcher"


def ext_proc_configs(manifests: list[Manifest]) -> list[dict[str, Any]]:
    """The ext_proc typed_config of every EnvoyFilter and plain-Envoy snippet (inside
    the EnvoyFilter's matcher that scopes it to chat paths)."""
    configs = []
    for envoy_filter in by_kind(manifests, "EnvoyFilter"):
        for patch in envoy_filter["spec"]["configPatches"]:
            value = patch["patch"]["value"]
            if patch["applyTo"] == "HTTP_FILTER" and value["name"] == "envoy.filters.http.ext_proc":
                assert value["typed_config"]["@type"] == MATCHER_WRAPPER
                configs.append(value["typed_config"]["extension_config"]["typed_config"])
    for config_map in by_kind(manifests, "ConfigMap"):
        data = config_map.get("data", {})
        if "envoy.yaml" in data:
            configs.append(yaml.safe_load(data["ext-proc-filter.yaml"])["typed_config"])
            bootstrap = yaml.safe_load(data["envoy.yaml"])
            listener = bootstrap["static_resources"]["listeners"][0]
            assert listener["per_connection_buffer_limit_bytes"] == 1048576
            hcm = listener["filter_chains"][0]["filters"][0]["typed_config"]
            (ext_proc,) = [f for f in hcm["http_filters"] if f["name"].endswith("ext_proc")]
            configs.append(ext_proc["typed_config"])
    return configs


def test_envoy_settings_in_every_envoy_facing_object(rendered: dict[str, list[Manifest]]) -> None:
    seen = 0
    for manifests in rendered.values():
        for config in ext_proc_configs(manifests):
            seen += 1
            assert config["failure_mode_allow"] is False
            assert config["status_on_error"] == {"code": 503}
            assert config["message_timeout"] == "2s"
            assert config["processing_mode"] == {
                "request_header_mode": "SEND",
                "request_body_mode": "BUFFERED",
                "request_trailer_mode": "SKIP",
                "response_header_mode": "SEND",
                "response_body_mode": "FULL_DUPLEX_STREAMED",
                "response_trailer_mode": "SEND",
            }
            assert config["metadata_options"]["receiving_namespaces"]["untyped"] == ["grounding"]
            allowed = {p["exact"] for p in config["forward_rules"]["allowed_headers"]["patterns"]}
            assert allowed == {":path", ":method", ":status", "content-type", "content-encoding",
                               "traceparent", "x-workspace-id"}  # fmt: skip
        for policy in by_kind(manifests, "EnvoyExtensionPolicy"):
            seen += 1
            ext_proc = policy["spec"]["extProc"][0]
            assert ext_proc["failOpen"] is False
            assert ext_proc["statusOnError"] == 503
            assert ext_proc["messageTimeout"] == "2s"
            assert ext_proc["processingMode"]["request"] == {"body": "Buffered"}
            assert ext_proc["processingMode"]["response"] == {"body": "FullDuplexStreamed"}
            assert ext_proc["metadata"]["writableNamespaces"] == ["grounding"]
            assert ext_proc["backendSettings"]["connection"]["bufferLimit"] == 1048576
        for envoy_filter in by_kind(manifests, "EnvoyFilter"):
            patches = {p["applyTo"]: p for p in envoy_filter["spec"]["configPatches"]}
            merged = patches["NETWORK_FILTER"]["patch"]["value"]["typed_config"]
            jwt = bool(by_kind(manifests, "RequestAuthentication"))
            expected = example_local_replies(jwt)
            if jwt:
                # Istio refuses a request without a token in the RBAC filter it makes of
                # the AuthorizationPolicy, not in jwt_authn: one more mapper, after jwt's.
                expected["mappers"].insert(2, istio_no_token_reply(manifests))
            assert merged["local_reply_config"] == expected
            limit = patches["LISTENER"]["patch"]["value"]["per_connection_buffer_limit_bytes"]
            assert limit == 1048576
        for config_map in by_kind(manifests, "ConfigMap"):
            if "envoy.yaml" in config_map.get("data", {}):
                manager = http_connection_manager(yaml.safe_load(config_map["data"]["envoy.yaml"]))
                jwt = manager["http_filters"][0]["name"] == "envoy.filters.http.jwt_authn"
                assert manager["local_reply_config"] == example_local_replies(jwt)
                fragment = yaml.safe_load(config_map["data"]["local-reply-config.yaml"])
                assert fragment == example_local_replies(jwt)
    assert seen >= 6


def istio_no_token_reply(manifests: list[Manifest]) -> dict[str, Any]:
    policy = one(manifests, "AuthorizationPolicy")["metadata"]
    name = f"ns[{policy['namespace']}]-policy[{policy['name']}]-rule["
    cel = "type.googleapis.com/envoy.extensions.access_loggers.filters.cel.v3.ExpressionFilter"
    return {
        "filter": {
            "extension_filter": {
                "name": "envoy.access_loggers.extension_filters.cel",
                "typed_config": {
                    "@type": cel,
                    "expression": "response.code_details.startsWith("
                    f"'rbac_access_denied_matched_policy[{name}')",
                },
            }
        },
        "status_code": 401,
        "body_format_override": {
            "json_format": {
                "error": {
                    "type": "authentication_error",
                    "code": "invalid_token",
                    "message": "Jwt is missing",
                    "status": "%RESPONSE_CODE%",
                }
            }
        },
    }


def example_local_replies(jwt: bool = False) -> dict[str, Any]:
    """deploy/envoy/envoy.yaml's (envoy-jwt.yaml's) local_reply_config."""
    endpoints = EnvoyEndpoints("127.0.0.1", 1, "127.0.0.1", 2)
    if jwt:
        text = render_jwt_config(endpoints, JwtIdentity("https://issuer.test", "aud", "{}"))
    else:
        text = render_config(endpoints)
    replies: dict[str, Any] = http_connection_manager(yaml.safe_load(text))["local_reply_config"]
    return replies


def test_processor_address_follows_the_mode(rendered: dict[str, list[Manifest]]) -> None:
    gateway = one(rendered["istio-gateway"], "EnvoyFilter")
    wrapped = gateway["spec"]["configPatches"][0]["patch"]["value"]["typed_config"]
    http_filter = wrapped["extension_config"]["typed_config"]
    cluster = http_filter["grpc_service"]["envoy_grpc"]["cluster_name"]
    assert cluster == "outbound|50051||gs-grounding-sidecar.llm.svc.cluster.local"
    sidecar = one(rendered["istio-sidecar"], "EnvoyFilter")
    added = [p for p in sidecar["spec"]["configPatches"] if p["applyTo"] == "CLUSTER"]
    address = added[0]["patch"]["value"]["load_assignment"]["endpoints"][0]["lb_endpoints"][0]
    assert address["endpoint"]["address"] == {"pipe": {"path": "/run/grounding/sidecar.sock"}}
    backend = one(rendered["eg-sidecar"], "Backend")
    assert backend["spec"]["endpoints"] == [{"unix": {"path": "/run/grounding/sidecar.sock"}}]
    policy = one(rendered["standalone"], "EnvoyExtensionPolicy")
    assert policy["spec"]["extProc"][0]["backendRefs"] == [
        {"name": "gs-grounding-sidecar", "port": 50051}
    ]


# --- workload defaults ----------------------------------------------------------------


def containers_of(manifests: list[Manifest]) -> list[dict[str, Any]]:
    found = []
    for deployment in by_kind(manifests, "Deployment"):
        found += deployment["spec"]["template"]["spec"]["containers"]
    for proxy in by_kind(manifests, "EnvoyProxy"):
        found += proxy["spec"]["provider"]["kubernetes"]["envoyDeployment"]["initContainers"]
    for config_map in by_kind(manifests, "ConfigMap"):
        snippet = config_map.get("data", {}).get("pod-snippet.yaml")
        if snippet:
            found += yaml.safe_load(snippet)["spec"]["initContainers"]
    return found


def test_every_container_is_locked_down(rendered: dict[str, list[Manifest]]) -> None:
    for name, manifests in rendered.items():
        containers = containers_of(manifests)
        assert containers, name
        for container in containers:
            security = container["securityContext"]
            assert security["runAsUser"] == 65532 and security["runAsNonRoot"] is True
            assert security["readOnlyRootFilesystem"] is True
            assert security["allowPrivilegeEscalation"] is False
            assert security["capabilities"] == {"drop": ["ALL"]}
            assert security["seccompProfile"] == {"type": "RuntimeDefault"}
            assert container["resources"]["requests"]["memory"]
            assert container["resources"]["limits"]["memory"]
            for probe in ("startupProbe", "readinessProbe", "livenessProbe"):
                assert container[probe]["grpc"] == {"port": 8081}
            mounts = {m["name"]: m for m in container["volumeMounts"]}
            # ConfigMaps mounted as directories: subPath mounts never see updates.
            assert all("subPath" not in m for m in mounts.values())
            assert mounts["gs-workspaces"]["mountPath"] == "/etc/grounding-sidecar/workspaces"


def access_log_fields(envoy_yaml: str) -> dict[str, str]:
    """The JSON access-log format of the listener's HTTP connection manager."""
    listener = yaml.safe_load(envoy_yaml)["static_resources"]["listeners"][0]
    hcm = listener["filter_chains"][0]["filters"][0]["typed_config"]
    (access_log,) = hcm["access_log"]
    fields: dict[str, str] = access_log["typed_config"]["log_format"]["json_format"]
    return fields


def test_the_plain_envoy_access_log_logs_as_the_example_config(
    rendered: dict[str, list[Manifest]],
) -> None:
    """The chart's snippet logs a subset of deploy/envoy/envoy.yaml's fields, each the
    same way, the trace context included (it names the check a line belongs to)."""
    chart = access_log_fields(
        one(rendered["plain-envoy"], "ConfigMap", "-envoy")["data"]["envoy.yaml"]
    )
    example = access_log_fields(render_config(EnvoyEndpoints("127.0.0.1", 1, "127.0.0.1", 2)))
    assert chart["traceparent"] == example["traceparent"] == "%REQ(TRACEPARENT)%"
    assert chart["grounding_verdict"] == "%DYNAMIC_METADATA(grounding:verdict)%"
    assert chart.items() <= example.items()


def test_sidecars_are_native_sidecars(rendered: dict[str, list[Manifest]]) -> None:
    for name in ("eg-sidecar", "istio-sidecar", "plain-envoy"):
        for container in containers_of(rendered[name]):
            assert container["restartPolicy"] == "Always"


def test_standalone_has_pdb_spread_and_hpa(rendered: dict[str, list[Manifest]]) -> None:
    manifests = rendered["standalone"]
    deployment = one(manifests, "Deployment")
    assert "replicas" not in deployment["spec"]  # the HPA owns it
    spec = deployment["spec"]["template"]["spec"]
    assert {c["topologyKey"] for c in spec["topologySpreadConstraints"]} == {
        "kubernetes.io/hostname",
        "topology.kubernetes.io/zone",
    }
    assert spec["securityContext"]["seccompProfile"] == {"type": "RuntimeDefault"}
    assert one(manifests, "PodDisruptionBudget")["spec"]["maxUnavailable"] == 1
    assert one(manifests, "HorizontalPodAutoscaler")["spec"]["maxReplicas"] == 6
    assert not by_kind(rendered["monitoring-off"], "PodDisruptionBudget")


# --- configuration --------------------------------------------------------------------


def test_values_reach_the_sidecar_config(rendered: dict[str, list[Manifest]]) -> None:
    manifests = rendered["standalone"]
    config = yaml.safe_load(one(manifests, "ConfigMap", "-config")["data"]["config.yaml"])
    assert config["enabled"] is True and config["action"] == "LOG"
    assert config["embedder"] == "minilm" and config["precision"] == "auto"
    assert config["max-sources"] == 50 and config["check-deadline"] == 5
    assert config["policy-dir"] == "/etc/grounding-sidecar/workspaces"
    assert "similarity-threshold" not in config  # null: the embedder's default
    workspaces = one(manifests, "ConfigMap", "-workspaces")["data"]["workspaces.json"]
    assert json.loads(workspaces) == {
        "workspaces": [
            {
                "id": "acme-corp",
                "metadata": {
                    "grounding.enabled": "true",
                    "grounding.action": "BLOCK",
                    "grounding.max-sources": "20",
                },
            }
        ]
    }


def test_embedding_parallelism_values_reach_serve(tmp_path: Path) -> None:
    sets = ["settings.embedWorkers=3", "settings.embedThreads=1"]
    manifests = render(sets=sets)
    text = one(manifests, "ConfigMap", "-config")["data"]["config.yaml"]
    config = yaml.safe_load(text)
    assert (config["embed-workers"], config["embed-threads"]) == (3, 1)
    path = tmp_path / "config.yaml"
    path.write_text(text)
    # The rendered file is one serve accepts (the pod's mount point stands in here).
    settings = load_settings(config_file=path, flags={"policy-dir": str(tmp_path)})
    assert (settings.embed_workers, settings.embed_threads) == (3, 1)


def test_a_checker_volume_is_mounted_and_named_as_the_verifier_model(tmp_path: Path) -> None:
    sets = [
        "model.verifierVolume.persistentVolumeClaim.claimName=nli-checker",
        "model.verifierSubPath=deberta-v3",
    ]
    manifests = render(sets=sets)
    text = one(manifests, "ConfigMap", "-config")["data"]["config.yaml"]
    assert (
        yaml.safe_load(text)["verifier-model"] == "/etc/grounding-sidecar/verifier-model/deberta-v3"
    )
    pod = one(manifests, "Deployment")["spec"]["template"]["spec"]
    volume = {"name": "gs-verifier-model", "persistentVolumeClaim": {"claimName": "nli-checker"}}
    assert volume in pod["volumes"]
    (container,) = pod["containers"]
    mount = {
        "name": "gs-verifier-model",
        "mountPath": "/etc/grounding-sidecar/verifier-model",
        "readOnly": True,
    }
    assert mount in container["volumeMounts"]
    path = tmp_path / "config.yaml"
    path.write_text(text)
    settings = load_settings(config_file=path, flags={"policy-dir": str(tmp_path)})
    assert settings.verifier_model == "/etc/grounding-sidecar/verifier-model/deberta-v3"
    default = one(render(), "ConfigMap", "-config")["data"]["config.yaml"]
    assert "verifier-model" not in yaml.safe_load(default)


def test_fitted_calibration_values_become_the_file_serve_loads(tmp_path: Path) -> None:
    params = json.loads(PARAMS.read_text())
    values = tmp_path / "calibration-values.yaml"
    values.write_text(yaml.safe_dump({"model": {"embedder": "hash", "calibration": params}}))
    config_map = one(render([values]), "ConfigMap", "-config")["data"]
    config = yaml.safe_load(config_map["config.yaml"])
    assert config["calibration"] == "/etc/grounding-sidecar/config/calibration.json"
    written = tmp_path / "calibration.json"
    written.write_text(config_map["calibration.json"])
    assert (
        load_calibration_file(written, HashEmbedder()).tag == CalibratedModel.from_json(params).tag
    )
    default = one(render(), "ConfigMap", "-config")["data"]
    assert "calibration.json" not in default and "calibration" not in yaml.safe_load(
        default["config.yaml"]
    )


def test_existing_workspaces_configmap_is_used_as_is() -> None:
    manifests = render(sets=["existingWorkspacesConfigMap=gitops-export"])
    assert not [m for m in manifests if m["metadata"]["name"].endswith("-workspaces")]
    volumes = one(manifests, "Deployment")["spec"]["template"]["spec"]["volumes"]
    assert {"name": "gs-workspaces", "configMap": {"name": "gitops-export"}} in volumes


# --- monitoring -----------------------------------------------------------------------


def test_prometheus_rule_is_the_promtool_tested_file(rendered: dict[str, list[Manifest]]) -> None:
    source = CHART / "files" / "prometheus" / "grounding-rules.yaml"
    expected = yaml.safe_load(source.read_text())["groups"]
    for name in ("standalone", "eg-sidecar", "istio-sidecar", "plain-envoy"):
        assert one(rendered[name], "PrometheusRule")["spec"]["groups"] == expected


def test_monitors_follow_the_mode_and_carry_extra_labels(
    rendered: dict[str, list[Manifest]],
) -> None:
    monitor = one(rendered["standalone"], "ServiceMonitor")
    assert monitor["metadata"]["labels"]["release"] == "kube-prometheus-stack"
    assert not by_kind(rendered["standalone"], "PodMonitor")
    pod_monitor = one(rendered["eg-sidecar"], "PodMonitor")
    proxy = one(rendered["eg-sidecar"], "EnvoyProxy")
    pod_labels = proxy["spec"]["provider"]["kubernetes"]["envoyDeployment"]["pod"]["labels"]
    assert pod_monitor["spec"]["selector"]["matchLabels"].items() <= pod_labels.items()
    dashboard = one(rendered["standalone"], "ConfigMap", "-dashboard")
    assert dashboard["metadata"]["labels"]["grafana_dashboard"] == "1"
    assert all(json.loads(text) for text in dashboard["data"].values())


def test_monitoring_off_renders_no_monitoring(rendered: dict[str, list[Manifest]]) -> None:
    kinds = {m["kind"] for m in rendered["monitoring-off"]}
    assert not kinds & {"ServiceMonitor", "PodMonitor", "PrometheusRule"}
    assert not [
        m for m in rendered["monitoring-off"] if m["metadata"]["name"].endswith("-dashboard")
    ]


def test_monitoring_crds_are_gated_on_capabilities() -> None:
    manifests = render(api_versions=())
    assert not {m["kind"] for m in manifests} & {"ServiceMonitor", "PrometheusRule"}
    assert one(manifests, "Deployment")


GRACEFUL_CLOSE = "envoy.reloadable_features.ext_proc_graceful_grpc_close"


def runtime_flags(bootstrap: dict[str, Any]) -> dict[str, Any]:
    flags: dict[str, Any] = {}
    for layer in bootstrap.get("layered_runtime", {}).get("layers", []):
        flags |= layer.get("static_layer", {})
    return flags


def test_every_envoy_the_chart_configures_closes_processor_streams_gracefully(
    rendered: dict[str, list[Manifest]],
) -> None:
    """Without the runtime flag Envoy resets each ext_proc stream (docs/operations.md)."""
    endpoints = EnvoyEndpoints("127.0.0.1", 1, "127.0.0.1", 2)
    example = yaml.safe_load(render_config(endpoints))
    assert runtime_flags(example)[GRACEFUL_CLOSE] is True
    plain = one(rendered["plain-envoy"], "ConfigMap", "-envoy")["data"]
    assert runtime_flags(yaml.safe_load(plain["envoy.yaml"])) == runtime_flags(example)
    assert runtime_flags(yaml.safe_load(plain["runtime.yaml"])) == runtime_flags(example)
    bootstrap = one(rendered["eg-sidecar"], "EnvoyProxy")["spec"]["bootstrap"]
    assert bootstrap["type"] == "Merge"
    assert runtime_flags(yaml.safe_load(bootstrap["value"])) == runtime_flags(example)
    snippet = one(rendered["istio-sidecar"], "ConfigMap", "-pod-snippet")["data"]
    annotations = yaml.safe_load(snippet["pod-snippet.yaml"])["metadata"]["annotations"]
    override = one(rendered["istio-sidecar"], "ConfigMap", "-istio-bootstrap")
    assert annotations["sidecar.istio.io/bootstrapOverride"] == override["metadata"]["name"]
    merged = json.loads(override["data"]["custom_bootstrap.json"])
    assert runtime_flags(merged) == runtime_flags(example)
