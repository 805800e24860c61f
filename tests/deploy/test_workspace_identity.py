"""The chart's workspace identity and fail-closed pieces, rendered (docs/deployment.md,
"Who names the workspace" and "When the processor is down").

Every plain-Envoy rendering is accepted by the real Envoy (`envoy --mode validate`).
SecurityPolicy (Envoy Gateway) and RequestAuthentication / AuthorizationPolicy (Istio)
have no vendored CRD schema (tests/deploy/schemas/README.md): their structure is checked
here field by field, against the field names of Envoy Gateway's api/v1alpha1
jwt_types.go and Istio's security/v1 API.
"""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path
from typing import Any

import pytest
import yaml

from devtools.envoy_process import (
    EnvoyEndpoints,
    http_connection_manager,
    render_config,
    validate_config,
)
from tests.support.jwt_tokens import Issuer

from .chart import CHART, Manifest, by_kind, helm, one, render

pytestmark = [pytest.mark.helm, pytest.mark.envoy]

PLAIN = CHART / "ci" / "plain-envoy-values.yaml"
URI = "https://identity.example.com/.well-known/jwks.json"


def plain_envoy(values: Sequence[Path] = (PLAIN,), sets: Sequence[str] = ()) -> dict[str, Any]:
    manifests = render(values, sets)
    text = one(manifests, "ConfigMap", "-envoy")["data"]["envoy.yaml"]
    config: dict[str, Any] = yaml.safe_load(text)
    return config


def inline_jwks_values(tmp_path: Path) -> Path:
    path = tmp_path / "inline-jwks.yaml"
    jwks = {"inline": Issuer().jwks, "uri": ""}
    path.write_text(yaml.safe_dump({"workspaceIdentity": {"jwt": {"jwks": jwks}}}))
    return path


VARIANTS = {
    "profile (remote JWKS)": [],
    "no jwt, header removed": ["workspaceIdentity.jwt.enabled=false"],
    "client header trusted": [
        "workspaceIdentity.jwt.enabled=false",
        "workspaceIdentity.stripClientHeader=false",
    ],
    "standalone": ["mode=standalone"],
    "jwks over http with a port": ["workspaceIdentity.jwt.jwks.uri=http://idp.internal:8080/jwks"],
}


@pytest.mark.parametrize("sets", VARIANTS.values(), ids=VARIANTS.keys())
def test_every_plain_envoy_rendering_is_a_config_envoy_accepts(sets: list[str]) -> None:
    manifests = render([PLAIN], sets)
    text = one(manifests, "ConfigMap", "-envoy")["data"]["envoy.yaml"]
    assert validate_config(text) == ""


def test_the_inline_jwks_rendering_is_a_config_envoy_accepts(tmp_path: Path) -> None:
    manifests = render([PLAIN, inline_jwks_values(tmp_path)])
    text = one(manifests, "ConfigMap", "-envoy")["data"]["envoy.yaml"]
    assert validate_config(text) == ""
    provider = http_connection_manager(yaml.safe_load(text))["http_filters"][0]["typed_config"]
    assert "inline_string" in provider["providers"]["workspace_identity"]["local_jwks"]


def test_ext_proc_is_scoped_to_the_chat_routes_as_in_the_example() -> None:
    chart_routes = http_connection_manager(plain_envoy())["route_config"]["virtual_hosts"][0]
    example = yaml.safe_load(render_config(EnvoyEndpoints("127.0.0.1", 1, "127.0.0.1", 2)))
    example_routes = http_connection_manager(example)["route_config"]["virtual_hosts"][0]

    def scoping(routes: list[dict[str, Any]]) -> list[tuple[Any, Any]]:
        return [(r["match"], r.get("typed_per_filter_config")) for r in routes]

    assert scoping(chart_routes["routes"]) == scoping(example_routes["routes"])
    chat, rest = chart_routes["routes"]
    assert chat["match"] == {"safe_regex": {"regex": ".*/chat/completions/*"}}
    assert "typed_per_filter_config" not in chat
    assert rest["typed_per_filter_config"]["envoy.filters.http.ext_proc"]["disabled"] is True


def header_removals(config: dict[str, Any]) -> list[str]:
    manager = http_connection_manager(config)
    return [
        mutation["remove"]
        for extension in manager.get("early_header_mutation_extensions", [])
        for mutation in extension["typed_config"]["mutations"]
    ]


def test_the_clients_workspace_header_is_removed_unless_the_operator_opts_out() -> None:
    assert header_removals(plain_envoy()) == ["x-workspace-id"]
    assert header_removals(plain_envoy(sets=["workspaceIdentity.jwt.enabled=false"])) == [
        "x-workspace-id"
    ]
    assert header_removals(plain_envoy(sets=["workspaceIdentity.stripClientHeader=false"])) == []
    renamed = plain_envoy(sets=["settings.workspaceHeader=X-Tenant"])
    assert header_removals(renamed) == ["x-tenant"]
    provider = http_connection_manager(renamed)["http_filters"][0]["typed_config"]["providers"]
    claim_headers = provider["workspace_identity"]["claim_to_headers"]
    assert claim_headers == [{"header_name": "x-tenant", "claim_name": "workspace"}]


