"""The machine a benchmark ran on, in the words its output records."""

from __future__ import annotations

import os
import platform
from pathlib import Path


def cpu_model() -> str:
    """The CPU's model name ("AMD EPYC 9B14"), not only its architecture."""
    try:
        for line in Path("/proc/cpuinfo").read_text().splitlines():
            if line.startswith("model name"):
                return line.split(":", 1)[1].strip()
    except OSError:
        pass
    return platform.processor() or platform.machine() or "unknown"


def machine() -> str:
    """The CPU model and its logical CPUs: "AMD EPYC 9B14, 2 cores"."""
    return f"{cpu_model()}, {os.cpu_count()} cores"
