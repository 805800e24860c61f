"""Bodies the sidecar writes: compact UTF-8 JSON, escaped ASCII when Unicode cannot be."""

from __future__ import annotations

import json

from grounding_sidecar.common.compact_json import compact_json
from grounding_sidecar.decision.envelopes import hallucination_detected
from grounding_sidecar.observability.audit_events import claim_hash


def test_utf8_when_possible_and_keys_in_order() -> None:
    assert compact_json({"b": "é", "a": [1, 2]}) == '{"b":"é","a":[1,2]}'.encode()


def test_a_lone_surrogate_is_written_as_its_escape() -> None:
    raw = compact_json({"text": "x \ud800"})
    assert raw == b'{"text":"x \\ud800"}'
    assert json.loads(raw) == {"text": "x \ud800"}


def test_a_refusal_quoting_a_claim_with_a_lone_surrogate_is_valid_json() -> None:
    body = hallucination_detected("The tower is 900 metres tall \ud800.", "0" * 32).body()
    assert json.loads(body)["error"]["message"].endswith("900 metres tall \ud800.")


def test_a_claim_with_a_lone_surrogate_has_a_stable_hash() -> None:
    assert claim_hash("a \ud800") == claim_hash("a \ud800") != claim_hash("a \ufffd")
