"""The audit events' fields: what stands in for claim text."""

from __future__ import annotations

from grounding_sidecar.observability.audit_events import claim_hash


def test_a_claim_with_a_lone_surrogate_has_a_stable_hash() -> None:
    assert claim_hash("a \ud800") == claim_hash("a \ud800") != claim_hash("a \ufffd")
