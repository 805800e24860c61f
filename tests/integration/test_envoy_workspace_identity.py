"""Who names the workspace (docs/deployment.md, "Who names the workspace").

Through the real Envoy and the suite's sidecar (workspaces `log`, `block`, ...; the
global policy is LOG): deploy/envoy/envoy.yaml as shipped drops the client's
`x-workspace-id`, and deploy/envoy/envoy-jwt.yaml sets it from the `workspace` claim of
a verified RS256 JWT (a key made for this run, `local_jwks.inline_string`), so a client
can never pick a policy its token does not name.  Which workspace the sidecar applied
is read from its own record of the check (`Recorder`, by trace id), and what went
upstream from the mock upstream's record.
"""

from __future__ import annotations

import json
import uuid
from collections.abc import Iterator, Sequence
from typing import Any

import pytest
import yaml

from devtools.envoy_process import (
    EnvoyEndpoints,
    EnvoyProcess,
    JwtIdentity,
    http_connection_manager,
    render_config,
    render_jwt_config,
)
from tests.support.jwt_tokens import Issuer

from .conftest import start_envoy
from .harness import GROUNDED, UNGROUNDED, Reply, Stack, chat, traceparent

pytestmark = pytest.mark.envoy

Headers = Sequence[tuple[str, str]]


@pytest.fixture(scope="module")
def issuer() -> Issuer:
    return Issuer()


@pytest.fixture(scope="module")
def jwt_stack(stack: Stack, issuer: Issuer) -> Iterator[Stack]:
    """envoy-jwt.yaml in front of the session's sidecar and upstream."""
    assert stack.sidecar is not None
    endpoints = EnvoyEndpoints("127.0.0.1", stack.upstream.port, "127.0.0.1", stack.sidecar.port)
    identity = JwtIdentity(issuer.issuer, issuer.audience, issuer.jwks)
    envoy = EnvoyProcess(render_jwt_config(endpoints, identity)).start()
    yield Stack(
        envoy=envoy, upstream=stack.upstream, sidecar=stack.sidecar, recorder=stack.recorder
    )
    envoy.stop()


@pytest.fixture(scope="module")
def shipped_stack(stack: Stack) -> Iterator[Stack]:
    """envoy.yaml exactly as shipped (no opt-in to client-chosen workspaces)."""
    assert stack.sidecar is not None
    envoy = start_envoy(stack.upstream.port, stack.sidecar.port, trust_client_workspace=False)
    yield Stack(
        envoy=envoy, upstream=stack.upstream, sidecar=stack.sidecar, recorder=stack.recorder
    )
    envoy.stop()


class Sent:
    """One request: its reply, and the trace id (and `x-test-id`) that names it."""

    def __init__(self, reply: Reply, trace: str) -> None:
        self.reply = reply
        self.trace = trace


def send(
    stack: Stack,
    headers: Headers,
    *,
    answer: str = UNGROUNDED,
    method: str = "POST",
    path: str = "/v1/chat/completions",
    stream: bool = False,
) -> Sent:
    """A request with exactly `headers` (repeats kept) besides the test's own: no
    `authorization` unless `headers` has one."""
    trace = uuid.uuid4().hex
    body = json.dumps(chat(stream=stream)).encode() if method == "POST" else b""
    connection = stack.connection()
    try:
        connection.putrequest(method, path)
        own = [("x-mock-answer", answer), ("traceparent", traceparent(trace)), ("x-test-id", trace)]
        if body:
            own += [("content-type", "application/json"), ("content-length", str(len(body)))]
        for name, value in [*own, *headers]:
            connection.putheader(name, value)
        connection.endheaders(body or None)
        response = connection.getresponse()
        reply = Reply(
            response.status, {k.lower(): v for k, v in response.getheaders()}, response.read()
        )
    finally:
        connection.close()
    return Sent(reply, trace)


def workspace_checked(stack: Stack, sent: Sent) -> str | None:
    """The workspace the sidecar applied to this request's check."""
    return stack.recorder.wait_for_check(sent.trace).workspace_id


def upstream_workspace_values(stack: Stack, sent: Sent) -> list[str]:
    """Every `x-workspace-id` the upstream received with this request."""
    (received,) = stack.upstream.requests_with("x-test-id", sent.trace)
    return received.values("x-workspace-id")


def bearer(token: str) -> tuple[str, str]:
    return ("authorization", f"Bearer {token}")


# --- envoy.yaml as shipped --------------------------------------------------------------


