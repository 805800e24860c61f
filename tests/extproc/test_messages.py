"""The transport's projections: Envoy dynamic metadata, phases, refusal details, released
bodies and the headers read (each shortcut checked against the general code it skips)."""

from __future__ import annotations

import pytest
from envoy.config.core.v3 import base_pb2
from envoy.service.ext_proc.v3 import external_processor_pb2 as ext_proc
from google.protobuf import struct_pb2

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


def released(chunks: list[bytes], *, end: bool = True) -> list[tuple[bytes, bool]]:
    return [
        (r.response_body.response.body_mutation.streamed_response.body,
         r.response_body.response.body_mutation.streamed_response.end_of_stream)
        for r in messages.streamed_response_bodies(chunks, end_of_stream=end)
    ]  # fmt: skip


def test_held_chunks_are_released_joined_in_order() -> None:
    assert released([b"data: a\n\n", b"data: b\n", b"\n", b""]) == [
        (b"data: a\n\ndata: b\n\n", True)
    ]
    assert released([b"abc", b""], end=False) == [(b"abc", False)]
    assert released([]) == [(b"", True)]
    assert released([b""]) == [(b"", True)]
    assert released([], end=False) == []  # released before any body: nothing to send


def test_released_messages_stay_bounded() -> None:
    limit = messages.RELEASE_MESSAGE_BYTES
    big = b"x" * (limit + 10)  # already over the bound: goes out on its own
    chunks = [b"a" * (limit // 2), b"b" * (limit // 2), b"c", big, b"d"]
    pieces = released(chunks)
    assert b"".join(body for body, _ in pieces) == b"".join(chunks)
    assert [len(body) for body, _ in pieces] == [limit, 1, limit + 10, 1]
    assert [end for _, end in pieces] == [False, False, False, True]


@pytest.mark.parametrize(
    "fields",
    [
        {"verdict": "pass", "delivered": True, "sources": 1, "workspace": "", "claims": 0},
        {"ratio": 0.25, "missing": None, "nested": {"a": [1, "b"]}, "items": ["x", 2.5]},
    ],
)
def test_dynamic_metadata_matches_struct_update(fields: dict[str, object]) -> None:
    expected = struct_pb2.Struct()
    expected.update({messages.METADATA_NAMESPACE: dict(fields)})
    assert messages.continue_response_headers(None, fields).dynamic_metadata == expected


def test_header_values_match_the_full_header_map() -> None:
    headers = ext_proc.HttpHeaders(
        headers=base_pb2.HeaderMap(
            headers=[
                base_pb2.HeaderValue(key=":path", raw_value=b"/v1/chat/completions"),
                base_pb2.HeaderValue(key="X-Workspace-Id", raw_value=b"acme"),
                base_pb2.HeaderValue(key="x-workspace-id", raw_value=b"second"),
                base_pb2.HeaderValue(key="traceparent", value="00-ab-cd-01"),
                base_pb2.HeaderValue(key="authorization", raw_value=b"\xff secret"),
            ]
        )
    )
    wanted = {":path", "x-workspace-id", "traceparent", "tracestate"}
    full = messages.header_map(headers)
    assert messages.header_values(headers, wanted) == {k: full[k] for k in wanted if k in full}


@pytest.mark.parametrize(
    ("value", "encoded"),
    [
        ("", False),
        ("identity", False),
        (" Identity ", False),
        ("gzip", True),
        ("GZIP", True),
        ("br", True),
        ("zstd", True),
        ("gzip, identity", True),
        ("x-unknown", True),
    ],
)
def test_any_coding_but_identity_is_encoded(value: str, encoded: bool) -> None:
    assert messages.is_encoded(value) is encoded
