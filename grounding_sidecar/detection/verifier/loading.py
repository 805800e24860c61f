"""Choosing the verifier at start-up from the `verifier` and `verifier-model` settings
(docs/verifier.md#setting, docs/own-checker.md).

`on` needs its files and raises VerifierUnavailable without them; `auto` runs the
shipped verifier when its graph is installed and returns None when it is absent (the
caller logs that; the metric definition version then names no verifier, so results
never mix); a graph that is present but altered is refused under every mode but `off`.
A `verifier-model` directory replaces the shipped verifier under `auto` and `on`
alike, and is never skipped: a directory that cannot load fails the start.
"""

from __future__ import annotations

from pathlib import Path

from grounding_sidecar.detection.contract import VerifierMode
from grounding_sidecar.detection.embedding.minilm.store import resolve_model_dir
from grounding_sidecar.detection.text.contrasts import ContrastTableUnavailable, contrast_table
from grounding_sidecar.detection.verifier.base import Verifier, VerifierUnavailable
from grounding_sidecar.detection.verifier.model import directory_model, shipped_model
from grounding_sidecar.detection.verifier.store import verifier_graph_path


def load_verifier(
    mode: VerifierMode,
    *,
    model_dir: Path | str | None = None,
    verifier_model: Path | str | None = None,
    intra_op_threads: int = 0,
    allow_spinning: bool = True,
) -> Verifier | None:
    if mode is VerifierMode.OFF:
        return None
    directory = resolve_model_dir(model_dir)
    if (
        verifier_model is None
        and mode is VerifierMode.AUTO
        and not verifier_graph_path(directory).exists()
    ):
        return None
    from grounding_sidecar.detection.verifier.runtime import OnnxVerifier

    # Its contradiction override reads the contrast table (overrides.py): loaded now, at
    # start-up, not inside the first check that needs it (0.7 s), and refused with the
    # verifier when it is not the pinned one (checked first: it is the cheaper file).
    try:
        contrast_table()
    except ContrastTableUnavailable as exc:
        raise VerifierUnavailable(str(exc)) from exc
    model = shipped_model(directory) if verifier_model is None else directory_model(verifier_model)
    return OnnxVerifier(
        model=model, intra_op_threads=intra_op_threads, allow_spinning=allow_spinning
    )
