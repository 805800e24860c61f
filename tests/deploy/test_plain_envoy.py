"""The chart's plain-Envoy snippet runs: the real Envoy with the rendered envoy.yaml, the
sidecar with the rendered config.yaml and workspaces, and the mock upstream; a grounded
and an ungrounded answer get the right verdicts (docs/contract.md#envoy-settings,
docs/contract.md#refusals), in the workspace the client's JWT names and no other
(docs/deployment.md, "Who names the workspace").

Only addresses are substituted (loopback, ports chosen at run time, a temporary socket
directory and policy directory) and the JWKS (the public key of a key made for this run
instead of the profile's URI); everything else is what the chart renders from
ci/plain-envoy-values.yaml.
"""

from __future__ import annotations

import http.client
import json
import sys
from collections.abc import Iterator, Sequence
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pytest
import yaml

from devtools.envoy_process import EnvoyProcess
from devtools.mock_upstream import MockUpstream
from devtools.serving import ServingFailed, ServingProcess, start_serving
from tests.integration.operations import scrape, value
from tests.support.jwt_tokens import Issuer

from .chart import CHART, one, render

pytestmark = [pytest.mark.helm, pytest.mark.envoy, pytest.mark.minilm]

SOURCE = (
    "The Eiffel Tower is located in Paris and was completed in 1889. "
    "It is 330 metres tall and was designed by the engineering company of Gustave Eiffel."
)
GROUNDED = "The Eiffel Tower is located in Paris and was completed in 1889."
UNGROUNDED = "The Great Wall of China is visible from the moon with the naked eye."


def start_sidecar(config: dict[str, Any], directory: Path) -> ServingProcess:
    path = directory / "config.yaml"
    path.write_text(yaml.safe_dump(config))
    log = directory / "sidecar.log"
    command = [sys.executable, "-m", "grounding_sidecar", "serve", "--config", str(path)]
    with log.open("w") as stderr:
        try:
            return start_serving(command, timeout=60.0, stderr=stderr)
        except ServingFailed as exc:
            raise RuntimeError(f"{exc}: {log.read_text()[-2000:]}") from exc


@pytest.fixture(scope="module")
def upstream() -> Iterator[MockUpstream]:
    server = MockUpstream().start()
    yield server
    server.stop()


@dataclass
class Stack:
    envoy_port: int
    sidecar: ServingProcess
    envoy: EnvoyProcess


@pytest.fixture(scope="module")
def issuer() -> Issuer:
    """Tokens the profile's jwt settings accept (its issuer and audience)."""
    return Issuer("https://identity.example.com", "llm-gateway")


def render_plain_envoy(
    upstream: MockUpstream,
    issuer: Issuer,
    work: Path,
    socket_dir: Path,
    sets: Sequence[str] = (),
) -> list[dict[str, Any]]:
    jwks = work / "jwks-values.yaml"
    jwks.write_text(
        yaml.safe_dump({"workspaceIdentity": {"jwt": {"jwks": {"inline": issuer.jwks, "uri": ""}}}})
    )
    return render(
        [CHART / "ci" / "plain-envoy-values.yaml", jwks],
        [
            "plainEnvoy.listener.address=127.0.0.1",
            "plainEnvoy.listener.port=0",
            "plainEnvoy.admin.port=0",
            "plainEnvoy.upstream.host=127.0.0.1",
            f"plainEnvoy.upstream.port={upstream.port}",
            f"socket.dir={socket_dir}",
            *sets,
        ],
    )


@pytest.fixture(scope="module")
def stack(
    upstream: MockUpstream, issuer: Issuer, tmp_path_factory: pytest.TempPathFactory
) -> Iterator[Stack]:
    """Envoy + sidecar from the chart."""
    yield from run_chart_stack(upstream, issuer, tmp_path_factory.mktemp("plain-envoy"))


# A tiny checker of the tests' own (tests/detection/verifier/checkers): a two-label model.
CHECKER = Path(__file__).resolve().parents[1] / "detection" / "verifier" / "checkers" / "roberta"


