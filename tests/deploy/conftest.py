"""Chart tests: helm, kubernetes-validate and checkov come from `make tools-helm`.

They are required, not optional: a missing tool fails the test with the command to run.
"""

from __future__ import annotations

import pytest

from .chart import PROFILES, Manifest, render, sync_chart_files


def pytest_configure(config: pytest.Config) -> None:
    config.addinivalue_line("markers", "helm: renders the Helm chart (needs `make tools-helm`)")


@pytest.fixture(scope="session", autouse=True)
def chart_files() -> None:
    """Copy the shared rule file and dashboard into the chart, as packaging does."""
    sync_chart_files()


@pytest.fixture(scope="session")
def rendered() -> dict[str, list[Manifest]]:
    """Every ci/ profile rendered once, keyed by profile name (e.g. `standalone`)."""
    return {p.name.removesuffix("-values.yaml"): render([p]) for p in PROFILES}
