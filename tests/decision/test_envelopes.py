"""The refusal envelopes: their JSON bodies and the trace id they carry."""

from __future__ import annotations

import json
import re

from grounding_sidecar.decision import grounding_unavailable, trace_id_from
from grounding_sidecar.decision.envelopes import hallucination_detected

TRACE = "0af7651916cd43dd8448eb211c80319c"


def test_a_refusal_quoting_a_claim_with_a_lone_surrogate_is_valid_json() -> None:
    body = hallucination_detected("The tower is 900 metres tall \ud800.", "0" * 32).body()
    assert json.loads(body)["error"]["message"].endswith("900 metres tall \ud800.")


def test_grounding_unavailable_envelope() -> None:
    body = json.loads(grounding_unavailable(TRACE).body())
    assert body["error"]["code"] == "grounding_unavailable"
    assert body["error"]["type"] == "guardrail_violation"
    assert "no embedding-backed detector" in body["error"]["message"]


def test_trace_id_comes_from_traceparent_or_is_fresh() -> None:
    assert trace_id_from(f"00-{TRACE}-00f067aa0ba902b7-01") == TRACE
    for bad in (None, "", "garbage", f"00-{'0' * 32}-00f067aa0ba902b7-01"):
        fresh = trace_id_from(bad)
        assert re.fullmatch(r"[0-9a-f]{32}", fresh)
    assert trace_id_from(None) != trace_id_from(None)