def test_jwt_authn_sets_the_header_ahead_of_ext_proc() -> None:
    config = plain_envoy(sets=["workspaceIdentity.jwt.claim=tenant.id"])
    manager = http_connection_manager(config)
    names = [f["name"] for f in manager["http_filters"]]
    assert names == [
        "envoy.filters.http.jwt_authn",
        "envoy.filters.http.ext_proc",
        "envoy.filters.http.router",
    ]
    jwt = manager["http_filters"][0]["typed_config"]
    provider = jwt["providers"]["workspace_identity"]
    assert provider["issuer"] == "https://identity.example.com"
    assert provider["audiences"] == ["llm-gateway"]
    assert provider["forward"] is False
    assert provider["claim_to_headers"] == [
        {"header_name": "x-workspace-id", "claim_name": "tenant.id"}
    ]
    assert provider["remote_jwks"]["http_uri"] == {
        "uri": URI, "cluster": "workspace_jwks", "timeout": "5s"
    }  # fmt: skip
    # No token, no service: every path requires the provider.
    assert jwt["rules"] == [
        {"match": {"prefix": "/"}, "requires": {"provider_name": "workspace_identity"}}
    ]
    (cluster,) = [
        c for c in config["static_resources"]["clusters"] if c["name"] == "workspace_jwks"
    ]
    endpoint = cluster["load_assignment"]["endpoints"][0]["lb_endpoints"][0]["endpoint"]
    assert endpoint["address"]["socket_address"] == {
        "address": "identity.example.com", "port_value": 443
    }  # fmt: skip
    assert cluster["transport_socket"]["typed_config"]["sni"] == "identity.example.com"


def test_a_jwks_uri_with_a_port_and_plain_http() -> None:
    config = plain_envoy(sets=["workspaceIdentity.jwt.jwks.uri=http://idp.internal:8080/jwks"])
    (cluster,) = [
        c for c in config["static_resources"]["clusters"] if c["name"] == "workspace_jwks"
    ]
    endpoint = cluster["load_assignment"]["endpoints"][0]["lb_endpoints"][0]["endpoint"]
    assert endpoint["address"]["socket_address"] == {"address": "idp.internal", "port_value": 8080}
    assert "transport_socket" not in cluster


# --- Envoy Gateway ---------------------------------------------------------------------

# Field names of Envoy Gateway's JWTProvider and ClaimToHeader (api/v1alpha1/jwt_types.go).
EG_JWT_PROVIDER_FIELDS = {"name", "issuer", "audiences", "remoteJWKS", "localJWKS",
                          "claimToHeaders", "recomputeRoute", "extractFrom"}  # fmt: skip


def test_the_security_policy_writes_the_claim_into_the_workspace_header(
    rendered: dict[str, list[Manifest]],
) -> None:
    policy = one(rendered["standalone"], "SecurityPolicy")
    assert policy["apiVersion"] == "gateway.envoyproxy.io/v1alpha1"
    spec = policy["spec"]
    assert set(spec) == {"targetRefs", "jwt"}
    # Its targets default to the EnvoyExtensionPolicy's: the same traffic.
    extension = one(rendered["standalone"], "EnvoyExtensionPolicy")
    assert spec["targetRefs"] == extension["spec"]["targetRefs"]
    assert set(spec["jwt"]) == {"providers"}  # no `optional`: a token is required
    (provider,) = spec["jwt"]["providers"]
    assert set(provider) <= EG_JWT_PROVIDER_FIELDS
    assert provider["issuer"] == "https://identity.example.com"
    assert provider["audiences"] == ["llm-gateway"]
    assert provider["remoteJWKS"] == {"uri": URI}
    assert provider["claimToHeaders"] == [{"header": "x-workspace-id", "claim": "workspace"}]


def test_the_security_policy_takes_an_inline_jwks_and_its_own_targets(tmp_path: Path) -> None:
    values = tmp_path / "eg.yaml"
    values.write_text(
        yaml.safe_dump(
            {
                "envoyGateway": {
                    "securityPolicy": {
                        "targetRefs": [
                            {
                                "group": "gateway.networking.k8s.io",
                                "kind": "HTTPRoute",
                                "name": "chat",
                                "sectionName": "completions",
                            }
                        ]
                    }
                }
            }
        )
    )
    manifests = render(
        [CHART / "ci" / "standalone-values.yaml", inline_jwks_values(tmp_path), values]
    )
    spec = one(manifests, "SecurityPolicy")["spec"]
    assert spec["targetRefs"][0]["sectionName"] == "completions"
    (provider,) = spec["jwt"]["providers"]
    assert provider["localJWKS"]["type"] == "Inline"
    assert provider["localJWKS"]["inline"].startswith('{"keys":')
    assert "remoteJWKS" not in provider


