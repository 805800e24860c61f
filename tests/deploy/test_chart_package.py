"""The chart installs the way operators install it: from a fresh clone, and packaged.

Everything here starts from the export of HEAD (chart.py: `git archive HEAD` unpacked
into a temporary directory), never from the working tree, so a file that exists only on
this machine (an untracked or git-ignored copy in files/) cannot make a test pass.
Uncommitted edits do not count: commit before running these tests.
"""

from __future__ import annotations

import shutil
import subprocess
import tarfile
from pathlib import Path

import pytest

from .chart import CHART, CHART_PATH, HEAD, HELM, PROFILES, REPO, helm, one, render, tool

pytestmark = pytest.mark.helm
PROFILE_IDS = [p.name.removesuffix("-values.yaml") for p in PROFILES]
# The files the templates read (.Files.Get / .Files.Glob), committed in the chart.
CHART_FILES = ("files/prometheus/grounding-rules.yaml", "files/grafana/grounding-dashboard.json")


def committed(path: Path) -> set[str]:
    """The files of HEAD under `path` (relative to the repository), relative to `path`."""
    listing = subprocess.run(
        ["git", "-C", str(REPO), "ls-tree", "-r", "--name-only", "HEAD", "--", str(path)],
        capture_output=True,
        text=True,
        check=True,
    ).stdout.split()
    return {str(Path(name).relative_to(path)) for name in listing}


def test_the_chart_under_test_is_an_export_of_head() -> None:
    assert not CHART.is_relative_to(REPO)
    on_disk = {str(p.relative_to(CHART)) for p in CHART.rglob("*") if p.is_file()}
    assert on_disk == committed(CHART_PATH)
    assert set(CHART_FILES) <= on_disk  # committed, not generated before rendering


def test_a_clean_clone_renders_the_default_values() -> None:
    """The default values render the dashboard and the PrometheusRule from the export,
    with nothing run before `helm template` (no copy step, no make target)."""
    manifests = render()
    assert one(manifests, "ConfigMap", "-dashboard")["data"]["grounding-dashboard.json"]
    assert one(manifests, "PrometheusRule")["spec"]["groups"]


@pytest.mark.parametrize(
    ("missing", "message"),
    [
        ("files/grafana", "files/grafana/*.json is missing from the chart"),
        ("files/prometheus", "files/prometheus/grounding-rules.yaml is missing from the chart"),
    ],
    ids=["dashboard", "rules"],
)
def test_a_chart_without_its_files_says_which_is_missing(
    tmp_path: Path, missing: str, message: str
) -> None:
    chart = tmp_path / "grounding-sidecar"
    shutil.copytree(CHART, chart)
    shutil.rmtree(chart / missing)
    args = ["template", "gs", str(chart), "--api-versions", "monitoring.coreos.com/v1"]
    result = helm(*args, check=False)
    assert result.returncode != 0
    assert message in result.stderr


@pytest.fixture(scope="module")
def package(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """`make chart` run in the export of HEAD (its tools-helm prerequisite skipped: the
    checkout's helm is passed in), the .tgz alone in a new empty directory."""
    dist = tmp_path_factory.mktemp("dist")
    command = ["make", "-C", str(HEAD), "-o", "tools-helm", f"HELM={tool(HELM)}"]
    result = subprocess.run(
        [*command, f"DIST={dist}", "chart"], capture_output=True, text=True, check=False
    )
    assert result.returncode == 0, result.stdout + result.stderr
    (built,) = dist.glob("grounding-sidecar-*.tgz")
    alone = tmp_path_factory.mktemp("install")
    return Path(shutil.copy(built, alone))


def packaged_files(package: Path) -> set[str]:
    with tarfile.open(package) as tar:
        return {m.name.removeprefix("grounding-sidecar/") for m in tar.getmembers() if m.isfile()}


def test_the_package_holds_the_chart_files_and_the_profiles(package: Path) -> None:
    files = packaged_files(package)
    assert set(CHART_FILES) <= files
    assert {f"ci/{p.name}" for p in PROFILES} <= files
    assert "files/prometheus/grounding-rules.test.yaml" not in files  # .helmignore
    # Everything else committed in the chart is packaged.
    assert files == committed(CHART_PATH) - {"files/prometheus/grounding-rules.test.yaml"}


@pytest.mark.parametrize("profile", [None, *PROFILES], ids=["defaults", *PROFILE_IDS])
def test_the_package_renders_every_profile_from_an_empty_directory(
    package: Path, profile: Path | None, tmp_path: Path
) -> None:
    """`helm template` on the .tgz alone (the working directory holds nothing else), with
    the profile as packaged, renders what the chart directory renders."""
    assert [p.name for p in package.parent.iterdir()] == [package.name]
    values = []
    if profile is not None:
        with tarfile.open(package) as tar:
            member = tar.extractfile(f"grounding-sidecar/ci/{profile.name}")
            assert member is not None
            (tmp_path / profile.name).write_bytes(member.read())
        values = [tmp_path / profile.name]
    from_package = render(values, chart=f"./{package.name}", cwd=package.parent)
    assert from_package == render([profile] if profile else [])
    assert one(from_package, "ConfigMap", "-config")