def test_the_shipped_config_drops_the_clients_workspace(shipped_stack: Stack) -> None:
    """Without an identity, a client that names `block` gets the global policy (LOG)."""
    sent = send(shipped_stack, [("x-workspace-id", "block"), ("X-Workspace-Id", "block")])
    assert sent.reply.status == 200, sent.reply.body
    assert sent.reply.headers["x-grounding-verdict"] == "fail"  # checked, delivered
    assert workspace_checked(shipped_stack, sent) is None
    assert upstream_workspace_values(shipped_stack, sent) == []


# --- envoy-jwt.yaml -----------------------------------------------------------------


def test_a_token_for_a_blocking_workspace_gets_its_policy(jwt_stack: Stack, issuer: Issuer) -> None:
    token = issuer.token(workspace="block")
    refused = send(jwt_stack, [bearer(token)])
    assert refused.reply.status == 403, refused.reply.body
    assert refused.reply.json()["error"]["code"] == "hallucination_detected"
    assert workspace_checked(jwt_stack, refused) == "block"
    delivered = send(jwt_stack, [bearer(token)], answer=GROUNDED)
    assert delivered.reply.status == 200
    assert delivered.reply.headers["x-grounding-verdict"] == "pass"
    # jwt_authn removed the token (forward: false): the upstream never sees it.
    (received,) = jwt_stack.upstream.requests_with("x-test-id", delivered.trace)
    assert "authorization" not in received.headers
    assert received.values("x-workspace-id") == ["block"]


def test_an_ungrounded_stream_is_cut_in_the_tokens_blocking_workspace(
    jwt_stack: Stack, issuer: Issuer
) -> None:
    sent = send(jwt_stack, [bearer(issuer.token(workspace="block"))], stream=True)
    assert sent.reply.status == 200
    assert b'"content_filter"' in sent.reply.body
    assert UNGROUNDED.encode() not in sent.reply.body


@pytest.mark.parametrize(
    ("claim", "client_headers", "status"),
    [
        ("block", [("x-workspace-id", "log")], 403),
        ("log", [("x-workspace-id", "block")], 200),
        ("block", [("x-workspace-id", "log"), ("x-workspace-id", "log")], 403),
        ("log", [("X-Workspace-Id", "block"), ("x-workspace-id", "block-unknown")], 200),
        ("block", [("x-workspace-id", "")], 403),
    ],
    ids=["block-over-log", "log-over-block", "repeated", "mixed-case-repeated", "empty"],
)
def test_the_clients_workspace_header_cannot_change_the_policy(
    jwt_stack: Stack,
    issuer: Issuer,
    claim: str,
    client_headers: list[tuple[str, str]],
    status: int,
) -> None:
    """Whatever copies of the header the client sends, before or after its token: the
    sidecar sees exactly one, the claim's (docs/deployment.md: the duplicate outcome)."""
    token = bearer(issuer.token(workspace=claim))
    for headers in ([*client_headers, token], [token, *client_headers]):
        sent = send(jwt_stack, headers)
        assert sent.reply.status == status, sent.reply.body
        assert workspace_checked(jwt_stack, sent) == claim
        if status == 200:
            assert upstream_workspace_values(jwt_stack, sent) == [claim]


def assert_invalid_token(sent: Sent, status: int, message: str) -> None:
    assert sent.reply.status == status, sent.reply.body
    assert sent.reply.headers["content-type"] == "application/json"
    assert "www-authenticate" in sent.reply.headers
    error = sent.reply.json()["error"]
    assert (error["type"], error["code"]) == ("authentication_error", "invalid_token")
    assert message in error["message"]


def test_no_token_is_refused_by_envoy_on_every_path(jwt_stack: Stack) -> None:
    """The decided no-token outcome: 401 before the sidecar or the upstream is called,
    whatever workspace header the client sends; /v1/models too."""
    for headers, method, path in [
        ([], "POST", "/v1/chat/completions"),
        ([("x-workspace-id", "log")], "POST", "/v1/chat/completions"),
        ([("x-workspace-id", "block")], "GET", "/v1/models"),
    ]:
        sent = send(jwt_stack, headers, method=method, path=path)
        assert_invalid_token(sent, 401, "Jwt is missing")
        assert jwt_stack.upstream.requests_with("x-test-id", sent.trace) == []
        assert jwt_stack.recorder.check_for(sent.trace) is None


