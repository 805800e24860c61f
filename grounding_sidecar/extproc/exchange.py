"""One HTTP exchange = one ext_proc stream (docs/contract.md#delivery, docs/extproc.md).

An `Exchange` is created per gRPC stream and gets one call per message, in Envoy's
order; each returns the ext_proc messages to send, possibly none (returning nothing for
the response headers is how they are *held* while Envoy keeps streaming body chunks,
FULL_DUPLEX_STREAMED).  It dispatches: the request to its `RequestReader`, which says
whether the answer is checked; a checked answer's body to the one delivery object
(immediate, held, progressive) its 2xx headers chose; anything left unchecked to the
pass-through.  Its life is an `ExchangeState`, moved only along `_MOVES`.
"""

from __future__ import annotations

import logging
from dataclasses import dataclass, field
from enum import Enum

from envoy.service.ext_proc.v3 import external_processor_pb2 as ext_proc

from grounding_sidecar.decision import NOOP_OBSERVER, CheckService, GroundingObserver, PolicySource
from grounding_sidecar.extproc import messages
from grounding_sidecar.extproc.answer_check import notify
from grounding_sidecar.extproc.deliveries import open_delivery
from grounding_sidecar.extproc.delivery import Progress, ResponseDelivery
from grounding_sidecar.extproc.messages import Phase, ProcessingResponse
from grounding_sidecar.extproc.passthrough import PASSTHROUGH
from grounding_sidecar.extproc.request import RequestOutcome, RequestReader, RequestSettings
from grounding_sidecar.observability.tracing import Tracing

log = logging.getLogger(__name__)

MIB = 1024 * 1024
RESPONSE_HEADERS = frozenset({":status", "content-type", "content-encoding"})  # the only ones read


@dataclass(frozen=True, slots=True)
class ExchangeLimits:
    workspace_header: str = "x-workspace-id"
    max_response_bytes: int = MIB  # JSON bodies held for a check
    max_stream_bytes: int = MIB  # SSE bytes held (BLOCK) or copied (LOG/FLAG) for a check


@dataclass(frozen=True, slots=True)
class ExchangeContext:
    """What every exchange of a server shares."""

    policies: PolicySource
    checks: CheckService
    limits: ExchangeLimits = field(default_factory=ExchangeLimits)
    observer: GroundingObserver = NOOP_OBSERVER
    tracing: Tracing = field(default_factory=Tracing)  # off: no spans, ids from traceparent
    requests: RequestSettings = field(init=False)

    def __post_init__(self) -> None:
        requests = RequestSettings(
            self.policies, self.checks, self.observer, self.tracing, self.limits.workspace_header
        )
        object.__setattr__(self, "requests", requests)


class ExchangeState(Enum):
    REQUEST = "request"  # reading the request
    AWAITING_ANSWER = "awaiting_answer"  # the answer will be checked; its headers are due
    DELIVERING = "delivering"  # a delivery object owns the response body
    RELAYING = "relaying"  # nothing more is checked or changed: relayed as is
    FINISHED = "finished"  # the client's response is complete, or refused


_MOVES: dict[ExchangeState, frozenset[ExchangeState]] = {
    ExchangeState.REQUEST: frozenset(
        {ExchangeState.AWAITING_ANSWER, ExchangeState.RELAYING, ExchangeState.FINISHED}
    ),
    ExchangeState.AWAITING_ANSWER: frozenset(
        {ExchangeState.DELIVERING, ExchangeState.RELAYING, ExchangeState.FINISHED}
    ),
    ExchangeState.DELIVERING: frozenset({ExchangeState.RELAYING, ExchangeState.FINISHED}),
    ExchangeState.RELAYING: frozenset(),
    ExchangeState.FINISHED: frozenset(),
}
_AFTER_REQUEST = {
    RequestOutcome.CHECK: ExchangeState.AWAITING_ANSWER,
    RequestOutcome.RELAY: ExchangeState.RELAYING,
    RequestOutcome.REFUSED: ExchangeState.FINISHED,
}
_AFTER_DELIVERY = {
    Progress.RELEASED: ExchangeState.RELAYING,
    Progress.FINISHED: ExchangeState.FINISHED,
}


