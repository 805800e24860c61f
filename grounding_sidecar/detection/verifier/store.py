"""The verifier's files and their pins (docs/verifier.md#files).

The trained weights ship inside the package as fp16 safetensors (trained by
`make train-verifier`); `grounding-sidecar model fetch` builds the fp32 ONNX graph
from them into the model directory, beside the MiniLM files.  Both are pinned by
sha256: a changed file is refused, never run under the same version.
"""

from __future__ import annotations

from pathlib import Path

from grounding_sidecar.detection.embedding.minilm.store import PinnedFile

# Tokens per (passage, claim) pair, [CLS] and both [SEP]s included; the longer side
# is cut first.  Training used the same limit.
VERIFIER_MAX_TOKENS = 128
WEIGHTS_DIR = Path(__file__).parent / "weights"
SHIPPED_WEIGHTS_PATH = WEIGHTS_DIR / "verifier-minilm-l6.f16.safetensors"
# Written by `make train-verifier` (tools/training/verifier/train.py), checked by
# tools/training/verifier/pin.py.
SHIPPED_WEIGHTS = PinnedFile(
    SHIPPED_WEIGHTS_PATH.name,
    "12e90f917e4d844ae777ced7f897fb84469b8c062240aca45b8262f0e9297630",
    45143590,
)
# Built by `grounding-sidecar model fetch` from SHIPPED_WEIGHTS (bert_onnx.build_classifier).
VERIFIER_GRAPH = PinnedFile(
    "verifier.onnx",
    "967de1910334f76525dc12cddf09fa1a9e38378f7317bc64521d157b923adbed",
    90278742,
)
# `grounding-sidecar model export` writes the shipped verifier as a model directory
# (verifier/export.py); loaded from there it is the shipped model under its own
# version.  The digest of those three files (model.directory_digest):
SHIPPED_DIRECTORY_DIGEST = "0f981c18bf8cb3c058d07a4b1b5e18d6304e2fe2b0526860fec907dc95572d41"
# v2: the verifier's reading also decides the addition rule (overrides.py), so the same
# graph grades differently than under v1; v3: its contradiction override needs a
# contrast the rationale can name (consistency.find_contrast); v4: weights trained on
# the licensed NLI pairs before the claim pairs, reading the best passage with its
# neighbours (grading/verification.py); v5: the contrast it names may be two nouns of
# one kind ("bedroom" for "kitchen", text/noun_kinds.py) or two periods ("monthly" for
# "annual"); v6: or a noun put in another's place in a claim copied from its passage
# word for word ("horse" for "dog", consistency.find_contrast), and no two nouns that
# are hypernyms by any of their senses stand against each other; v7: a claim copied from
# its passage but for one word of a contrast-table pair needs only that the verifier
# read no entailment (judging/overrides.py), and the table lists opposite acts ("adds"
# against "removes"); v8: a noun put in another's place that the verifier reads as all but
# never entailed is contradictory too, the table knows the nouns WordNet uses mostly as
# verbs ("drill", "duck"), and a noun that heads many is a broader word only where it
# sits no lower in WordNet ("mother" for "brother" is a swap; docs/verifier.md#a-noun-put-
# in-anothers-place); v9: a one-word swap of a pair that says opposite things (direct
# antonyms, directions, the domain list: "required" for "optional") is contradictory
# whatever the verifier reads (the table marks those pairs); v10: the nouns a noun heads
# are kinds of thing, not named instances ("river" is no broader word for "pond" for
# its named rivers); v11: a name found in no source yields to the verifier's
# entailment, a name where the passage names another to its confident entailment
# (judging/overrides.py); v12: the table pairs a change's direction said with another
# verb ("grew" against "declined", "rose" against "dropped") as opposites; v13: and a
# decision turned around ("upheld" against "overturned", "granted" against "denied").
VERIFIER_VERSION = "ver-v13"
# The contrast table (detection/text/contrasts.py, sha256[:8]) that VERIFIER_VERSION
# grades with: a new table needs a new version (tests/detection/verifier/test_store.py).
VERSION_CONTRAST_TABLE = "9141b9ab"


def verifier_graph_path(model_dir: Path) -> Path:
    return model_dir / VERIFIER_GRAPH.name