def test_a_token_that_does_not_verify_is_refused(jwt_stack: Stack, issuer: Issuer) -> None:
    other_key = Issuer()  # same issuer and audience, a key the JWKS does not hold
    expired = issuer.claims(workspace="log", exp=1_600_000_000)
    cases: list[tuple[str, int, str]] = [
        (other_key.token(workspace="log"), 401, "Jwt verification fails"),
        (issuer.token(expired), 401, "Jwt is expired"),
        (issuer.token(workspace="log", iss="https://elsewhere.test"), 401, "Jwt issuer"),
        (issuer.token(workspace="log", aud="another-api"), 403, "Audiences in Jwt"),
        ("sk-not-a-jwt", 401, "Jwt is not in the form"),
    ]
    for token, status, message in cases:
        sent = send(jwt_stack, [bearer(token), ("x-workspace-id", "log")])
        assert_invalid_token(sent, status, message)
        assert jwt_stack.upstream.requests_with("x-test-id", sent.trace) == []


@pytest.mark.parametrize(
    "claims",
    [{}, {"workspace": ""}, {"workspace": ["block"]}, {"workspace": {"id": "block"}}],
    ids=["absent", "empty", "list", "object"],
)
def test_a_token_that_names_no_workspace_gets_the_global_policy(
    jwt_stack: Stack, issuer: Issuer, claims: dict[str, Any]
) -> None:
    """A verified token without a usable string claim never reaches `block`: absent or
    empty, no header; a list or an object, Envoy's base64 JSON, which is no workspace id."""
    sent = send(jwt_stack, [bearer(issuer.token(**claims)), ("x-workspace-id", "block")])
    assert sent.reply.status == 200, sent.reply.body
    assert sent.reply.headers["x-grounding-verdict"] == "fail"  # global LOG: delivered
    applied = workspace_checked(jwt_stack, sent)
    if claims.get("workspace"):
        assert applied not in (None, "block")
    else:
        assert applied is None


# --- the two files stay one config --------------------------------------------------------


def test_the_jwt_config_is_the_example_plus_the_identity_pieces(issuer: Issuer) -> None:
    """envoy-jwt.yaml is envoy.yaml plus jwt_authn (before ext_proc) and its local reply
    mapper, nothing else: a change to one file that misses the other fails here."""
    endpoints = EnvoyEndpoints("127.0.0.1", 1, "127.0.0.1", 2)
    example = yaml.safe_load(render_config(endpoints))
    with_jwt = yaml.safe_load(
        render_jwt_config(endpoints, JwtIdentity(issuer.issuer, issuer.audience, issuer.jwks))
    )
    manager = http_connection_manager(with_jwt)
    names = [f["name"] for f in manager["http_filters"]]
    assert names == [
        "envoy.filters.http.jwt_authn",
        "envoy.filters.http.ext_proc",
        "envoy.filters.http.router",
    ]
    jwt_filter = manager["http_filters"].pop(0)["typed_config"]
    provider = jwt_filter["providers"]["workspace_identity"]
    assert provider["claim_to_headers"] == [
        {"header_name": "x-workspace-id", "claim_name": "workspace"}
    ]
    assert provider["forward"] is False
    assert jwt_filter["rules"] == [
        {"match": {"prefix": "/"}, "requires": {"provider_name": "workspace_identity"}}
    ]
    mappers = manager["local_reply_config"]["mappers"]
    expression = "response.code_details.startsWith('jwt_authn_access_denied')"
    jwt_mappers = [
        m for m in mappers if m["filter"].get("extension_filter", {}).get("typed_config", {})
        .get("expression") == expression
    ]  # fmt: skip
    assert len(jwt_mappers) == 1
    mappers.remove(jwt_mappers[0])
    assert with_jwt == example


def test_the_opt_in_to_client_workspaces_removes_only_the_header_removal() -> None:
    endpoints = EnvoyEndpoints("127.0.0.1", 1, "127.0.0.1", 2)
    shipped = yaml.safe_load(render_config(endpoints))
    trusting = yaml.safe_load(render_config(endpoints, trust_client_workspace=True))
    extensions = http_connection_manager(shipped).pop("early_header_mutation_extensions")
    assert extensions[0]["typed_config"]["mutations"] == [{"remove": "x-workspace-id"}]
    assert "early_header_mutation_extensions" not in http_connection_manager(trusting)
    assert shipped == trusting


def test_a_token_opens_the_other_paths(jwt_stack: Stack, issuer: Issuer) -> None:
    sent = send(jwt_stack, [bearer(issuer.token(workspace="log"))], method="GET", path="/v1/models")
    assert sent.reply.status == 200, sent.reply.body
    assert json.loads(sent.reply.body)["data"][0]["id"] == "mock"