class Exchange:
    def __init__(self, context: ExchangeContext) -> None:
        self._ctx = context
        self.state = ExchangeState.REQUEST
        self.request = RequestReader(context.requests)  # who asks, what the check is
        self._delivery: ResponseDelivery | None = None  # set by a checked answer's headers
        self._phase = Phase.CREATED  # the response's latest, for a cancelled stream

    @property
    def checking(self) -> bool:
        """The answer is checked: sources present, grounding enabled, detector working."""
        return self.request.check is not None

    @property
    def relaying(self) -> bool:
        return self.state is ExchangeState.RELAYING

    @property
    def finished(self) -> bool:
        return self.state is ExchangeState.FINISHED

    def _move(self, state: ExchangeState) -> None:
        if state is not self.state and state not in _MOVES[self.state]:
            raise RuntimeError(f"an exchange cannot move from {self.state} to {state}")
        self.state = state

    # -- dispatch -------------------------------------------------------------

    async def handle(self, request: ext_proc.ProcessingRequest) -> list[ProcessingResponse]:
        if self.state is ExchangeState.RELAYING:
            return PASSTHROUGH.handle(request)
        kind = request.WhichOneof("request")  # a `Phase` value
        if kind == Phase.RESPONSE_BODY:
            return await self.on_response_body(request.response_body)
        if kind == Phase.RESPONSE_TRAILERS:
            return [*await self.on_response_trailers(), messages.continue_response_trailers()]
        if self.state is ExchangeState.FINISHED:
            return PASSTHROUGH.handle(request)  # nothing of a refused exchange is read again
        if kind == Phase.REQUEST_HEADERS:
            if not self.request.on_headers(request.request_headers):
                self._move(ExchangeState.RELAYING)  # not a chat completion
            return [messages.continue_request_headers()]
        if kind == Phase.REQUEST_BODY:
            outcome, reply = self.request.on_body(request.request_body)
            self._move(_AFTER_REQUEST[outcome])
            return [reply]
        if kind == Phase.RESPONSE_HEADERS:
            return self.on_response_headers(request.response_headers)
        if kind == Phase.REQUEST_TRAILERS:
            return [messages.continue_request_trailers()]
        log.warning("unexpected ext_proc message %r", kind)
        return []

    # -- response -------------------------------------------------------------

    def on_response_headers(self, headers: ext_proc.HttpHeaders) -> list[ProcessingResponse]:
        self._phase = Phase.RESPONSE_HEADERS
        check = self.request.check
        if check is None or self.state is not ExchangeState.AWAITING_ANSWER:
            self._move(ExchangeState.RELAYING)  # a chat request with no body: nothing to check
            return [messages.continue_response_headers()]
        values = messages.header_values(headers, RESPONSE_HEADERS)
        if not 200 <= _status(values.get(":status", "")) < 300:
            self._move(ExchangeState.RELAYING)  # non-2xx upstream answers pass unchecked
            return [messages.continue_response_headers()]
        limits = self._ctx.limits
        self._delivery = delivery = open_delivery(
            check,
            content_type=values.get("content-type", ""),
            content_encoding=values.get("content-encoding", ""),
            empty=headers.end_of_stream,
            max_response_bytes=limits.max_response_bytes,
            max_stream_bytes=limits.max_stream_bytes,
        )
        self._move(ExchangeState.DELIVERING)
        return self._delivered(delivery, delivery.on_headers(end_of_stream=headers.end_of_stream))

    async def on_response_body(self, body: ext_proc.HttpBody) -> list[ProcessingResponse]:
        delivery = self._delivery
        if delivery is None or self.state is not ExchangeState.DELIVERING:
            return []  # refused already: nothing more of this answer goes out
        self._phase = Phase.RESPONSE_BODY
        return self._delivered(delivery, await delivery.on_body(body.body, body.end_of_stream))

    async def on_response_trailers(self) -> list[ProcessingResponse]:
        """Trailers end the body when the upstream sends them (end_of_stream never came)."""
        delivery = self._delivery
        if delivery is None or self.state is not ExchangeState.DELIVERING:
            return []
        out = await delivery.on_body(b"", False)
        if delivery.progress is Progress.OPEN:
            out += await delivery.on_body_end(end_of_stream=False)
        return self._delivered(delivery, out)

    def _delivered(
        self, delivery: ResponseDelivery, out: list[ProcessingResponse]
    ) -> list[ProcessingResponse]:
        if delivery.progress is not Progress.OPEN:
            self._move(_AFTER_DELIVERY[delivery.progress])
        return out

    def on_cancelled(self) -> None:
        """Envoy reset the stream (normal at the end of every exchange)."""
        if self.state is ExchangeState.DELIVERING and self._delivery is not None:
            workspace_id, phase = self.request.workspace_id, self._phase
            notify(self._ctx.observer, lambda o: o.on_stream_cancelled(workspace_id, phase))
            self._delivery.on_cancelled()
        if self.request.check is not None:
            self.request.check.cancel()  # a client gone mid-stream costs no more work


def _status(text: str) -> int:
    try:
        return int(text)
    except ValueError:
        return 0
