"""The committed code in grounding_sidecar/api must be exactly what `make proto` generates."""

import os
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
GENERATED = ("grounding_pb2.py", "grounding_pb2_grpc.py")


def test_committed_code_matches_the_proto(tmp_path: Path) -> None:
    env = {**os.environ, "PY": sys.executable}
    subprocess.run(
        ["bash", str(ROOT / "tools" / "ops" / "gen_proto.sh"), str(tmp_path)],
        check=True,
        env=env,
        cwd=ROOT,
    )
    for name in GENERATED:
        fresh = (tmp_path / "grounding_sidecar" / "api" / name).read_text()
        committed = (ROOT / "grounding_sidecar" / "api" / name).read_text()
        assert fresh == committed, f"grounding_sidecar/api/{name} drifted: run `make proto`"
