"""checkov on every rendered profile and the Dockerfile: no failed check, and every
skipped check is justified where it is skipped (an annotation with a reason)."""

from __future__ import annotations

import json
import shutil
import subprocess
from pathlib import Path
from typing import Any

import pytest
import yaml

from .chart import PROFILES, REPO, TOOLS_VENV_BIN, render, tool

pytestmark = pytest.mark.helm


def run_checkov(directory: Path, framework: str) -> list[dict[str, Any]]:
    command = [
        tool(TOOLS_VENV_BIN / "checkov"),
        "--directory", str(directory),
        "--framework", framework,
        "--skip-download",  # no network but the package registries
        "--compact",
        "--output", "json",
    ]  # fmt: skip
    result = subprocess.run(command, capture_output=True, text=True, check=False, timeout=300)
    assert result.stdout.strip(), result.stderr
    reports = json.loads(result.stdout)
    return reports if isinstance(reports, list) else [reports]


def test_rendered_manifests_pass_checkov(tmp_path: Path) -> None:
    for profile in PROFILES:
        documents = render([profile])
        (tmp_path / profile.name).write_text(yaml.safe_dump_all(documents))
    (report,) = run_checkov(tmp_path, "kubernetes")
    assert report["summary"]["parsing_errors"] == 0
    assert report["summary"]["resource_count"] > 30
    failed = [
        f"{c['check_id']} {c['resource']} ({c['file_path']})"
        for c in report["results"]["failed_checks"]
    ]
    assert not failed
    for skipped in report["results"]["skipped_checks"]:
        reason = skipped["check_result"].get("suppress_comment", "")
        assert len(reason) > 30, f"{skipped['check_id']} is skipped without a reason"


def test_dockerfile_passes_checkov(tmp_path: Path) -> None:
    shutil.copy(REPO / "Dockerfile", tmp_path / "Dockerfile")
    (report,) = run_checkov(tmp_path, "dockerfile")
    assert report["summary"]["passed"] > 0
    assert report["summary"]["failed"] == 0, report["results"]["failed_checks"]
