"""Usable CPUs: the process's affinity, capped by a cgroup CPU limit (v1 or v2)."""

from __future__ import annotations

from pathlib import Path

import pytest

from grounding_sidecar.common.cpus import usable_cpus


@pytest.mark.parametrize(
    ("cpu_max", "expected"),
    [("max 100000\n", 8), ("150000 100000\n", 2), ("50000 100000\n", 1), ("garbage", 8)],
)
def test_usable_cpus_honours_a_cgroup_v2_limit(tmp_path: Path, cpu_max: str, expected: int) -> None:
    (tmp_path / "cpu.max").write_text(cpu_max)
    assert usable_cpus(tmp_path, affinity=8) == expected


@pytest.mark.parametrize(
    ("quota", "period", "expected"), [("-1", "100000", 8), ("250000", "100000", 3), ("x", "1", 8)]
)
def test_usable_cpus_honours_a_cgroup_v1_limit(
    tmp_path: Path, quota: str, period: str, expected: int
) -> None:
    (tmp_path / "cpu").mkdir()
    (tmp_path / "cpu" / "cpu.cfs_quota_us").write_text(quota + "\n")
    (tmp_path / "cpu" / "cpu.cfs_period_us").write_text(period + "\n")
    assert usable_cpus(tmp_path, affinity=8) == expected


def test_usable_cpus_without_a_cgroup_limit_is_the_affinity(tmp_path: Path) -> None:
    assert usable_cpus(tmp_path, affinity=3) == 3
