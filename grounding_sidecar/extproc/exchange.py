"""One HTTP exchange = one ext_proc stream (docs/contract.md#delivery, docs/extproc.md).

An `Exchange` is created per gRPC stream and gets one call per message, in Envoy's
order; each returns the ext_proc messages to send, possibly none (returning nothing for
the response headers is how they are *held* while Envoy keeps streaming body chunks,
FULL_DUPLEX_STREAMED).  It reads the request, decides whether the answer is checked,
and when a checked answer's 2xx headers arrive picks one delivery object (immediate,
held, progressive) for the body.  Its life is an `ExchangeState`; detection policy
lives in `grounding_sidecar.decision`, the formats in `grounding_sidecar.openai`.
"""

from __future__ import annotations

import logging
from dataclasses import dataclass, field
from enum import Enum

from envoy.service.ext_proc.v3 import external_processor_pb2 as ext_proc

from grounding_sidecar.decision import (
    NOOP_OBSERVER,
    CheckOutcome,
    CheckService,
    Delivery,
    GroundingObserver,
    GroundingPolicy,
    PolicySource,
    RequestRefusal,
    Unchecked,
    delivery_for,
    grounding_unavailable,
    invalid_request_body,
    invalid_sources,
    report_level,
)
from grounding_sidecar.decision.envelopes import Refusal
from grounding_sidecar.extproc import messages
from grounding_sidecar.extproc.answer_check import AnswerCheck, notify
from grounding_sidecar.extproc.delivery import Progress, ResponseDelivery
from grounding_sidecar.extproc.held import HeldDelivery
from grounding_sidecar.extproc.immediate import ImmediateDelivery
from grounding_sidecar.extproc.messages import Phase, ProcessingResponse
from grounding_sidecar.extproc.passthrough import PASSTHROUGH
from grounding_sidecar.extproc.progressive import ProgressiveDelivery
from grounding_sidecar.observability.tracing import TRACE_HEADERS, ExchangeTrace, Tracing
from grounding_sidecar.openai import (
    ChatRequest,
    InvalidSources,
    MalformedRequest,
    is_chat_completions_path,
    parse_chat_request,
)
from grounding_sidecar.openai.answer_body import AnswerBody, JsonAnswerBody, StreamAnswerBody

log = logging.getLogger(__name__)

MIB = 1024 * 1024
# The only headers an exchange reads (the rest are never decoded); the request side
# adds the configured workspace header (`ExchangeContext.request_header_names`).
REQUEST_HEADERS = frozenset({":path", *TRACE_HEADERS})
RESPONSE_HEADERS = frozenset({":status", "content-type"})


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
    request_header_names: frozenset[str] = field(init=False)

    def __post_init__(self) -> None:
        names = REQUEST_HEADERS | {self.limits.workspace_header}
        object.__setattr__(self, "request_header_names", names)


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
# Where a delivery's progress takes the exchange.
_AFTER_DELIVERY = {
    Progress.OPEN: ExchangeState.DELIVERING,
    Progress.RELEASED: ExchangeState.RELAYING,
    Progress.FINISHED: ExchangeState.FINISHED,
}


