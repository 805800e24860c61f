"""Spans that read as numbers but state none: the detail reader sets them aside.

- Citation markers (citations.py): "[3]" points at a source.
- List numbering: "4. Turn on the diffuser" counts the answer's own steps; a source
  need not write "4" to back the step.
- "one" as a pronoun ("one must hold a degree", "no one") or as one member of a group
  ranked by a superlative ("one of the largest companies"): no count a source states.
  "one of the three approvers" is still a number, and so is "one" before a noun.

On the calibration parts of AttributionBench, Factcheck-GPT and WiCE, 3 of the 24
"appears in no source" refusals of claims labelled supported were a list number or
"one" (docs/benchmarks.md, rules-v5).
"""

from __future__ import annotations

import re
from collections.abc import Iterator

from grounding_sidecar.detection.text.citations import citation_spans

# At the start of the text, after an optional bullet: "4. ", "12) ", "- 3. ".
_LIST_NUMBER = re.compile(r"^\s*(?:[-*•]\s*)?(\d{1,2}[.)])(?=\s)")
_SUPERLATIVE = r"(?:\w+est|most|best|worst|first|last|top|leading|main|major|key|few|many)"
_PRONOUN_ONE = re.compile(
    r"\b(?:no|any|every|each|which)\s+(one)\b"
    r"|\b(one)\s+(?:must|can|could|should|would|may|might|will|shall|needs?\s+to|has\s+to)\b"
    rf"|\b(one)\s+of\s+(?:the|its|his|her|their|our|my|your)\s+{_SUPERLATIVE}\b",
    re.IGNORECASE,
)


def numberless_spans(text: str) -> Iterator[tuple[int, int]]:
    """The (start, end) of each span of `text` that holds no number, in no set order."""
    yield from citation_spans(text)
    listed = _LIST_NUMBER.match(text)
    if listed:
        yield listed.span(1)
    for match in _PRONOUN_ONE.finditer(text):
        group = next(g for g in (1, 2, 3) if match.group(g))
        yield match.span(group)
