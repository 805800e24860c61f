"""Render the chart with helm and sort what comes out; shared by the tests/deploy modules.

The chart under test is an export of HEAD (`git archive HEAD`, unpacked once per test
session into a temporary directory), never the working tree: what renders here is what a
fresh `git clone` renders and packages, with no file that only exists on this machine
(an untracked or git-ignored copy in the chart's files/, say).  Uncommitted edits to the
chart therefore do not count: commit before running tests/deploy.
"""

from __future__ import annotations

import atexit
import io
import json
import os
import shutil
import subprocess
import tarfile
import tempfile
from collections.abc import Sequence
from pathlib import Path
from typing import Any

import yaml

REPO = Path(__file__).resolve().parents[2]  # the checkout: git, .tools, the test data
CHART_PATH = Path("deploy") / "helm" / "grounding-sidecar"


def export_head() -> Path:
    """`git archive HEAD` unpacked into a new temporary directory, removed at exit."""
    archive = subprocess.run(
        ["git", "-C", str(REPO), "archive", "--format=tar", "HEAD"],
        capture_output=True,
        check=False,
    )
    if archive.returncode != 0:
        raise AssertionError(f"git archive HEAD failed: {archive.stderr.decode()}")
    target = Path(tempfile.mkdtemp(prefix="gs-head-"))
    atexit.register(shutil.rmtree, target, ignore_errors=True)
    with tarfile.open(fileobj=io.BytesIO(archive.stdout)) as tar:
        tar.extractall(target, filter="data")
    return target


HEAD = export_head()
CHART = HEAD / CHART_PATH
PROFILES = sorted((CHART / "ci").glob("*-values.yaml"))
# The custom resource schemas, vendored with their sources and licence (schemas/README.md).
SCHEMAS = Path(__file__).resolve().parent / "schemas"
TOOLS = Path(os.environ.get("TOOLS_DIR", REPO / ".tools"))
HELM = TOOLS / "bin" / "helm"
TOOLS_VENV_BIN = TOOLS / "venv" / "bin"
# Every CRD group the chart may render; `--api-versions` makes helm's Capabilities see it.
CRD_API_VERSIONS = ("monitoring.coreos.com/v1",)
CORE_GROUPS = ("v1", "apps/v1", "policy/v1", "autoscaling/v2", "networking.k8s.io/v1")

Manifest = dict[str, Any]


def tool(path: Path) -> str:
    """The tool's path, or a failure (never a skip) saying how to install it."""
    if not path.is_file():
        raise AssertionError(f"{path} is missing: run `make tools-helm`")
    return str(path)


def helm(
    *args: str, check: bool = True, cwd: Path | None = None
) -> subprocess.CompletedProcess[str]:
    result = subprocess.run(
        [tool(HELM), *args], capture_output=True, text=True, check=False, cwd=cwd
    )
    if check:
        assert result.returncode == 0, f"helm {' '.join(args)}:\n{result.stderr}"
    return result


def render(
    values: Sequence[Path] = (),
    sets: Sequence[str] = (),
    *,
    api_versions: Sequence[str] = CRD_API_VERSIONS,
    namespace: str = "llm",
    chart: str | Path = CHART,
    cwd: Path | None = None,
) -> list[Manifest]:
    args = ["template", "gs", str(chart), "--namespace", namespace]
    for path in values:
        args += ["-f", str(path)]
    for item in sets:
        args += ["--set", item]
    for version in api_versions:
        args += ["--api-versions", version]
    documents = yaml.safe_load_all(helm(*args, cwd=cwd).stdout)
    return [d for d in documents if d]


def by_kind(manifests: Sequence[Manifest], kind: str) -> list[Manifest]:
    return [m for m in manifests if m["kind"] == kind]


def one(manifests: Sequence[Manifest], kind: str, suffix: str = "") -> Manifest:
    found = [m for m in by_kind(manifests, kind) if m["metadata"]["name"].endswith(suffix)]
    assert len(found) == 1, f"expected one {kind} *{suffix}, got {len(found)}"
    return found[0]


def is_core(manifest: Manifest) -> bool:
    return manifest["apiVersion"] in CORE_GROUPS


def schema_for(manifest: Manifest) -> dict[str, Any]:
    group, _, version = manifest["apiVersion"].rpartition("/")
    path = SCHEMAS / f"{manifest['kind'].lower()}-{group}-{version}.json"
    assert path.is_file(), f"no schema for {manifest['kind']} {manifest['apiVersion']}: {path}"
    schema: dict[str, Any] = json.loads(path.read_text())
    return schema


def unknown_fields(instance: Any, schema: dict[str, Any], path: str = "") -> list[str]:
    """Fields the API server would prune: CRD schemas list their properties and allow
    others only under x-kubernetes-preserve-unknown-fields or additionalProperties."""
    if schema.get("x-kubernetes-preserve-unknown-fields"):
        return []
    found: list[str] = []
    if isinstance(instance, dict):
        properties = dict(schema.get("properties", {}))
        for branch in schema.get("allOf", []) + schema.get("anyOf", []):
            properties.update(branch.get("properties", {}))
        extra = schema.get("additionalProperties")
        for key, value in instance.items():
            if path == "" and key in ("apiVersion", "kind", "metadata"):
                continue  # ObjectMeta is validated by the API server, not the CRD
            if key in properties:
                found += unknown_fields(value, properties[key], f"{path}.{key}")
            elif isinstance(extra, dict):
                found += unknown_fields(value, extra, f"{path}.{key}")
            elif extra is not True:
                found.append(f"{path}.{key}")
    elif isinstance(instance, list) and isinstance(schema.get("items"), dict):
        for index, item in enumerate(instance):
            found += unknown_fields(item, schema["items"], f"{path}[{index}]")
    return found