@pytest.fixture(scope="module")
def own_checker_stack(
    upstream: MockUpstream, issuer: Issuer, tmp_path_factory: pytest.TempPathFactory
) -> Iterator[Stack]:
    """The same, with a checker volume: the chart's mount point stands in for the
    fixture directory (as the ports and directories do), and answers carry a summary."""
    sets = ["model.verifierVolume.persistentVolumeClaim.claimName=checkers"]
    yield from run_chart_stack(
        upstream,
        issuer,
        tmp_path_factory.mktemp("plain-envoy-checker"),
        sets,
        {"verifier-model": str(CHECKER), "report": "summary"},
    )


def run_chart_stack(
    upstream: MockUpstream,
    issuer: Issuer,
    work: Path,
    sets: Sequence[str] = (),
    substitutes: dict[str, Any] | None = None,
) -> Iterator[Stack]:
    socket_dir = work / "run"
    socket_dir.mkdir()
    manifests = render_plain_envoy(upstream, issuer, work, socket_dir, sets)
    config = yaml.safe_load(one(manifests, "ConfigMap", "-config")["data"]["config.yaml"])
    if substitutes:
        assert set(substitutes) <= set(config), "substitutes stand in for what the chart set"
        config |= substitutes
    policy_dir = work / "workspaces"
    policy_dir.mkdir()
    workspaces = one(manifests, "ConfigMap", "-workspaces")["data"]
    for name, text in workspaces.items():
        (policy_dir / name).write_text(text)
    # Loopback and ports chosen at run time; the chart's values otherwise.
    config |= {"host": "127.0.0.1", "port": 0, "health-port": 0, "metrics-port": 0}
    config["policy-dir"] = str(policy_dir)
    # The chart's config is used as-is: policy dir, metrics, audit and tracing keys
    # included (a key serve does not accept stops start-up and fails this fixture).
    sidecar = start_sidecar(config, work)
    try:
        envoy_yaml = one(manifests, "ConfigMap", "-envoy")["data"]["envoy.yaml"]
        envoy = EnvoyProcess(envoy_yaml).start()
        try:
            yield Stack(envoy.port, sidecar, envoy)
        finally:
            envoy.stop()
    finally:
        sidecar.stop()


def post(
    port: int,
    answer: str,
    token: str | None,
    *,
    stream: bool = False,
    sources: Sequence[str] = (SOURCE,),
    client_workspace: str | None = None,
    path: str = "/v1/chat/completions",
) -> tuple[int, dict[str, str], bytes]:
    """`token` goes in `authorization: Bearer`; `client_workspace` in x-workspace-id."""
    body = {
        "model": "mock-1",
        "messages": [{"role": "user", "content": "Tell me about the Eiffel Tower."}],
        "metadata": {"grounding.sources": json.dumps(list(sources))},
        "stream": stream,
    }
    connection = http.client.HTTPConnection("127.0.0.1", port, timeout=30)
    try:
        headers = {"content-type": "application/json", "x-mock-answer": answer}
        if token is not None:
            headers["authorization"] = f"Bearer {token}"
        if client_workspace is not None:
            headers["x-workspace-id"] = client_workspace
        connection.request("POST", path, body=json.dumps(body), headers=headers)
        response = connection.getresponse()
        headers = {k.lower(): v for k, v in response.getheaders()}
        return response.status, headers, response.read()
    finally:
        connection.close()


@pytest.fixture(scope="module")
def acme(issuer: Issuer) -> str:
    """A token for the profile's BLOCK workspace."""
    return issuer.token(workspace="acme-corp")


@pytest.fixture(scope="module")
def other_team(issuer: Issuer) -> str:
    """A token for a workspace without overrides: the global LOG policy."""
    return issuer.token(workspace="other-team")


def test_grounded_answer_passes(stack: Stack, acme: str) -> None:
    status, headers, body = post(stack.envoy_port, GROUNDED, acme)
    assert status == 200, body
    assert headers["x-grounding-verdict"] == "pass"
    assert json.loads(body)["choices"][0]["message"]["content"] == GROUNDED


