"""The transport's projections: Envoy dynamic metadata, phases, refusal details."""

from __future__ import annotations

import pytest
from envoy.service.ext_proc.v3 import external_processor_pb2 as ext_proc

from grounding_sidecar.decision import Action, CheckOutcome, RefusalCode, decide
from grounding_sidecar.extproc import messages
from grounding_sidecar.extproc.messages import Phase, dynamic_metadata
from tests.decision.test_decide import FAIL, TRACE, policy


def test_dynamic_metadata_carries_verdict_counts_and_version() -> None:
    outcome = CheckOutcome(FAIL)
    decision = decide(outcome, policy(Action.BLOCK), TRACE)
    fields = dynamic_metadata(
        workspace_id="acme",
        policy=policy(Action.BLOCK),
        outcome=outcome,
        decision=decision,
        source_count=2,
    )
    assert fields["verdict"] == "fail"
    assert fields["ungrounded_claims"] == 1 and fields["claims"] == 2
    assert fields["version"] == "v" and fields["delivered"] is False
    assert fields["refusal"] == "hallucination_detected"


@pytest.mark.parametrize("phase", [p for p in Phase if p not in (Phase.CREATED, Phase.UNKNOWN)])
def test_every_ext_proc_message_kind_is_a_phase(phase: Phase) -> None:
    request = ext_proc.ProcessingRequest(**{phase.value: {}})
    assert messages.phase_of(request) is phase


def test_a_message_with_no_kind_is_the_unknown_phase() -> None:
    assert messages.phase_of(ext_proc.ProcessingRequest()) is Phase.UNKNOWN


def test_every_refusal_has_envoy_details_of_its_own() -> None:
    details = [code.details for code in RefusalCode]
    assert len(set(details)) == len(details)
    assert all(d.startswith("grounding_") for d in details)
