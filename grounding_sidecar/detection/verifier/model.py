"""Where a verifier comes from: the shipped one, or a model directory in the layout
Hugging Face ONNX exports produce (docs/own-checker.md#layout).

Both sources describe the model as a `VerifierModel`, which `runtime.OnnxVerifier`
loads: one loader, two sources.  The shipped verifier's files are pinned by sha256;
a directory's three files are named by one digest, which becomes part of the metric
definition version, so two models never share one.  A missing or unreadable file is
refused here, at start-up, with what to do; never replaced by another model.
"""

from __future__ import annotations

import hashlib
import json
from collections.abc import Mapping
from dataclasses import dataclass
from enum import Enum
from pathlib import Path
from typing import Any

from grounding_sidecar.detection.embedding.minilm.store import (
    TOKENIZER,
    problem_with,
    resolve_model_dir,
    sha256_of,
)
from grounding_sidecar.detection.text.language import SHIPPED_LANGUAGES
from grounding_sidecar.detection.verifier.base import VerifierUnavailable
from grounding_sidecar.detection.verifier.labels import LabelMap, UnknownLabels, label_map
from grounding_sidecar.detection.verifier.store import (
    SHIPPED_DIRECTORY_DIGEST,
    VERIFIER_GRAPH,
    VERIFIER_MAX_TOKENS,
    VERIFIER_VERSION,
    verifier_graph_path,
)

GRAPH_FILE = "model.onnx"
TOKENIZER_FILE = "tokenizer.json"
CONFIG_FILE = "config.json"
DIRECTORY_FILES = (GRAPH_FILE, TOKENIZER_FILE, CONFIG_FILE)
# The project's own keys in config.json (an object under this name; all optional).
PROJECT_KEY = "grounding_sidecar"
# Tokens per pair unless config.json's grounding_sidecar.max_tokens says otherwise:
# what BERT-family encoders were trained with, and what keeps a pair's cost bounded
# on models whose positions reach further.
DEFAULT_MAX_TOKENS = 512
# Models whose position ids start after the padding id (fairseq's convention): their
# usable length is max_position_embeddings - pad_token_id - 1.
_OFFSET_POSITIONS = frozenset({"roberta", "xlm-roberta", "camembert", "longformer"})

SHIPPED_LABELS = LabelMap(entailed=0, neither=2, contradicted=1)


class Truncation(Enum):
    """Which side of a too-long (premise, claim) pair is cut."""

    PREMISE_FIRST = "only_first"  # the claim is what is judged: cut the evidence
    LONGEST_FIRST = "longest_first"  # the shipped verifier's training


@dataclass(frozen=True, slots=True)
class VerifierModel:
    """A verifier's files and how to read them."""

    graph: Path
    tokenizer: Path
    labels: LabelMap
    max_tokens: int
    truncation: Truncation
    version_tag: str  # part of the metric definition version
    shipped: bool  # the shipped weights, whichever source: its calibration applies
    pad_id: int = 0
    # The languages it reads (ISO 639-1), as it declares them; None: not declared.
    languages: frozenset[str] | None = None


def shipped_model(model_dir: Path | str | None = None) -> VerifierModel:
    """The shipped verifier, built into the model directory by `model fetch`."""
    directory = resolve_model_dir(model_dir)
    problem = shipped_problem(directory)
    if problem is not None:
        raise VerifierUnavailable(
            f"the verifier's files are not usable: {problem}. Build them with "
            "`make install` or `grounding-sidecar model fetch`, or set `verifier: off`."
        )
    return shipped_description(directory)


def shipped_description(directory: Path) -> VerifierModel:
    """The shipped verifier as it reads its files in `directory`, which are not checked
    here (shipped_model checks them; the pinning tool describes a graph not yet pinned)."""
    return VerifierModel(
        graph=verifier_graph_path(directory),
        tokenizer=directory / TOKENIZER.name,
        labels=SHIPPED_LABELS,
        max_tokens=VERIFIER_MAX_TOKENS,
        truncation=Truncation.LONGEST_FIRST,
        version_tag=shipped_version_tag(),
        shipped=True,
        languages=SHIPPED_LANGUAGES,
    )


def shipped_version_tag() -> str:
    return f"{VERIFIER_VERSION}@{VERIFIER_GRAPH.sha256[:8]}"


def shipped_problem(model_dir: Path) -> str | None:
    """Why the shipped verifier's files are not usable in `model_dir`, or None."""
    for path, pin in (
        (verifier_graph_path(model_dir), VERIFIER_GRAPH),
        (model_dir / TOKENIZER.name, TOKENIZER),
    ):
        problem = problem_with(path, pin)
        if problem is not None:
            return problem
    return None