def test_envoy_closes_processor_streams_without_resetting_them(stack: Stack, acme: str) -> None:
    """The bootstrap's runtime layer: Envoy half-closes each ext_proc stream and waits for
    the processor's status (a reset stream leaks native memory in the processor)."""
    resets = "cluster.grounding_sidecar.upstream_rq_tx_reset"
    before = stack.envoy.counter(resets)
    for stream in (False, True, False, True):
        status, _, body = post(stack.envoy_port, GROUNDED, acme, stream=stream)
        assert status == 200, body
    assert stack.envoy.counter("cluster.grounding_sidecar.upstream_rq_completed") >= 4
    assert stack.envoy.counter(resets) == before


def test_ungrounded_answer_is_flagged_under_the_global_log_action(
    stack: Stack, other_team: str
) -> None:
    status, headers, body = post(stack.envoy_port, UNGROUNDED, other_team)
    assert status == 200, body
    assert headers["x-grounding-verdict"] == "fail"


def test_ungrounded_answer_is_refused_in_a_blocking_workspace(stack: Stack, acme: str) -> None:
    status, headers, body = post(stack.envoy_port, UNGROUNDED, acme)
    assert status == 403, body
    assert headers["x-grounding-verdict"] == "fail"
    assert json.loads(body)["error"]["code"] == "hallucination_detected"


def test_a_respelled_chat_path_is_checked_and_an_escaped_slash_refused(
    stack: Stack, acme: str
) -> None:
    """The chart's Envoy normalizes the path before routing (docs/extproc.md#paths)."""
    status, _, body = post(stack.envoy_port, UNGROUNDED, acme, path="//v1/chat/completion%73")
    assert status == 403, body
    assert json.loads(body)["error"]["code"] == "hallucination_detected"
    status, _, body = post(stack.envoy_port, UNGROUNDED, acme, path="/v1/chat%2Fcompletions")
    assert status == 400, body
    assert json.loads(body)["error"]["code"] == "invalid_path"


def test_ungrounded_stream_ends_with_content_filter_in_a_blocking_workspace(
    stack: Stack, acme: str
) -> None:
    status, _, body = post(stack.envoy_port, UNGROUNDED, acme, stream=True)
    assert status == 200
    assert b'"content_filter"' in body
    assert UNGROUNDED.encode() not in body


def test_the_embedding_pipeline_is_on_the_metrics_endpoint(stack: Stack, acme: str) -> None:
    for _ in range(3):  # one source, three checks: embedded once, then from the cache
        assert post(stack.envoy_port, GROUNDED, acme)[0] == 200
    samples = scrape(stack.sidecar.port("metrics_port"))
    assert value(samples, "gateway_grounding_embed_runs_total") >= 3
    real = value(samples, "gateway_grounding_embed_tokens_total", kind="real")
    assert 0 < real <= value(samples, "gateway_grounding_embed_tokens_total", kind="padded")
    assert value(samples, "gateway_grounding_embed_workers") >= 1
    assert value(samples, "gateway_grounding_passage_cache_lookups_total", result="hit") >= 2
    assert value(samples, "gateway_grounding_passage_cache_entries") >= 1
    cache_bound = value(samples, "gateway_grounding_passage_cache_max_bytes")
    assert cache_bound == 128 << 20  # the chart's passageCacheMb


FRENCH_SOURCE = "La tour Eiffel se trouve à Paris. Elle a été achevée en 1889 pour l'Exposition."
FRENCH = "La tour Eiffel se trouve à Paris et elle a été achevée en 1889."


def test_an_answer_in_another_language_is_refused_as_unverifiable_and_counted(
    stack: Stack, acme: str, other_team: str
) -> None:
    """The chart's default `languages: en`: nothing of a French answer is graded, so
    BLOCK refuses it as it refuses what a limit kept from being verified."""
    status, headers, body = post(stack.envoy_port, FRENCH, acme, sources=(FRENCH_SOURCE,))
    assert status == 403 and headers["x-grounding-verdict"] == "unknown", body
    assert json.loads(body)["error"]["code"] == "unsupported_language"
    status, _, body = post(stack.envoy_port, FRENCH, acme, stream=True, sources=(FRENCH_SOURCE,))
    assert status == 200 and b'"content_filter"' in body and FRENCH.encode() not in body
    status, headers, _ = post(stack.envoy_port, FRENCH, other_team, sources=(FRENCH_SOURCE,))
    assert status == 200 and headers["x-grounding-verdict"] == "unknown"  # LOG delivers
    samples = scrape(stack.sidecar.port("metrics_port"))
    counted = sum(
        count
        for (name, labels), count in samples.items()
        if name == "gateway_grounding_verdict_total"
        and ("reason", "unsupported_language") in labels
    )
    assert counted >= 3


