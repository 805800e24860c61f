"""The CPUs this process runs on: how many it may use (its affinity, capped by a
cgroup CPU limit) and whether they have int8 dot-product instructions.

`os.cpu_count()` reports the node's CPUs; in a Kubernetes pod that can be 64 where
the pod may use 2.  Thread pools and model runs are sized from this instead.
"""

from __future__ import annotations

import math
import os
from pathlib import Path

CGROUP = Path("/sys/fs/cgroup")


def usable_cpus(cgroup: Path = CGROUP, affinity: int | None = None) -> int:
    """CPUs this process may run on: its affinity, capped by a cgroup CPU limit.

    A Kubernetes CPU limit shows only in the cgroup: `cpu.max` ("<quota> <period>" or
    "max <period>") under cgroup v2, `cpu/cpu.cfs_quota_us` and `cpu.cfs_period_us`
    (quota -1: none) under v1.
    """
    cpus = affinity or _affinity()
    limit = _cgroup_cpu_limit(cgroup)
    return cpus if limit is None else max(1, min(cpus, limit))


def _cgroup_cpu_limit(cgroup: Path) -> int | None:
    try:
        quota, period = (cgroup / "cpu.max").read_text().split()[:2]
    except (OSError, ValueError):
        try:
            quota = (cgroup / "cpu" / "cpu.cfs_quota_us").read_text().strip()
            period = (cgroup / "cpu" / "cpu.cfs_period_us").read_text().strip()
        except OSError:
            return None
    try:
        if quota == "max" or int(quota) <= 0:
            return None
        return math.ceil(int(quota) / int(period))
    except (ValueError, ZeroDivisionError):
        return None


def _affinity() -> int:
    if hasattr(os, "sched_getaffinity"):
        return len(os.sched_getaffinity(0)) or 1
    return os.cpu_count() or 1


CPUINFO = Path("/proc/cpuinfo")
# The CPU flags of int8 dot-product instructions (x86: AVX-512 VNNI, AVX-VNNI, AMX;
# Arm: the dot-product extension).  Without them onnxruntime's uint8 x int8 kernels
# add pairs of products in 16 bits, which saturate (docs/embedders.md#precision).
INT8_DOT_PRODUCT_FLAGS = frozenset({"avx512_vnni", "avx_vnni", "amx_int8", "asimddp"})


def int8_dot_products(cpuinfo: Path = CPUINFO) -> bool:
    """Whether this CPU has int8 dot-product instructions, by the flags the kernel
    lists (`flags` on x86, `Features` on Arm); False where it lists none."""
    try:
        text = cpuinfo.read_text(errors="replace")
    except OSError:
        return False
    for line in text.splitlines():
        key, _, value = line.partition(":")
        if key.strip() in ("flags", "Features"):
            return not INT8_DOT_PRODUCT_FLAGS.isdisjoint(value.split())
    return False
