"""A short soak through the real Envoy: every response is its own case's, right."""

from __future__ import annotations

import json
import subprocess
import sys
import time
from pathlib import Path

import pytest

from benchmarks.soak import Sample, main, slope_bytes_per_request
from devtools.serving import ServingProcess

pytestmark = pytest.mark.envoy


def test_the_slope_is_bytes_per_request() -> None:
    samples = [Sample(n, 100 + n / 1024 / 1024 * 3, {}) for n in (1000, 2000, 3000)]
    assert slope_bytes_per_request(samples) == pytest.approx(3.0)


def test_a_short_soak_gets_every_response_right(tmp_path: Path) -> None:
    record = tmp_path / "soak.json"
    code = main(["--requests", "400", "--every", "200", "--hang-up-share", "0.1",
                 "--record", str(record)])  # fmt: skip
    result = json.loads(record.read_text())
    assert code == 0, result["wrong"]
    assert result["outcomes"]["right"] + result["outcomes"]["hung_up"] == 400
    assert result["outcomes"]["hung_up"] > 0
    caches = result["samples"][-1]["caches"]
    assert any(name.startswith("gateway_grounding_text_cache_entries") for name in caches)


def test_memory_is_read_from_the_process_status() -> None:
    command = [sys.executable, "-c", "import time; print('up', flush=True); time.sleep(30)"]
    process = subprocess.Popen(command, stdout=subprocess.PIPE, text=True)
    try:
        assert process.stdout is not None and process.stdout.readline() == "up\n"  # running
        served = ServingProcess(process, {})  # type: ignore[arg-type]
        resident, peak = served.memory_mib(), served.memory_mib("VmHWM")
        assert 1 < resident <= peak
        with pytest.raises(RuntimeError):
            served.memory_mib("NoSuchField")
    finally:
        process.kill()
        process.wait()


def test_cpu_time_is_read_from_the_process_stat() -> None:
    spin = "import time\nprint('up', flush=True)\nwhile True: pass"
    process = subprocess.Popen([sys.executable, "-c", spin], stdout=subprocess.PIPE, text=True)
    try:
        assert process.stdout is not None and process.stdout.readline() == "up\n"
        served = ServingProcess(process, {})  # type: ignore[arg-type]
        before = served.cpu_seconds()
        deadline = time.monotonic() + 20
        while served.cpu_seconds() - before < 0.2 and time.monotonic() < deadline:
            time.sleep(0.05)
        assert served.cpu_seconds() - before >= 0.2  # a spinning process accrues CPU time
    finally:
        process.kill()
        process.wait()
