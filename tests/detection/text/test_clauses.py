"""Clauses: the stretch around a span between the breaks given, the whole text when
there is none."""

from __future__ import annotations

import re

from grounding_sidecar.detection.text.clauses import clause_around

BREAKS = re.compile(r"[,;]|\bbut\b")


def _clause(text: str, word: str) -> str:
    at = text.index(word)
    breaks = [m.span() for m in BREAKS.finditer(text)]
    opens, closes = clause_around(breaks, at, at + len(word), len(text))
    return text[opens:closes]


def test_the_clause_runs_from_the_break_before_to_the_break_after() -> None:
    text = "It has two ports, but no HDMI port; the warranty covers defects"
    assert _clause(text, "HDMI") == " no HDMI port"
    assert _clause(text, "two") == "It has two ports"
    assert _clause(text, "warranty") == " the warranty covers defects"
    assert _clause("No breaks at all", "breaks") == "No breaks at all"
