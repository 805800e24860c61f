"""The exchange of a stream nothing will check or change: every phase continues as is.

An `Exchange` hands the rest of its stream here as soon as it knows no check will
run (not a chat completion, no sources, grounding off, a non-2xx answer, or an answer
already released); the benchmark's no-op processor runs it for whole streams, so
the baseline it measures is exactly this path.
"""

from __future__ import annotations

import logging

from envoy.service.ext_proc.v3 import external_processor_pb2 as ext_proc

from grounding_sidecar.extproc import messages
from grounding_sidecar.extproc.messages import Phase, ProcessingResponse

log = logging.getLogger(__name__)


class PassthroughExchange:
    """Stateless: one instance serves every stream."""

    def handle(self, request: ext_proc.ProcessingRequest) -> list[ProcessingResponse]:
        phase = messages.phase_of(request)
        if phase is Phase.REQUEST_HEADERS:
            return [messages.continue_request_headers()]
        if phase is Phase.REQUEST_BODY:
            return [messages.continue_request_body()]
        if phase is Phase.REQUEST_TRAILERS:
            return [messages.continue_request_trailers()]
        if phase is Phase.RESPONSE_HEADERS:
            return [messages.continue_response_headers()]
        if phase is Phase.RESPONSE_BODY:
            body = request.response_body
            return [messages.streamed_response_body(body.body, end_of_stream=body.end_of_stream)]
        if phase is Phase.RESPONSE_TRAILERS:
            return [messages.continue_response_trailers()]
        log.warning("unexpected ext_proc message %r", request.WhichOneof("request"))
        return []


PASSTHROUGH = PassthroughExchange()
