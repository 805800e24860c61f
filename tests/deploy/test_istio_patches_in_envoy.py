"""The Istio EnvoyFilter's patches do what they say in the real Envoy.

There is no Istio here, so the test does Istio's part: it applies the rendered
ci/istio-gateway-values.yaml patches to a minimal listener (the header removal first in
the chain, the matcher-wrapped ext_proc before the router, the local replies merged
into the HTTP connection manager, the listener's buffer limit) and names the processor
cluster as Istio's outbound cluster is named.  Istio's own jwt_authn (from the
RequestAuthentication) is not part of it; the RBAC filter Istio makes of the chart's
AuthorizationPolicy is, named as Istio names it, with "no authorization header" in
place of Istio's "no verified principal".  A `grounding-sidecar serve` (hash embedder,
BLOCK) stands behind that cluster, then is killed.
"""

from __future__ import annotations

import http.client
import json
import subprocess
import sys
import uuid
from collections.abc import Iterator
from dataclasses import dataclass
from typing import Any

import pytest
import yaml

from devtools.envoy_process import EnvoyProcess
from devtools.mock_upstream import MockUpstream
from devtools.serving import ServingProcess, start_serving

from .chart import CHART, one, render

pytestmark = [pytest.mark.helm, pytest.mark.envoy]

SOURCE = "The Eiffel Tower is located in Paris and was completed in 1889."
UNGROUNDED = "The Great Wall of China is visible from the moon with the naked eye."
HCM = (
    "type.googleapis.com/"
    "envoy.extensions.filters.network.http_connection_manager.v3.HttpConnectionManager"
)


def patched_bootstrap(upstream_port: int, processor_port: int) -> str:
    manifests = render([CHART / "ci" / "istio-gateway-values.yaml"])
    patches = one(manifests, "EnvoyFilter")["spec"]["configPatches"]

    def values(apply_to: str, operation: str) -> list[dict[str, Any]]:
        return [
            dict(p["patch"]["value"])
            for p in patches
            if p["applyTo"] == apply_to and p["patch"]["operation"] == operation
        ]

    def value(apply_to: str, operation: str) -> dict[str, Any]:
        (found,) = values(apply_to, operation)
        return found

    # Inserted before the router in order: ext_proc, then the accept-encoding removal.
    ext_proc, uncompressed = values("HTTP_FILTER", "INSERT_BEFORE")
    assert ext_proc["name"] == "envoy.filters.http.ext_proc"
    policy = one(manifests, "AuthorizationPolicy")
    assert policy["spec"]["action"] == "DENY"
    rbac = {
        "name": "envoy.filters.http.rbac",
        "typed_config": {
            "@type": "type.googleapis.com/envoy.extensions.filters.http.rbac.v3.RBAC",
            "rules": {
                "action": "DENY",
                "policies": {
                    f"ns[{policy['metadata']['namespace']}]-policy[{policy['metadata']['name']}]"
                    "-rule[0]": {
                        "permissions": [{"any": True}],
                        "principals": [
                            {"not_id": {"header": {"name": "authorization", "present_match": True}}}
                        ],
                    }
                },
            },
        },
    }
    inner = ext_proc["typed_config"]["extension_config"]["typed_config"]
    cluster = inner["grpc_service"]["envoy_grpc"]["cluster_name"]
    manager = {
        "@type": HCM,
        "stat_prefix": "istio_like",
        "route_config": {
            "virtual_hosts": [
                {
                    "name": "all",
                    "domains": ["*"],
                    "routes": [{"match": {"prefix": "/"}, "route": {"cluster": "llm"}}],
                }
            ]
        },
        "http_filters": [
            value("HTTP_FILTER", "INSERT_FIRST"),
            rbac,
            ext_proc,
            uncompressed,
            {
                "name": "envoy.filters.http.router",
                "typed_config": {
                    "@type": "type.googleapis.com/envoy.extensions.filters.http.router.v3.Router"
                },
            },
        ],
    }
    merged = value("NETWORK_FILTER", "MERGE")["typed_config"]
    assert merged.pop("@type") == HCM
    manager |= merged

    def static_cluster(name: str, port: int, http2: bool) -> dict[str, Any]:
        address = {"socket_address": {"address": "127.0.0.1", "port_value": port}}
        built: dict[str, Any] = {
            "name": name,
            "type": "STATIC",
            "connect_timeout": "1s",
            "load_assignment": {
                "cluster_name": name,
                "endpoints": [{"lb_endpoints": [{"endpoint": {"address": address}}]}],
            },
        }
        if http2:
            options = "type.googleapis.com/envoy.extensions.upstreams.http.v3.HttpProtocolOptions"
            built["typed_extension_protocol_options"] = {
                "envoy.extensions.upstreams.http.v3.HttpProtocolOptions": {
                    "@type": options,
                    "explicit_http_config": {"http2_protocol_options": {}},
                }
            }
        return built

    listener = {
        "name": "ingress",
        "address": {"socket_address": {"address": "127.0.0.1", "port_value": 0}},
        "filter_chains": [
            {
                "filters": [
                    {
                        "name": "envoy.filters.network.http_connection_manager",
                        "typed_config": manager,
                    }
                ]
            }
        ],
        **value("LISTENER", "MERGE"),
    }
    bootstrap = {
        "admin": {"address": {"socket_address": {"address": "127.0.0.1", "port_value": 0}}},
        "static_resources": {
            "listeners": [listener],
            "clusters": [
                static_cluster("llm", upstream_port, http2=False),
                static_cluster(cluster, processor_port, http2=True),
            ],
        },
    }
    return str(yaml.safe_dump(bootstrap))


