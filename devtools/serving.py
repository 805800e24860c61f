"""Start a server process and learn its ports from the one line it prints when ready.

`grounding-sidecar serve`, the mock upstream and the no-op processor each print
`serving port=N ...` (key=value fields; ports chosen with 0 are real) once they
listen.  This is the one reader of that line, for the demo, the tools, the
benchmarks and the tests; and `metrics_text` the one reader of a sidecar's metrics
endpoint.
"""

from __future__ import annotations

import os
import re
import select
import subprocess
import threading
import urllib.request
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import IO, Any


class ServingFailed(RuntimeError):
    """The process exited, or printed something else, before it was serving."""


@dataclass
class ServingProcess:
    process: subprocess.Popen[str]
    fields: dict[str, str]  # the `serving` line's key=value pairs

    @property
    def pid(self) -> int:
        return self.process.pid

    def port(self, name: str = "port") -> int:
        return int(self.fields[name])

    def memory_mib(self, field: str = "VmRSS") -> float:
        """A memory field of /proc/<pid>/status in MiB: VmRSS (resident now), VmHWM (peak)."""
        text = Path(f"/proc/{self.pid}/status").read_text()
        match = re.search(rf"^{field}:\s+(\d+) kB", text, re.MULTILINE)
        if match is None:
            raise RuntimeError(f"no {field} for pid {self.pid}")
        return int(match.group(1)) / 1024

    def cpu_seconds(self) -> float:
        """User plus system CPU time the process has used (/proc/<pid>/stat), all its
        threads together."""
        fields = Path(f"/proc/{self.pid}/stat").read_text().rsplit(")", 1)[1].split()
        return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")

    def __enter__(self) -> ServingProcess:
        """Stopped when its `with` block (or the ExitStack it entered) ends."""
        return self

    def __exit__(self, *exc: object) -> None:
        self.stop()

    def stop(self, timeout: float = 15.0) -> None:
        """SIGTERM (the servers shut down gracefully on it), SIGKILL after `timeout`."""
        if self.process.poll() is None:
            self.process.terminate()
            try:
                self.process.wait(timeout=timeout)
            except subprocess.TimeoutExpired:
                self.process.kill()
                self.process.wait(timeout=5)


def start_serving(
    command: Sequence[str], *, timeout: float = 120.0, stderr: IO[Any] | int | None = None
) -> ServingProcess:
    """Run `command` and wait (at most `timeout` seconds) for its `serving` line."""
    process = subprocess.Popen(list(command), stdout=subprocess.PIPE, stderr=stderr, text=True)
    assert process.stdout is not None
    line = ""
    ready, _, _ = select.select([process.stdout], [], [], timeout)
    if ready:
        line = process.stdout.readline()
    if not line.startswith("serving "):
        ServingProcess(process, {}).stop(timeout=5)
        raise ServingFailed(f"{' '.join(command[:4])} ... did not start: {line.strip()!r}")
    # What it prints after (a sidecar's audit events, on stdout by default) is read and
    # dropped, as a container runtime reads it: an undrained pipe fills, and the
    # sidecar's audit writer then blocks and drops every event, which a deployment never
    # sees (and which would leave their cost out of every benchmark).
    threading.Thread(target=_drain, args=(process.stdout,), daemon=True).start()
    return ServingProcess(process, dict(part.split("=", 1) for part in line.split()[1:]))


def _drain(stream: IO[str]) -> None:
    for _ in stream:
        pass


def metrics_text(port: int) -> str:
    """The text a metrics endpoint on loopback serves at /metrics."""
    with urllib.request.urlopen(f"http://127.0.0.1:{port}/metrics", timeout=10) as response:
        text: str = response.read().decode()
    return text