class Exchange:
    def __init__(self, context: ExchangeContext) -> None:
        self._ctx = context
        self.state = ExchangeState.REQUEST
        self.workspace_id: str | None = None
        self.policy: GroundingPolicy = context.policies.policy_for(None)
        self.trace = ExchangeTrace("")
        self._phase = Phase.CREATED  # the latest message's, for a cancelled stream
        self._check: AnswerCheck | None = None  # set when the answer will be checked
        self._delivery: ResponseDelivery | None = None  # set by a checked answer's headers

    @property
    def checking(self) -> bool:
        """The answer is checked: sources present, grounding enabled, detector working."""
        return self._check is not None

    @property
    def relaying(self) -> bool:
        return self.state is ExchangeState.RELAYING

    @property
    def finished(self) -> bool:
        return self.state is ExchangeState.FINISHED

    def _move(self, state: ExchangeState) -> None:
        if state is not self.state and state not in _MOVES[self.state]:
            raise RuntimeError(f"exchange cannot move from {self.state} to {state}")
        self.state = state

    # -- dispatch -------------------------------------------------------------

    async def handle(self, request: ext_proc.ProcessingRequest) -> list[ProcessingResponse]:
        phase = messages.phase_of(request)
        if self.state is ExchangeState.RELAYING:
            return PASSTHROUGH.handle(request)
        self._phase = phase
        if phase is Phase.RESPONSE_BODY:
            return await self.on_response_body(request.response_body)
        if phase is Phase.RESPONSE_TRAILERS:
            return [*await self.on_response_trailers(), messages.continue_response_trailers()]
        if self.state is ExchangeState.FINISHED:
            return PASSTHROUGH.handle(request)  # nothing of a refused exchange is read again
        if phase is Phase.REQUEST_HEADERS:
            return self.on_request_headers(request.request_headers)
        if phase is Phase.REQUEST_BODY:
            return self.on_request_body(request.request_body)
        if phase is Phase.RESPONSE_HEADERS:
            return self.on_response_headers(request.response_headers)
        if phase is Phase.REQUEST_TRAILERS:
            return [messages.continue_request_trailers()]
        log.warning("unexpected ext_proc message %r", request.WhichOneof("request"))
        return []

    # -- request --------------------------------------------------------------

    def on_request_headers(self, headers: ext_proc.HttpHeaders) -> list[ProcessingResponse]:
        values = messages.header_values(headers, self._ctx.request_header_names)
        self.workspace_id = workspace_id = values.get(self._ctx.limits.workspace_header) or None
        self.policy = self._ctx.policies.policy_for(workspace_id)
        if workspace_id is not None and not self._ctx.policies.knows(workspace_id):
            notify(self._ctx.observer, lambda o: o.on_unknown_workspace(workspace_id))
        self.trace = self._ctx.tracing.begin_exchange(values)
        if not is_chat_completions_path(values.get(":path", "")):
            self._move(ExchangeState.RELAYING)
        return [messages.continue_request_headers()]

    def on_request_body(self, body: ext_proc.HttpBody) -> list[ProcessingResponse]:
        trace_id = self.trace.trace_id
        try:
            request = parse_chat_request(body.body)
        except MalformedRequest as exc:
            # Whatever the workspace: the sources key cannot be taken out of a body that
            # cannot be read, so it must not go upstream.
            return [self._refuse_request(invalid_request_body(str(exc), trace_id))]
        except InvalidSources as exc:
            if self.policy.enabled:
                return [self._refuse_request(invalid_sources(str(exc), trace_id))]
            self._move(ExchangeState.RELAYING)
            return [messages.replace_request_body(exc.stripped_body)]
        if not (self.policy.enabled and request.sources):
            self._move(ExchangeState.RELAYING)
        elif not self._ctx.checks.available:
            notify(self._ctx.observer, lambda o: o.on_detector_unavailable(self.workspace_id))
            return [self._refuse_request(grounding_unavailable(trace_id))]
        else:
            self._check = self._answer_check(request)
            self._move(ExchangeState.AWAITING_ANSWER)
        if request.rewritten:
            return [messages.replace_request_body(request.body)]
        return [messages.continue_request_body()]

    def _answer_check(self, request: ChatRequest) -> AnswerCheck:
        """The check of this request's answer, its work on the sources begun now."""
        policy, sources = self.policy, request.sources or ()
        progressive = request.stream and (
            delivery_for(policy.action, streaming=True, held=policy.delivery)
            is Delivery.PROGRESSIVE
        )
        return AnswerCheck(
            self._ctx.checks,
            self._ctx.observer,
            policy=policy,
            workspace_id=self.workspace_id,
            trace=self.trace,
            request=request,
            report=report_level(policy.report, request.report),
            preparation=self._ctx.checks.begin(sources, policy, progressive=progressive),
        )

    def _refuse_request(self, refusal: Refusal) -> ProcessingResponse:
        """Refuse at the request body, before the upstream is called; reported."""
        self._move(ExchangeState.FINISHED)
        policy = self.policy
        refused = RequestRefusal(self.workspace_id, policy.action, refusal, policy.claim_policy)
        notify(self._ctx.observer, lambda o: o.on_request_refused(refused))
        return messages.refusal_response(refusal, refusal.body())

    # -- response -------------------------------------------------------------

    def on_response_headers(self, headers: ext_proc.HttpHeaders) -> list[ProcessingResponse]:
        values = messages.header_values(headers, RESPONSE_HEADERS)
        check = self._check
        if check is None or self.state is not ExchangeState.AWAITING_ANSWER:
            self._move(ExchangeState.RELAYING)  # nothing to check: a request with no body
            return [messages.continue_response_headers()]
        if not 200 <= _status(values.get(":status", "")) < 300:
            self._move(ExchangeState.RELAYING)  # non-2xx upstream answers pass unchecked
            return [messages.continue_response_headers()]
        streaming = "text/event-stream" in values.get("content-type", "").lower()
        mode = delivery_for(self.policy.action, streaming=streaming, held=self.policy.delivery)
        check.answer_arrives(streaming=streaming, delivery=mode)
        if headers.end_of_stream:  # a 2xx with no body: nothing to check
            empty = HeldDelivery(check, _answer_body(streaming), 0)
            outcome = CheckOutcome(None, Unchecked.MALFORMED_RESPONSE)
            return self._delivered(empty, empty.conclude(outcome, end_of_stream=True))
        self._delivery = self._delivery_for(check, mode, streaming)
        self._move(ExchangeState.DELIVERING)
        if mode is not Delivery.IMMEDIATE:
            return []  # held: no reply until the verdict (or, progressive, the first release)
        return [messages.continue_response_headers()]

    def _delivery_for(
        self, check: AnswerCheck, mode: Delivery, streaming: bool
    ) -> ResponseDelivery:
        limits = self._ctx.limits
        if mode is Delivery.IMMEDIATE:
            return ImmediateDelivery(check, limits.max_stream_bytes)
        if mode is Delivery.PROGRESSIVE:
            return ProgressiveDelivery(check, limits.max_stream_bytes)
        bound = limits.max_stream_bytes if streaming else limits.max_response_bytes
        return HeldDelivery(check, _answer_body(streaming), bound)

    async def on_response_body(self, body: ext_proc.HttpBody) -> list[ProcessingResponse]:
        delivery = self._delivery
        if delivery is None or self.state is not ExchangeState.DELIVERING:
            return []  # refused already: nothing more of this answer goes out
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
        self._move(_AFTER_DELIVERY[delivery.progress])
        return out

    def on_cancelled(self) -> None:
        """Envoy reset the stream (normal at the end of every exchange)."""
        if self.state is ExchangeState.DELIVERING and self._delivery is not None:
            phase = self._phase
            notify(self._ctx.observer, lambda o: o.on_stream_cancelled(self.workspace_id, phase))
            self._delivery.on_cancelled()
        if self._check is not None:
            self._check.cancel()  # a client gone mid-stream costs no more work


def _answer_body(streaming: bool) -> AnswerBody:
    return StreamAnswerBody() if streaming else JsonAnswerBody()


def _status(text: str) -> int:
    try:
        return int(text)
    except ValueError:
        return 0
