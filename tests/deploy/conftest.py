"""Chart tests: helm, kubernetes-validate and checkov come from `make tools-helm`.

They are required, not optional: a missing tool fails the test with the command to run.
They render and package an export of HEAD (chart.py), not the working tree: commit
before running them, uncommitted edits to the chart do not count.
"""

from __future__ import annotations

import pytest

from .chart import PROFILES, Manifest, render


def pytest_configure(config: pytest.Config) -> None:
    config.addinivalue_line("markers", "helm: renders the Helm chart (needs `make tools-helm`)")


@pytest.fixture(scope="session")
def rendered() -> dict[str, list[Manifest]]:
    """Every ci/ profile rendered once, keyed by profile name (e.g. `standalone`)."""
    return {p.name.removesuffix("-values.yaml"): render([p]) for p in PROFILES}
