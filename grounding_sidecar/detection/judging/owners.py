"""Values given to each other's owners: two named things of one sentence and their two
values of one slot, paired the other way round.

"The CleanBot Mini picked up 92% of carpet debris, compared with 81% for the Sweepa S2"
against "The Sweepa S2 picked up 92% of test debris on carpet, while the CleanBot Mini
picked up 81%".  Both values and both names are the passage's and each clause of the
claim is worded its own way, so the words around the values (bindings.py) do not tell
the swap; which name stands nearest each value does (docs/detection.md#misplaced-details).

Read only where the claim states exactly two values of one unit and two names, and one
sentence of the passage states the same two values (and no other of that unit) and
writes each name once, and in each text each value has one name strictly nearer to it
than the other, a different one for each value: anything looser pairs nothing.
"""

from __future__ import annotations

import re
from collections.abc import Sequence

from grounding_sidecar.detection.judging.value_clauses import token_pattern
from grounding_sidecar.detection.text.clauses import rough_sentences
from grounding_sidecar.detection.text.details import Detail, DetailKind, extract_details
from grounding_sidecar.detection.text.identifiers import is_identifier

_WORD = re.compile(r"\w+")
# What parts two facts of a sentence; not a parenthesis, which holds a detail of the
# name before it ("The Sweepa S2 ($349) picked up 92%").
_BREAK = re.compile(r"[,;:]|\b(?:and|but|while|whilst|whereas|which)\b", re.IGNORECASE)


def swapped_owners(claim: str, passage: str) -> tuple[Detail, Detail] | None:
    """(the claim's value, the passage's other value) when the claim gives each of
    two values the name the passage gives the other; else None."""
    mine = _values_and_names(claim)
    if mine is None:
        return None  # most claims: not two values of one unit beside two names
    values, names = mine
    claimed = _owners(claim, values, names)
    if claimed is None:
        return None
    first, second = values
    for sentence in rough_sentences(passage):
        theirs = _values(extract_details(sentence), values[0].unit)
        by_value = {d.value: d for d in theirs}
        if len(theirs) != 2 or set(by_value) != {d.value for d in values}:
            continue
        stated = _owners(sentence, theirs, names)
        if (
            stated is not None
            and claimed[first.value] == stated[second.value]
            and claimed[second.value] == stated[first.value]
        ):
            return first, by_value[second.value]
    return None


def _values_and_names(text: str) -> tuple[list[Detail], list[str]] | None:
    """The two values of one unit and the two names the claim states, or None."""
    details = extract_details(text)
    values = _values(details)
    # A code beside a name ("Sweepa S2") is read as a detail of its own: the name decides.
    names = [
        d.surface
        for d in details
        if d.kind is DetailKind.ENTITY and not d.initial and not is_identifier(d.surface)
    ]
    if len(values) != 2 or len({d.value for d in values}) != 2 or values[0].unit != values[1].unit:
        return None
    if len(names) != 2 or names[0].lower() == names[1].lower():
        return None
    return values, names


def _values(details: Sequence[Detail], unit: str | None = None) -> list[Detail]:
    """The amounts with a unit (of `unit`, where given) among `details`."""
    return [
        d
        for d in details
        if d.kind is DetailKind.QUANTITY and d.unit and (unit is None or d.unit == unit)
    ]


def _owners(text: str, values: Sequence[Detail], names: Sequence[str]) -> dict[str, str] | None:
    """Each value's nearest name (lower case), where each name is written once, each
    value's nearest is strictly nearer than the other and the two values' differ."""
    name_spans = []
    for name in names:
        found = list(token_pattern(name).finditer(text))
        if len(found) != 1:
            return None
        name_spans.append((name.lower(), found[0].span()))
    owners: dict[str, str] = {}
    for value in values:
        found = list(token_pattern(value.surface).finditer(text))
        if len(found) != 1:
            return None
        distances = sorted((_apart(text, found[0].span(), span), name) for name, span in name_spans)
        if distances[0][0] == distances[1][0]:
            return None
        owners[value.value] = distances[0][1]
    return owners if len(set(owners.values())) == 2 else None


def _apart(text: str, one: tuple[int, int], other: tuple[int, int]) -> tuple[int, int]:
    """How far apart two spans of `text` are: the clause breaks between them first
    ("While the CleanBot Mini picked up 92%, the Sweepa S2 managed 81%": 92% is the
    CleanBot's, one word from "Sweepa" but a comma away), then the words."""
    start, end = (one[1], other[0]) if one[0] < other[0] else (other[1], one[0])
    between = text[start:end]
    return len(_BREAK.findall(between)), len(_WORD.findall(between))
