"""`grounding-sidecar`'s entry point: the parser of every subcommand, built without the
server's imports."""

from __future__ import annotations

import subprocess
import sys


def test_the_command_line_loads_no_server_modules() -> None:
    # `check` and `calibrate` start without gRPC, protobuf or the ext_proc server;
    # only `serve` pays for them, when it runs.
    probe = (
        "import sys, grounding_sidecar.cli.main; grounding_sidecar.cli.main.build_parser(); "
        "print(sorted(m for m in sys.modules if m.split('.')[0] in "
        "('grpc', 'google', 'envoy', 'opentelemetry') "
        "or m.startswith('grounding_sidecar.extproc')))"
    )
    result = subprocess.run([sys.executable, "-c", probe], capture_output=True, text=True)
    assert result.returncode == 0, result.stderr
    assert result.stdout.strip() == "[]"