def directory_model(path: Path | str) -> VerifierModel:
    """A model directory: model.onnx, tokenizer.json and config.json (with id2label)."""
    directory = Path(path)
    if not directory.is_dir():
        raise VerifierUnavailable(f"verifier model directory {directory} does not exist")
    missing = [name for name in DIRECTORY_FILES if not (directory / name).is_file()]
    if missing:
        raise VerifierUnavailable(
            f"verifier model directory {directory} lacks {', '.join(missing)} "
            f"(it needs {', '.join(DIRECTORY_FILES)}: docs/own-checker.md#layout)"
        )
    config = _config(directory / CONFIG_FILE)
    digest = directory_digest(directory)
    shipped = digest == SHIPPED_DIRECTORY_DIGEST
    own = config.get(PROJECT_KEY, {})
    return VerifierModel(
        graph=directory / GRAPH_FILE,
        tokenizer=directory / TOKENIZER_FILE,
        labels=_labels(config, directory),
        max_tokens=_max_tokens(config, own, directory),
        truncation=_truncation(own, directory),
        version_tag=shipped_version_tag() if shipped else f"{VERIFIER_VERSION}+own@{digest[:8]}",
        shipped=shipped,
        pad_id=_int(config.get("pad_token_id"), 0),
        languages=SHIPPED_LANGUAGES if shipped else _languages(own, directory),
    )


def directory_digest(directory: Path) -> str:
    """One sha256 over the three files' sha256s, in DIRECTORY_FILES order."""
    return digest_of({name: sha256_of(directory / name) for name in DIRECTORY_FILES})


def digest_of(file_sha256s: Mapping[str, str]) -> str:
    """The directory digest from each of DIRECTORY_FILES' sha256."""
    joined = "\n".join(f"{name} {file_sha256s[name]}" for name in DIRECTORY_FILES)
    return hashlib.sha256(joined.encode()).hexdigest()


def _config(path: Path) -> dict[str, Any]:
    try:
        config = json.loads(path.read_text(encoding="utf-8"))
    except (OSError, UnicodeDecodeError, ValueError) as exc:
        raise VerifierUnavailable(f"{path} is not readable JSON: {exc}") from exc
    if not isinstance(config, dict):
        raise VerifierUnavailable(f"{path} must hold a JSON object")
    own = config.get(PROJECT_KEY, {})
    if not isinstance(own, dict):
        raise VerifierUnavailable(f"{path}: `{PROJECT_KEY}` must be an object")
    return config


def _labels(config: dict[str, Any], directory: Path) -> LabelMap:
    raw = config.get("id2label")
    if not isinstance(raw, dict) or not raw:
        raise VerifierUnavailable(f"{directory / CONFIG_FILE} has no id2label")
    try:
        return label_map({int(index): str(name) for index, name in raw.items()})
    except (UnknownLabels, ValueError) as exc:
        raise VerifierUnavailable(f"{directory / CONFIG_FILE}: {exc}") from exc


def _max_tokens(config: dict[str, Any], own: dict[str, Any], directory: Path) -> int:
    positions = _int(config.get("max_position_embeddings"), DEFAULT_MAX_TOKENS)
    if config.get("model_type") in _OFFSET_POSITIONS:
        positions -= _int(config.get("pad_token_id"), 1) + 1
    wanted = own.get("max_tokens", min(positions, DEFAULT_MAX_TOKENS))
    if not isinstance(wanted, int) or not 8 <= wanted <= positions:
        raise VerifierUnavailable(
            f"{directory / CONFIG_FILE}: {PROJECT_KEY}.max_tokens must be an integer "
            f"from 8 to the model's {positions} positions, got {wanted!r}"
        )
    return wanted


def _languages(own: dict[str, Any], directory: Path) -> frozenset[str] | None:
    raw = own.get("languages")
    if raw is None:
        return None
    codes = raw if isinstance(raw, list) else None
    if not codes or not all(isinstance(c, str) and c.isalpha() and 2 <= len(c) <= 3 for c in codes):
        raise VerifierUnavailable(
            f"{directory / CONFIG_FILE}: {PROJECT_KEY}.languages must be a list of ISO 639-1 "
            f'codes such as ["en", "fr"], got {raw!r}'
        )
    return frozenset(code.lower() for code in codes)


def _truncation(own: dict[str, Any], directory: Path) -> Truncation:
    raw = own.get("truncation", Truncation.PREMISE_FIRST.value)
    try:
        return Truncation(raw)
    except ValueError:
        choices = " | ".join(t.value for t in Truncation)
        raise VerifierUnavailable(
            f"{directory / CONFIG_FILE}: {PROJECT_KEY}.truncation must be {choices}, got {raw!r}"
        ) from None


def _int(value: Any, default: int) -> int:
    return value if isinstance(value, int) and not isinstance(value, bool) else default
