"""Passages that state a claim's value as the claim does: a near one of the clause's
thing, a near or similar one beside another of the clause's values; not one of another
subject, and the passages read once, only when asked."""

from __future__ import annotations

from grounding_sidecar.detection.judging.stated_elsewhere import DetailClause, Elsewhere
from grounding_sidecar.detection.text.details import extract_details
from tests.support.counted import Counted

FREE = "Free accounts can make 100 requests per minute."
PAID = "Paid accounts can make 1,000 requests per minute."


def _states(claim: str, best: str, near: list[str], similar: list[str] | None = None) -> bool:
    detail = next(d for d in extract_details(claim) if d.surface[0].isdigit())
    clause = DetailClause.of(claim, detail)
    return Elsewhere(claim, best, lambda: [best, *near], lambda: similar or []).states(
        clause, detail
    )


def test_a_near_passage_of_the_clauses_thing_states_its_value() -> None:
    assert _states("Paid accounts can make 1,000 requests per minute.", FREE, [PAID])
    # The claim's subject is the best passage's, and the near passage names another.
    assert not _states("Free accounts can make 1,000 requests per minute.", FREE, [PAID])


def test_a_similar_passage_states_a_value_beside_another_of_the_clause() -> None:
    weekdays = "The clinic opens at 8:00 on weekdays and closes at 18:30."
    saturdays = "On Saturdays it is open from 9:00 until noon."
    claim = "On Saturdays the clinic is open from 9 AM to 12 PM."
    assert not _states(claim, weekdays, [])
    assert _states(claim, weekdays, [], [saturdays])


def test_the_passages_are_read_once_and_only_when_asked() -> None:
    near = Counted([FREE, PAID])
    claim = "Paid accounts can make 1,000 requests per minute."
    detail = next(d for d in extract_details(claim) if d.surface == "1,000")
    elsewhere = Elsewhere(claim, FREE, near, None)
    assert near.reads == 0
    clause = DetailClause.of(claim, detail)
    assert elsewhere.states(clause, detail) and elsewhere.states(clause, detail)
    assert near.reads == 1


def test_a_clause_of_the_whole_claim_is_about_any_passage_it_shares_words_with() -> None:
    claim = "The ride to the airport lasts 15 minutes."
    (detail,) = extract_details(claim)
    clause = DetailClause.of(claim, detail)
    assert clause.whole
    assert clause.about(frozenset({"airport", "ride"}))
    assert not clause.about(frozenset({"train"}))
