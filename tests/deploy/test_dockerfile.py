"""The Dockerfile cannot be built here (no Docker engine), so check what it promises:
the build runs CI's own install, the runtime is non-root and verifies the model pins."""

from __future__ import annotations

import re

import pytest

from .chart import REPO

pytestmark = pytest.mark.helm
DOCKERFILE = (REPO / "Dockerfile").read_text()


def test_multi_stage_with_the_same_base() -> None:
    bases = re.findall(r"^FROM (\S+) AS (\w+)", DOCKERFILE, re.MULTILINE)
    assert [stage for _, stage in bases] == ["build", "runtime"]
    assert len({image for image, _ in bases}) == 1


def test_build_runs_the_makefile_install() -> None:
    assert "RUN make install VENV=/opt/build-venv" in DOCKERFILE
    assert "install:" in (REPO / "Makefile").read_text()


def test_runtime_is_non_root_and_verifies_the_model() -> None:
    runtime = DOCKERFILE.split("AS runtime", 1)[1]
    assert "USER 65532:65532" in runtime
    assert "RUN grounding-sidecar model check" in runtime
    assert "GROUNDING_SIDECAR_MODEL_DIR" in runtime


def test_model_files_are_the_pinned_runtime_files() -> None:
    from grounding_sidecar.detection.embedding.minilm.store import RUNTIME_FILES

    for pinned in RUNTIME_FILES:
        assert pinned.name in DOCKERFILE
