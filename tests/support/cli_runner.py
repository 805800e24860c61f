"""Runs `grounding-sidecar` as a user does: a real subprocess of this interpreter."""

from __future__ import annotations

import subprocess
import sys


def run_sidecar(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "grounding_sidecar", *args],
        capture_output=True,
        text=True,
        timeout=300,
    )
