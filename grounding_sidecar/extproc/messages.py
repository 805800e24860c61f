"""Builders for ext_proc protocol messages, and header access.

Envoy 1.40 puts header values in `raw_value` (bytes), and a mutation must use
`raw_value` too: a `value=` mutation was measured to produce an empty header.
"""

from __future__ import annotations

from collections.abc import Collection, Iterable, Mapping
from enum import StrEnum
from typing import Any, TypeAlias

from envoy.config.core.v3 import base_pb2
from envoy.service.ext_proc.v3 import external_processor_pb2 as ext_proc
from envoy.type.v3 import http_status_pb2
from google.protobuf import struct_pb2

from grounding_sidecar.decision import CheckOutcome, Decision, GroundingPolicy
from grounding_sidecar.decision.envelopes import Refusal

METADATA_NAMESPACE = "grounding"
VERDICT_HEADER = "x-grounding-verdict"
# Set on a stream released as it is verified (its verdict is in the report, not a header).
DELIVERY_HEADER = "x-grounding-delivery"
# Held chunks are released joined into messages of at most this size: one gRPC write
# per message is the processor's main per-chunk cost, and an answer held for a check is
# usually a few small chunks.  A chunk already larger than this goes out as it is.
RELEASE_MESSAGE_BYTES = 64 * 1024

# xds-protos ships no type stubs: its messages are `Any` to mypy; the alias documents intent.
ProcessingResponse: TypeAlias = Any


class Phase(StrEnum):
    """The ext_proc message kinds (`ProcessingRequest.request`), in Envoy's order."""

    CREATED = "created"  # the stream is open, no message yet
    REQUEST_HEADERS = "request_headers"
    REQUEST_BODY = "request_body"
    REQUEST_TRAILERS = "request_trailers"
    RESPONSE_HEADERS = "response_headers"
    RESPONSE_BODY = "response_body"
    RESPONSE_TRAILERS = "response_trailers"
    UNKNOWN = "unknown"  # a kind this processor does not know


_PHASES = {phase.value: phase for phase in Phase}


def phase_of(request: ext_proc.ProcessingRequest) -> Phase:
    return _PHASES.get(request.WhichOneof("request") or "", Phase.UNKNOWN)


def ends_exchange(request: ext_proc.ProcessingRequest) -> bool:
    """Whether this is the last message Envoy sends for its exchange: the response
    body's end, or the response trailers (which come only when the body had no end)."""
    phase = phase_of(request)
    return phase is Phase.RESPONSE_TRAILERS or (
        phase is Phase.RESPONSE_BODY and bool(request.response_body.end_of_stream)
    )


def header_map(headers: ext_proc.HttpHeaders) -> dict[str, str]:
    """Lower-cased name -> value; repeated names keep the first value."""
    result: dict[str, str] = {}
    for header in headers.headers.headers:
        raw = header.raw_value if header.raw_value else header.value.encode()
        result.setdefault(header.key.lower(), raw.decode("utf-8", errors="replace"))
    return result


def header_values(headers: ext_proc.HttpHeaders, names: Collection[str]) -> dict[str, str]:
    """`header_map` restricted to `names` (lower-case): only those values are decoded."""
    result: dict[str, str] = {}
    for header in headers.headers.headers:
        name = header.key.lower()
        if name in names and name not in result:
            raw = header.raw_value if header.raw_value else header.value.encode()
            result[name] = raw.decode("utf-8", errors="replace")
    return result


# What a content-encoding may say of a body that is its own text.
PLAIN_ENCODINGS = frozenset({"", "identity"})


def is_encoded(content_encoding: str) -> bool:
    """Whether a `content-encoding` value names any coding but identity ("gzip",
    "br", "gzip, identity", an unknown token): such a body is not the answer's text."""
    codings = {c.strip().lower() for c in content_encoding.split(",")}
    return not codings <= PLAIN_ENCODINGS


def _set_headers(headers: Mapping[str, str]) -> ext_proc.HeaderMutation:
    return ext_proc.HeaderMutation(
        set_headers=[
            base_pb2.HeaderValueOption(
                header=base_pb2.HeaderValue(key=name, raw_value=value.encode()),
                append_action=base_pb2.HeaderValueOption.OVERWRITE_IF_EXISTS_OR_ADD,
            )
            for name, value in headers.items()
        ]
    )


def _struct(namespace_fields: Mapping[str, Any] | None) -> struct_pb2.Struct | None:
    if not namespace_fields:
        return None
    metadata = struct_pb2.Struct()
    fields = metadata.fields[METADATA_NAMESPACE].struct_value.fields
    for key, value in namespace_fields.items():
        # The flat scalars the exchange writes, set directly (`Struct.update` walks
        # every value through a generic converter); anything else goes through it.
        if value is None:
            fields[key].null_value = struct_pb2.NULL_VALUE
        elif isinstance(value, bool):
            fields[key].bool_value = value
        elif isinstance(value, str):
            fields[key].string_value = value
        elif isinstance(value, int | float):
            fields[key].number_value = value
        else:
            metadata.fields[METADATA_NAMESPACE].struct_value.update({key: value})
    return metadata


def continue_request_headers() -> ProcessingResponse:
    return ext_proc.ProcessingResponse(request_headers=ext_proc.HeadersResponse())


