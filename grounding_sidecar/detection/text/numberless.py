"""Spans that read as numbers but state none: the detail reader sets them aside.

- Citation markers (citations.py): "[3]" points at a source.
- List numbering: "4. Turn on the diffuser" counts the answer's own steps; a source
  need not write "4" to back the step.
- "one" as a pronoun ("one must hold a degree", "no one"), as one member of a group
  ranked by a superlative ("one of the largest companies"), or as one of an open set
  of reasons, ways or benefits ("One way to reset it is to hold the button", "One
  major concern is cost", "one of the benefits"; `_GROUP_MEMBERS`): an answer's way of
  saying "a", no count a source states.  "one of the three approvers" is still a
  number, and so is "one" before any other noun ("One engineer founded the company")
  or inside a sentence ("There is one way to reset it").

On the calibration parts of AttributionBench, Factcheck-GPT and WiCE, 3 of the 24
"appears in no source" refusals of claims labelled supported were a list number or
"one" (docs/benchmarks.md, rules-v5).
"""

from __future__ import annotations

import re
from collections.abc import Iterator

from grounding_sidecar.detection.text.amounts import NUMBER_WORDS
from grounding_sidecar.detection.text.citations import citation_spans
from grounding_sidecar.detection.text.scans import Scan, fold, word_start

# At the start of the text, after an optional bullet: "4. ", "12) ", "- 3. ".
_LIST_NUMBER = re.compile(r"^\s*(?:[-*•]\s*)?(\d{1,2}[.)])(?=\s)")
_SUPERLATIVE = r"(?:\w+est|most|best|worst|first|last|top|leading|main|major|key|few|many)"
_PRONOUN_ONE = re.compile(
    r"\b(?:no|any|every|each|which)\s+(one)\b"
    r"|\b(one)\s+(?:must|can|could|should|would|may|might|will|shall|needs?\s+to|has\s+to)\b"
    rf"|\b(one)\s+of\s+(?:the|its|his|her|their|our|my|your)\s+{_SUPERLATIVE}\b",
    re.IGNORECASE,
)
# Nouns that name one of an open set of reasons, ways and views, as answers introduce
# them ("One reason could be ...", "One possibility is that ...", "one of the benefits
# of ..."); the nouns that count things a source could count too (studies, people,
# steps) stay out.
_GROUP_MEMBERS = (  # noqa: SIM905 - a word list reads better as text
    "reason way possibility benefit advantage disadvantage drawback concern option "
    "approach example factor explanation theory method strategy challenge issue problem "
    "consideration solution idea tip aspect feature limitation risk cause argument "
    "criticism interpretation view thing key difference similarity alternative "
    "technique consequence implication goal purpose use application"
).split()


def _plural(noun: str) -> str:
    if noun.endswith("y") and noun[-2] not in "aeiou":
        return noun[:-1] + "ies"
    return noun + ("es" if noun.endswith(("ch", "sh", "s", "x")) else "s")


# A group counted in words: "one of the three reasons" is one of three.
_COUNT_WORDS = f"(?:{'|'.join(sorted(NUMBER_WORDS))})"
_MEMBER = "|".join(_GROUP_MEMBERS)
_MEMBERS = "|".join(map(_plural, _GROUP_MEMBERS))
# "One" opening a sentence (the text's, or after a sentence's end), up to two
# describing words, then such a noun; or "one of the" such nouns anywhere, with no
# count of them between ("one of the main reasons", never "one of the three reasons").
_ONE_OF_MANY = re.compile(
    rf"(?:^|(?<=[.!?]\s))\s*[\"'(]?(One)\s+(?:[a-z][a-z-]*\s+){{0,2}}?(?:{_MEMBER})\b"
    rf"|\b([Oo]ne)\s+of\s+(?:the|its|his|her|their|our|my|your|these|those)\s+"
    rf"(?:(?!{_COUNT_WORDS}\b)[a-z][a-z-]*\s+){{0,2}}?(?:{_MEMBERS})\b"
)


# The "one" patterns as every new text runs them: only over a text that holds "one", and
# only where a match can open (scans.py): at a word's start for the pronoun's words, and
# for one of many at "one" or, at a sentence's start, on what may come before its "One"
# (spaces, a quotation mark, a bracket).
_PRONOUN_ONE_SCAN = Scan(
    _PRONOUN_ONE, "one", first=word_start(("no", "any", "every", "each", "which", "one"))
)
_ONE_OF_MANY_SCAN = Scan(
    _ONE_OF_MANY, "one", first=re.compile(r"""(?:\A|(?<=[.!?]\s))[\s"'(O]|\b[Oo]""")
)


def numberless_spans(text: str, folded: str | None = None) -> Iterator[tuple[int, int]]:
    """The (start, end) of each span of `text` that holds no number, in no set order;
    `folded` is `scans.fold(text)`, if the caller has it."""
    yield from citation_spans(text)
    listed = _LIST_NUMBER.match(text)
    if listed:
        yield listed.span(1)
    folded = fold(text) if folded is None else folded
    # A "one" two patterns set aside ("one of the main reasons") is set aside once.
    ones = {match.span(_group(match)) for match in _PRONOUN_ONE_SCAN.finditer(text, folded)}
    ones.update(match.span(_group(match)) for match in _ONE_OF_MANY_SCAN.finditer(text, folded))
    yield from ones


def _group(match: re.Match[str]) -> int:
    """The pattern's group that matched: each alternative captures its "one"."""
    return next(g for g in range(1, len(match.groups()) + 1) if match.group(g))
