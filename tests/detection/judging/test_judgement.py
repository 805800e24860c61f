"""The Judgement: what a rule that overrules it leaves of its probability (the
judges' own use of it is in test_judges.py)."""

from __future__ import annotations

from grounding_sidecar.detection.contract import Verdict
from grounding_sidecar.detection.judging.consistency import FindingKind
from grounding_sidecar.detection.judging.judgement import OVERRULED_SHARE, Judgement
from grounding_sidecar.detection.text.passages import Passage


def test_a_second_rule_leaves_an_overruled_probability_where_the_first_put_it() -> None:
    source = "Order 5512 shipped on 3 June by ground freight from the Leeds depot."
    passage = Passage("s0.0", 0, 0, len(source), source)
    first = Judgement(Verdict.SUPPORTED, 0.9, passage, 0.9, OVERRULED_SHARE * 0.5, "matches")
    once = first.overruled(Verdict.UNSUPPORTED, "a detail", FindingKind.MISSING_DETAIL)
    twice = once.overruled(Verdict.CONTRADICTORY, "a contrast", FindingKind.CONTRAST)
    assert once.probability == 0.9 * OVERRULED_SHARE * 0.5
    assert twice.probability == once.probability
    assert twice.overruled_by is FindingKind.CONTRAST