def replace_request_body(body: bytes) -> ProcessingResponse:
    """A BUFFERED body rewrite; content-length must match in the same reply or Envoy
    answers 500."""
    common = ext_proc.CommonResponse(
        header_mutation=_set_headers({"content-length": str(len(body))}),
        body_mutation=ext_proc.BodyMutation(body=body),
    )
    return ext_proc.ProcessingResponse(request_body=ext_proc.BodyResponse(response=common))


def continue_request_body() -> ProcessingResponse:
    return ext_proc.ProcessingResponse(request_body=ext_proc.BodyResponse())


def continue_response_headers(
    set_headers: Mapping[str, str] | None = None,
    metadata: Mapping[str, Any] | None = None,
) -> ProcessingResponse:
    common = ext_proc.CommonResponse(
        header_mutation=_set_headers(set_headers) if set_headers else None
    )
    return ext_proc.ProcessingResponse(
        response_headers=ext_proc.HeadersResponse(response=common),
        dynamic_metadata=_struct(metadata),
    )


def streamed_response_body(
    body: bytes, *, end_of_stream: bool, metadata: Mapping[str, Any] | None = None
) -> ProcessingResponse:
    """One FULL_DUPLEX_STREAMED body piece: what the client gets, in order; `metadata`
    for a verdict decided after the headers went out."""
    mutation = ext_proc.BodyMutation(
        streamed_response=ext_proc.StreamedBodyResponse(body=body, end_of_stream=end_of_stream)
    )
    common = ext_proc.CommonResponse(body_mutation=mutation)
    return ext_proc.ProcessingResponse(
        response_body=ext_proc.BodyResponse(response=common), dynamic_metadata=_struct(metadata)
    )


def streamed_response_bodies(
    chunks: Iterable[bytes], *, end_of_stream: bool, metadata: Mapping[str, Any] | None = None
) -> list[ProcessingResponse]:
    """Release held chunks in order, consecutive ones joined up to `RELEASE_MESSAGE_BYTES`
    per message (bounded message sizes); the last message ends the stream and carries
    `metadata`.  Nothing to say (no bytes, not the end, no metadata) is no message:
    released before any body arrived, the body Envoy has yet to send is relayed."""
    pieces: list[bytes] = []
    run: list[bytes] = []
    run_bytes = 0
    for chunk in chunks:
        if run and run_bytes + len(chunk) > RELEASE_MESSAGE_BYTES:
            pieces.append(b"".join(run))
            run, run_bytes = [], 0
        if chunk:
            run.append(chunk)
            run_bytes += len(chunk)
    if run or not pieces:
        pieces.append(b"".join(run))
    if pieces == [b""] and not end_of_stream and metadata is None:
        return []
    last = len(pieces) - 1
    return [
        streamed_response_body(
            piece,
            end_of_stream=end_of_stream and i == last,
            metadata=metadata if i == last else None,
        )
        for i, piece in enumerate(pieces)
    ]


def continue_request_trailers() -> ProcessingResponse:
    return ext_proc.ProcessingResponse(request_trailers=ext_proc.TrailersResponse())


def continue_response_trailers() -> ProcessingResponse:
    return ext_proc.ProcessingResponse(response_trailers=ext_proc.TrailersResponse())


def immediate_response(
    status: int,
    body: bytes,
    *,
    headers: Mapping[str, str],
    details: str,
    metadata: Mapping[str, Any] | None = None,
) -> ProcessingResponse:
    return ext_proc.ProcessingResponse(
        immediate_response=ext_proc.ImmediateResponse(
            status=http_status_pb2.HttpStatus(code=status),
            headers=_set_headers(headers),
            body=body,
            details=details,
        ),
        dynamic_metadata=_struct(metadata),
    )


def refusal_response(
    refusal: Refusal,
    body: bytes,
    *,
    verdict_header: str | None = None,
    metadata: Mapping[str, Any] | None = None,
) -> ProcessingResponse:
    """A refusal sent in place of the upstream's answer (`body`: its JSON envelope);
    refusals of a checked answer carry its verdict header."""
    headers = {"content-type": "application/json"}
    if verdict_header is not None:
        headers[VERDICT_HEADER] = verdict_header
    return immediate_response(
        refusal.status, body, headers=headers, details=refusal.code.details, metadata=metadata
    )


def dynamic_metadata(
    *,
    workspace_id: str | None,
    policy: GroundingPolicy,
    outcome: CheckOutcome,
    decision: Decision,
    source_count: int,
) -> dict[str, Any]:
    """Fields for Envoy's dynamic metadata namespace `grounding` (access logs, see
    docs/extproc.md): a flat projection of the decision, scalars only."""
    result = outcome.result
    fields: dict[str, Any] = {
        "verdict": decision.verdict.value,
        "action": policy.action.value,
        "delivered": decision.deliver,
        "sources": source_count,
        "workspace": workspace_id or "",
    }
    if decision.refusal is not None:
        fields["refusal"] = decision.refusal.code.value
        fields["trace_id"] = decision.refusal.trace_id
    if outcome.unchecked is not None:
        fields["unchecked"] = outcome.unchecked.value
    if outcome.truncated:
        fields["scan_incomplete"] = True
    if result is not None:
        fields.update(
            version=result.version,
            grounded=result.grounded,
            claims=len(result.claims),
            ungrounded_claims=len(result.ungrounded_claims),
            skipped_claims=len(result.skipped_claims),
            dropped_sources=len(result.dropped_sources),
        )
    return fields
