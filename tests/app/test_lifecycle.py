"""The server's life: a start-up problem of an operational part ends it at once, with
exit 2 and one line, like a bad setting."""

import subprocess
import sys
from pathlib import Path


def test_a_broken_policy_dir_at_start_up_exits_2(tmp_path: Path) -> None:
    (tmp_path / "workspaces.json").write_text("{broken")
    command = [
        sys.executable, "-m", "grounding_sidecar", "serve", "--embedder", "hash", "--port", "0",
        "--metrics-port", "0", "--policy-dir", str(tmp_path),
    ]  # fmt: skip
    done = subprocess.run(command, capture_output=True, text=True, timeout=60)
    assert done.returncode == 2
    assert done.stderr.strip().splitlines()[-1].startswith("grounding-sidecar serve: error:")
    assert "workspaces.json" in done.stderr
