"""The Node.js test packages (tests/integration/node, pinned by its package-lock):
`make test` installs them (`make tools-node`), so a missing one fails, never skips."""

from __future__ import annotations

import shutil
from pathlib import Path

NODE_DIR = Path(__file__).resolve().parents[1] / "integration" / "node"


def node_package_dir(package: str) -> Path:
    """The directory to run Node scripts in with `package` importable, or a failure
    saying how to install it."""
    if shutil.which("node") is None or not (NODE_DIR / "node_modules" / package).is_dir():
        raise AssertionError(
            f"Node.js or the npm package {package} is missing: run `make tools-node`"
        )
    return NODE_DIR