@dataclass
class Patched:
    envoy: EnvoyProcess
    sidecar: ServingProcess
    upstream: MockUpstream


@pytest.fixture(scope="module")
def patched() -> Iterator[Patched]:
    upstream = MockUpstream().start()
    command = [
        sys.executable, "-m", "grounding_sidecar", "serve", "--port", "0", "--embedder", "hash",
        "--enabled", "--action", "BLOCK", "--metrics-port", "0", "--audit-sink", "stderr",
    ]  # fmt: skip
    try:
        sidecar = start_serving(command, timeout=60.0, stderr=subprocess.DEVNULL)
        try:
            envoy = EnvoyProcess(patched_bootstrap(upstream.port, sidecar.port())).start()
            try:
                yield Patched(envoy, sidecar, upstream)
            finally:
                envoy.stop()
        finally:
            sidecar.stop()
    finally:
        upstream.stop()


def request(
    port: int, method: str, path: str, headers: dict[str, str], *, token: bool = True
) -> tuple[int, dict[str, str], bytes]:
    """`token`: send an authorization header (what the stand-in for Istio's RBAC reads)."""
    if token:
        headers = {"authorization": "Bearer stand-in", **headers}
    body = b""
    if method == "POST":
        body = json.dumps(
            {
                "model": "m",
                "messages": [{"role": "user", "content": "Where is it?"}],
                "metadata": {"grounding.sources": [SOURCE]},
            }
        ).encode()
        headers = {"content-type": "application/json", **headers}
    connection = http.client.HTTPConnection("127.0.0.1", port, timeout=30)
    try:
        connection.request(method, path, body=body or None, headers=headers)
        response = connection.getresponse()
        return response.status, {k.lower(): v for k, v in response.getheaders()}, response.read()
    finally:
        connection.close()


def test_the_filter_checks_chat_only_and_the_clients_header_never_arrives(
    patched: Patched,
) -> None:
    port = patched.envoy.port
    test_id = uuid.uuid4().hex
    status, headers, body = request(
        port, "POST", "/v1/chat/completions",
        {"x-mock-answer": UNGROUNDED, "x-workspace-id": "anything", "x-test-id": test_id},
    )  # fmt: skip
    assert status == 403, body  # the global BLOCK: checked through the matcher
    assert json.loads(body)["error"]["code"] == "hallucination_detected"
    assert headers["x-grounding-verdict"] == "fail"
    models_id = uuid.uuid4().hex
    status, _, body = request(
        port, "GET", "/v1/models", {"x-workspace-id": "anything", "x-test-id": models_id}
    )
    assert status == 200, body
    for sent, path in ((test_id, "/v1/chat/completions"), (models_id, "/v1/models")):
        (received,) = patched.upstream.requests_with("x-test-id", sent)
        assert received.path == path
        assert received.values("x-workspace-id") == []


def test_chat_answers_are_asked_uncompressed_and_other_paths_keep_the_header(
    patched: Patched,
) -> None:
    accepts = "gzip, deflate, br"
    chat_id, models_id = uuid.uuid4().hex, uuid.uuid4().hex
    status, _, body = request(
        patched.envoy.port, "POST", "/v1/chat/completions?api-version=1",
        {"accept-encoding": accepts, "x-test-id": chat_id, "x-mock-encoding": "if-asked"},
    )  # fmt: skip
    assert status == 200, body  # the default answer is the source: checked and passed
    status, _, body = request(
        patched.envoy.port,
        "GET",
        "/v1/models",
        {"accept-encoding": accepts, "x-test-id": models_id},
    )
    assert status == 200, body
    (chat,) = patched.upstream.requests_with("x-test-id", chat_id)
    assert chat.values("accept-encoding") == []
    (models,) = patched.upstream.requests_with("x-test-id", models_id)
    assert models.values("accept-encoding") == [accepts]


def test_a_request_without_a_token_gets_a_json_401_and_never_reaches_the_upstream(
    patched: Patched,
) -> None:
    test_id = uuid.uuid4().hex
    for method, path in (("POST", "/v1/chat/completions"), ("GET", "/v1/models")):
        status, headers, body = request(
            patched.envoy.port, method, path, {"x-test-id": test_id}, token=False
        )
        assert status == 401, body
        assert headers["content-type"] == "application/json"
        error = json.loads(body)["error"]
        assert (error["type"], error["code"]) == ("authentication_error", "invalid_token")
        assert error["message"] == "Jwt is missing"  # as plain Envoy's jwt_authn says it
    assert patched.upstream.requests_with("x-test-id", test_id) == []


def test_with_the_processor_killed_chat_is_503_and_other_paths_work(patched: Patched) -> None:
    patched.sidecar.process.kill()  # SIGKILL this pid only
    patched.sidecar.process.wait(timeout=10)
    port = patched.envoy.port
    status, headers, body = request(port, "POST", "/v1/chat/completions", {})
    assert status == 503, body
    assert headers["retry-after"] == "5"
    error = json.loads(body)["error"]
    assert error["type"] == error["code"] == "guardrail_unavailable"
    status, _, body = request(port, "GET", "/v1/models", {})
    assert status == 200, body
    status, _, body = request(port, "POST", "/v1/embeddings", {})
    assert status == 200, body
