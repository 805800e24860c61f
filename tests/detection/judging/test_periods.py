"""Changed periods: a frequency no source states, where the best passage states another,
is named with both; the same period in other words, or one another source states, is
not."""

from __future__ import annotations

from grounding_sidecar.detection.judging.corpus import SourceCorpus
from grounding_sidecar.detection.judging.periods import changed_period

STATEMENTS = "Statements are issued monthly and can be downloaded as PDF."


def _changed(claim: str, *sources: str) -> tuple[str, str] | None:
    return changed_period(claim, sources[0], SourceCorpus(sources))


def test_a_period_no_source_states_against_the_passages_is_changed() -> None:
    assert _changed("Statements are issued weekly.", STATEMENTS) == ("weekly", "monthly")
    guests = "Members can bring one guest per month for free."
    assert _changed("Members can bring one guest per week.", guests) == ("per week", "per month")


def test_the_same_period_in_other_words_or_stated_elsewhere_is_no_change() -> None:
    assert _changed("A statement is issued every month.", STATEMENTS) is None
    assert _changed("Statements are issued weekly.", STATEMENTS, "Reports run weekly.") is None
    # A passage with no frequency leaves the claim's to the other rules.
    assert _changed("Statements are issued weekly.", "Statements can be downloaded.") is None