def test_concurrent_checks_through_the_model_each_get_their_own_verdict(
    stack: Stack, other_team: str
) -> None:
    """16 answers at once through parallel model runs and the passage cache."""

    def ask(number: int) -> tuple[int, str]:
        source = f"Parcel {number} left the Rotterdam depot on Tuesday morning by rail freight."
        answer = (
            source
            if number % 2
            else f"Parcel {number} was eaten by a purple dragon over the Atlantic Ocean."
        )
        # other-team is under the global LOG action: delivered, verdict in the header.
        status, headers, _ = post(stack.envoy_port, answer, other_team, sources=[source, SOURCE])
        return status, headers.get("x-grounding-verdict", "")

    with ThreadPoolExecutor(max_workers=16) as pool:
        results = list(pool.map(ask, range(16), timeout=120))
    assert results == [(200, "pass" if n % 2 else "fail") for n in range(16)]


def test_the_clients_workspace_header_cannot_pick_another_policy(
    stack: Stack, acme: str, other_team: str
) -> None:
    """The token's workspace applies, whatever x-workspace-id the client adds."""
    status, headers, _ = post(
        stack.envoy_port, UNGROUNDED, other_team, client_workspace="acme-corp"
    )
    assert (status, headers["x-grounding-verdict"]) == (200, "fail")  # LOG: delivered
    status, _, body = post(stack.envoy_port, UNGROUNDED, acme, client_workspace="other-team")
    assert status == 403, body


def test_without_a_token_envoy_refuses_before_the_processor(stack: Stack) -> None:
    status, headers, body = post(stack.envoy_port, UNGROUNDED, None, client_workspace="other-team")
    assert status == 401
    assert headers["content-type"] == "application/json"
    assert json.loads(body)["error"]["code"] == "invalid_token"


@pytest.fixture(scope="module")
def processor_down(
    upstream: MockUpstream, issuer: Issuer, tmp_path_factory: pytest.TempPathFactory
) -> Iterator[int]:
    """The chart's Envoy with no processor behind its socket: the Envoy's port."""
    work = tmp_path_factory.mktemp("plain-envoy-down")
    empty = work / "run"
    empty.mkdir()
    manifests = render_plain_envoy(upstream, issuer, work, empty)
    envoy = EnvoyProcess(one(manifests, "ConfigMap", "-envoy")["data"]["envoy.yaml"]).start()
    yield envoy.port
    envoy.stop()


def test_with_the_processor_down_chat_is_503_and_other_paths_work(
    processor_down: int, other_team: str
) -> None:
    status, headers, body = post(processor_down, GROUNDED, other_team)
    assert status == 503, body
    assert headers["retry-after"] == "5"
    error = json.loads(body)["error"]
    assert error["type"] == error["code"] == "guardrail_unavailable"
    connection = http.client.HTTPConnection("127.0.0.1", processor_down, timeout=30)
    try:
        connection.request("GET", "/v1/models", headers={"authorization": f"Bearer {other_team}"})
        response = connection.getresponse()
        assert response.status == 200
        assert json.loads(response.read())["data"][0]["id"] == "mock"
    finally:
        connection.close()


def test_a_checker_volume_grades_through_envoy_under_its_own_version(
    own_checker_stack: Stack, acme: str
) -> None:
    status, headers, body = post(own_checker_stack.envoy_port, GROUNDED, acme)
    assert status == 200, body
    report = json.loads(body)["grounding"]
    assert headers["x-grounding-verdict"] == "pass" == report["verdict"]
    assert "/ver-v13+own@" in report["version"]
    status, headers, body = post(own_checker_stack.envoy_port, UNGROUNDED, acme)
    assert status == 403 and headers["x-grounding-verdict"] == "fail", body
