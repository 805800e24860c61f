"""Usable CPUs: the process's affinity, capped by a cgroup CPU limit (v1 or v2); and
whether the CPU has int8 dot-product instructions, by the flags the kernel lists."""

from __future__ import annotations

from pathlib import Path

import pytest

from grounding_sidecar.common.cpus import int8_dot_products, usable_cpus


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


X86 = "processor\t: 0\nmodel name\t: AMD EPYC\nflags\t\t: fpu sse2 avx2 fma{extra}\n\n"
ARM = "processor\t: 0\nFeatures\t: fp asimd evtstrm aes crc32{extra}\n\n"


@pytest.mark.parametrize(
    ("cpuinfo", "expected"),
    [
        (X86.format(extra=""), False),  # AVX2 alone: the saturating kernels
        (X86.format(extra=" avx512f avx512_vnni"), True),
        (X86.format(extra=" avx_vnni"), True),
        (X86.format(extra=" avx512f avx512bw"), False),  # AVX-512 without VNNI
        (ARM.format(extra=""), False),
        (ARM.format(extra=" asimddp"), True),
        ("processor\t: 0\n", False),  # no flags listed
    ],
)
def test_int8_dot_products_are_read_off_the_cpu_flags(
    tmp_path: Path, cpuinfo: str, expected: bool
) -> None:
    (tmp_path / "cpuinfo").write_text(cpuinfo)
    assert int8_dot_products(tmp_path / "cpuinfo") is expected


def test_no_cpuinfo_means_no_int8_dot_products(tmp_path: Path) -> None:
    assert int8_dot_products(tmp_path / "absent") is False