# --- Istio -------------------------------------------------------------------------------

# Istio security/v1 JWTRule and ClaimToHeader field names.
ISTIO_JWT_RULE_FIELDS = {"issuer", "audiences", "jwksUri", "jwks", "fromHeaders", "fromParams",
                         "fromCookies", "outputPayloadToHeader", "forwardOriginalToken",
                         "outputClaimToHeaders", "timeout"}  # fmt: skip


def test_istio_verifies_the_token_requires_it_and_copies_the_claim(
    rendered: dict[str, list[Manifest]],
) -> None:
    manifests = rendered["istio-gateway"]
    selector = one(manifests, "EnvoyFilter")["spec"]["workloadSelector"]["labels"]
    authentication = one(manifests, "RequestAuthentication")
    assert authentication["apiVersion"] == "security.istio.io/v1"
    spec = authentication["spec"]
    assert set(spec) == {"selector", "jwtRules"}
    assert spec["selector"] == {"matchLabels": selector}
    (rule,) = spec["jwtRules"]
    assert set(rule) <= ISTIO_JWT_RULE_FIELDS
    assert rule["jwksUri"] == URI and rule["forwardOriginalToken"] is False
    assert rule["outputClaimToHeaders"] == [{"header": "x-workspace-id", "claim": "workspace"}]
    # A RequestAuthentication alone admits requests without a token: this denies them.
    policy = one(manifests, "AuthorizationPolicy")
    assert policy["apiVersion"] == "security.istio.io/v1"
    assert policy["spec"] == {
        "selector": {"matchLabels": selector},
        "action": "DENY",
        "rules": [{"from": [{"source": {"notRequestPrincipals": ["*"]}}]}],
    }


def test_istio_objects_select_the_injected_pods_in_sidecar_mode(tmp_path: Path) -> None:
    manifests = render(
        [CHART / "ci" / "istio-sidecar-values.yaml", inline_jwks_values(tmp_path)],
        [
            "workspaceIdentity.jwt.enabled=true",
            "workspaceIdentity.jwt.issuer=https://identity.example.com",
            "workspaceIdentity.jwt.audiences[0]=llm-gateway",
        ],
    )
    labels = one(manifests, "EnvoyFilter")["spec"]["workloadSelector"]["labels"]
    assert labels == {"grounding-sidecar.io/injected": "gs-grounding-sidecar"}
    for kind in ("RequestAuthentication", "AuthorizationPolicy"):
        assert one(manifests, kind)["spec"]["selector"] == {"matchLabels": labels}
    (rule,) = one(manifests, "RequestAuthentication")["spec"]["jwtRules"]
    assert rule["jwks"].startswith('{"keys":') and "jwksUri" not in rule


def strip_patches(manifests: list[Manifest]) -> list[dict[str, Any]]:
    return [
        p
        for p in one(manifests, "EnvoyFilter")["spec"]["configPatches"]
        if p["applyTo"] == "HTTP_FILTER" and p["patch"]["operation"] == "INSERT_FIRST"
    ]


def test_istio_removes_the_clients_header_first_in_the_chain(
    rendered: dict[str, list[Manifest]],
) -> None:
    for profile in ("istio-gateway", "istio-sidecar"):
        (patch,) = strip_patches(rendered[profile])
        value = patch["patch"]["value"]
        assert value["typed_config"]["mutations"] == {
            "request_mutations": [{"remove": "x-workspace-id"}]
        }
    trusting = render([CHART / "ci" / "istio-sidecar-values.yaml"],
                      ["workspaceIdentity.stripClientHeader=false"])  # fmt: skip
    assert strip_patches(trusting) == []
    assert not by_kind(rendered["istio-sidecar"], "RequestAuthentication")  # no jwt there


# --- incomplete identity settings ---------------------------------------------------------

INCOMPLETE = {
    "no jwks": (["workspaceIdentity.jwt.jwks.uri="], "set exactly one of inline and uri"),
    "two jwks": (["workspaceIdentity.jwt.jwks.inline=keys"], "set exactly one of inline and uri"),
    "security policy without jwt": (
        [
            "mode=standalone",
            "workspaceIdentity.jwt.enabled=false",
            "envoyGateway.securityPolicy.enabled=true",
        ],
        "envoyGateway.securityPolicy: set workspaceIdentity.jwt",
    ),
}


@pytest.mark.parametrize(("sets", "message"), INCOMPLETE.values(), ids=INCOMPLETE.keys())
def test_incomplete_identity_settings_fail_the_render(sets: list[str], message: str) -> None:
    args = ["template", "gs", str(CHART), "-f", str(PLAIN)]
    for item in sets:
        args += ["--set", item]
    result = helm(*args, check=False)
    assert result.returncode != 0
    assert message in result.stderr
