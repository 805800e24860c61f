"""The machine a benchmark ran on, in words."""

from __future__ import annotations

import os

from benchmarks.machine import cpu_model, machine


def test_the_machine_names_its_cpu_and_its_cores() -> None:
    model = cpu_model()
    assert model and model != "unknown"
    assert machine() == f"{model}, {os.cpu_count()} cores"
