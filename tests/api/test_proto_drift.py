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
        ["bash", str(ROOT / "tools" / "gen_proto.sh"), str(tmp_path)],
        check=True,
        env=env,
        cwd=ROOT,
    )
    for name in GENERATED:
        fresh = (tmp_path / "grounding_sidecar" / "api" / name).read_text()
        committed = (ROOT / "grounding_sidecar" / "api" / name).read_text()
        assert fresh == committed, f"grounding_sidecar/api/{name} drifted: run `make proto`"


def test_the_service_is_the_documented_one() -> None:
    from grounding_sidecar.api.service import grounding_pb2

    service = grounding_pb2.DESCRIPTOR.services_by_name["GroundingService"]
    assert service.full_name == "grounding.v1.GroundingService"
    assert [m.name for m in service.methods] == ["Check"]
    from grounding_sidecar.detection import Grader, load_embedder

    check_json = Grader(load_embedder("hash")).check("Paris is in France today.", ["Paris."])
    response_fields = [f.name for f in grounding_pb2.CheckResponse.DESCRIPTOR.fields]
    assert response_fields == list(check_json.to_dict())  # the `check --json` keys, in order
