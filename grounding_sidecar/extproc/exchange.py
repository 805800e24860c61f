"""One HTTP exchange = one ext_proc stream (docs/contract.md#delivery, docs/extproc.md).

An `Exchange` is created per gRPC stream and gets one call per phase, in Envoy's
order.  Each call returns the ext_proc messages to send, possibly none: returning
nothing for the response headers is how headers are *held* until the verdict, while
Envoy keeps streaming body chunks (FULL_DUPLEX_STREAMED).  Detection policy lives in
`grounding_sidecar.decision`; this class only moves bytes and asks it what to do.
"""

from __future__ import annotations

import logging
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from enum import Enum

from envoy.service.ext_proc.v3 import external_processor_pb2 as ext_proc

from grounding_sidecar.decision import (
    NOOP_OBSERVER,
    CheckEvent,
    CheckOutcome,
    CheckPreparation,
    CheckService,
    Delivery,
    GroundingObserver,
    GroundingPolicy,
    PolicySource,
    Redaction,
    Release,
    ReportLevel,
    RequestRefusal,
    StreamSummary,
    Unchecked,
    decide,
    delivery_for,
    grounding_report,
    grounding_unavailable,
    invalid_request_body,
    invalid_sources,
    progressive_release,
    redact,
    report_level,
)
from grounding_sidecar.decision.decide import Decision
from grounding_sidecar.decision.envelopes import Refusal
from grounding_sidecar.extproc import messages
from grounding_sidecar.extproc.messages import Phase
from grounding_sidecar.extproc.passthrough import PASSTHROUGH
from grounding_sidecar.observability.tracing import TRACE_HEADERS, ExchangeTrace, Tracing
from grounding_sidecar.openai import (
    AnswerText,
    ChatRequest,
    InvalidSources,
    MalformedRequest,
    MalformedResponse,
    SseParser,
    StreamAnswer,
    content_filter_chunk,
    done_event,
    is_chat_completions_path,
    parse_chat_request,
    read_json_answer,
    releasable,
    with_contents,
    with_report,
    with_report_in_final_chunk,
    without_ranges,
)

log = logging.getLogger(__name__)

ProcessingResponse = messages.ProcessingResponse
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


class ResponseMode(Enum):
    JSON = "json"
    SSE = "sse"


class Exchange:
    def __init__(self, context: ExchangeContext) -> None:
        self._ctx = context
        self.workspace_id: str | None = None
        self.policy: GroundingPolicy = context.policies.policy_for(None)
        self.trace_id = ""
        self.trace = ExchangeTrace("")
        self.is_chat = False
        self.request: ChatRequest | None = None
        self.checking = False  # sources present, grounding enabled, detector working
        self.mode: ResponseMode | None = None  # set by 2xx response headers of a checked answer
        # Nothing more of this stream is checked or changed: the rest is relayed as is.
        self.relaying = False
        self.delivery = Delivery.IMMEDIATE
        self.report = ReportLevel.NONE  # how much of the verdict the answer carries
        self.finished = False  # the client's response is complete (or refused)
        # Immediate delivery with a report: the stream's end (from the chunk that
        # completed the answer) waits in `_held` for the verdict it will carry.
        self._holding_end = False
        # Progressive delivery: headers and the verified start of the stream went out.
        self._headers_sent = False
        self._released_chars = 0  # content characters of the first choice released
        # What the latest settled prefix allows: (its length, the release or None).
        self._release_plan: tuple[int, Release | None] | None = None
        self._held: list[bytes] = []
        self._held_bytes = 0
        self._sse = SseParser()
        self._answer = StreamAnswer()
        self._events = 0
        self._bytes_seen = 0
        self._retained_bytes = 0
        self._scan_incomplete = False
        self._phase = Phase.CREATED
        self._upstream_done = False
        # Work begun on the sources at request time, continued on the answer as it
        # streams; handed to the check that consumes it, cancelled if none comes.
        self._preparation: CheckPreparation | None = None

    # -- dispatch -------------------------------------------------------------

    @property
    def complete(self) -> bool:
        """Envoy has sent the last message of this exchange (the response body's end, or
        its trailers) and it was answered: the stream can end from this side."""
        return self._upstream_done

    async def handle(self, request: ext_proc.ProcessingRequest) -> list[ProcessingResponse]:
        phase = messages.phase_of(request)
        if phase is Phase.RESPONSE_TRAILERS or (
            phase is Phase.RESPONSE_BODY and request.response_body.end_of_stream
        ):
            self._upstream_done = True
        if self.relaying:
            return PASSTHROUGH.handle(request)
        self._phase = phase
        if phase is Phase.REQUEST_HEADERS:
            return self.on_request_headers(request.request_headers)
        if phase is Phase.REQUEST_BODY:
            return self.on_request_body(request.request_body)
        if phase is Phase.RESPONSE_HEADERS:
            return self.on_response_headers(request.response_headers)
        if phase is Phase.RESPONSE_BODY:
            return await self.on_response_body(request.response_body)
        if phase is Phase.RESPONSE_TRAILERS:
            return await self.on_response_trailers()
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
            self._notify(lambda o: o.on_unknown_workspace(workspace_id))
        self.trace = self._ctx.tracing.begin_exchange(values)
        self.trace_id = self.trace.trace_id
        self.is_chat = is_chat_completions_path(values.get(":path", ""))
        self.relaying = not self.is_chat
        return [messages.continue_request_headers()]

    def on_request_body(self, body: ext_proc.HttpBody) -> list[ProcessingResponse]:
        self.relaying = True  # unless a check of the answer is due, decided below
        try:
            request = parse_chat_request(body.body)
        except MalformedRequest as exc:
            # Whatever the workspace: the sources key cannot be taken out of a body that
            # cannot be read, so it must not go upstream.
            return [self._refuse_request(invalid_request_body(str(exc), self.trace_id))]
        except InvalidSources as exc:
            if self.policy.enabled:
                return [self._refuse_request(invalid_sources(str(exc), self.trace_id))]
            return [messages.replace_request_body(exc.stripped_body)]
        self.request = request
        self.checking = self.policy.enabled and bool(request.sources)
        self.relaying = not self.checking
        if self.checking:
            self.report = report_level(self.policy.report, request.report)
        if self.checking and not self._ctx.checks.available:
            self._notify(lambda o: o.on_detector_unavailable(self.workspace_id))
            return [self._refuse_request(grounding_unavailable(self.trace_id))]
        if self.checking and request.sources:
            progressive = request.stream and (
                delivery_for(self.policy.action, streaming=True, held=self.policy.delivery)
                is Delivery.PROGRESSIVE
            )
            self._preparation = self._ctx.checks.begin(
                request.sources, self.policy, progressive=progressive
            )
        if request.rewritten:
            return [messages.replace_request_body(request.body)]
        return [messages.continue_request_body()]

    # -- response -------------------------------------------------------------

    def on_response_headers(self, headers: ext_proc.HttpHeaders) -> list[ProcessingResponse]:
        values = messages.header_values(headers, RESPONSE_HEADERS)
        status = _status(values.get(":status", ""))
        if not 200 <= status < 300:
            self.relaying = True  # non-2xx upstream answers pass unchecked
            return [messages.continue_response_headers()]
        streaming = "text/event-stream" in values.get("content-type", "").lower()
        self.mode = ResponseMode.SSE if streaming else ResponseMode.JSON
        self.delivery = delivery_for(
            self.policy.action, streaming=streaming, held=self.policy.delivery
        )
        if headers.end_of_stream:  # a 2xx with no body: nothing to check
            return self._conclude(
                CheckOutcome(None, Unchecked.MALFORMED_RESPONSE),
                end_of_stream=True,
            )
        if self.delivery is not Delivery.IMMEDIATE:
            return []  # held: no reply until the verdict (or, progressive, the first release)
        return [messages.continue_response_headers()]

    async def on_response_body(self, body: ext_proc.HttpBody) -> list[ProcessingResponse]:
        chunk, end = body.body, body.end_of_stream
        if self.finished:
            return []  # refused already: nothing more of this answer goes out
        self._bytes_seen += len(chunk)
        if self.delivery is Delivery.IMMEDIATE:
            out = self._relay_and_copy(chunk, end)
            if self._holding_end and end:
                return await self._release_end_with_report(end_of_stream=True)
            return out
        if self.mode is ResponseMode.JSON:
            return await self._hold_json(chunk, end)
        out = await self._hold_sse(chunk, end)
        if self.delivery is Delivery.PROGRESSIVE and not self.finished and not self.relaying:
            out += self._release_verified()
        return out

    async def on_response_trailers(self) -> list[ProcessingResponse]:
        # Trailers end the body when the upstream sends them (end_of_stream never came).
        out: list[ProcessingResponse] = []
        if not self.finished:
            out = await self.on_response_body(ext_proc.HttpBody(body=b"", end_of_stream=False))
            out += await self._end_of_body(end_of_stream=False)
        return [*out, messages.continue_response_trailers()]

    def on_cancelled(self) -> None:
        """Envoy reset the stream (normal at the end of every exchange)."""
        if self._preparation is not None and not self._check_follows_cancel():
            self._preparation.cancel()  # a client gone mid-stream costs no more work
            self._preparation = None
        if not self.checking or self.finished or self.relaying or self.mode is None:
            return
        self._notify(lambda o: o.on_stream_cancelled(self.workspace_id, self._phase))
        if self.mode is ResponseMode.SSE and self.delivery is Delivery.IMMEDIATE:
            # The client already got what was relayed: still record a verdict on it.
            self._spawn_after_delivery_check()

    def _check_follows_cancel(self) -> bool:
        """Whether the rest of `on_cancelled` records a check of what was relayed."""
        return (
            self.checking
            and not self.finished
            and not self.relaying
            and self.mode is ResponseMode.SSE
            and self.delivery is Delivery.IMMEDIATE
        )

    # -- deferred delivery ----------------------------------------------------

    async def _hold_json(self, chunk: bytes, end: bool) -> list[ProcessingResponse]:
        self._held.append(chunk)
        self._held_bytes += len(chunk)
        if self._held_bytes > self._ctx.limits.max_response_bytes:
            outcome = CheckOutcome(None, Unchecked.RESPONSE_TOO_LARGE)
            return self._conclude(outcome, end_of_stream=end)
        if not end:
            return []
        return await self._end_of_body(end_of_stream=True)

    async def _hold_sse(self, chunk: bytes, end: bool) -> list[ProcessingResponse]:
        self._held.append(chunk)
        self._held_bytes += len(chunk)
        self._parse(chunk)
        if self._held_bytes > self._ctx.limits.max_stream_bytes:
            # Cannot hold more: judge the prefix now; a pass on it is only `unknown`.
            self._scan_incomplete = True
            outcome = await self._check(self._answer.text(), truncated=True)
            self._summarise_stream(complete=end and self._answer.complete)
            return self._conclude(outcome, end_of_stream=end)
        if not end:
            return []
        return await self._end_of_body(end_of_stream=True)

    async def _end_of_body(self, *, end_of_stream: bool) -> list[ProcessingResponse]:
        if self._holding_end and not self.finished:
            return await self._release_end_with_report(end_of_stream=end_of_stream)
        if self.finished or self.delivery is Delivery.IMMEDIATE:
            if self.delivery is Delivery.IMMEDIATE and not self.finished:
                self.finished = True
                self._spawn_after_delivery_check()
            return []
        if self.mode is ResponseMode.JSON:
            try:
                answer = read_json_answer(b"".join(self._held))
            except MalformedResponse:
                outcome = CheckOutcome(None, Unchecked.MALFORMED_RESPONSE)
                return self._conclude(outcome, end_of_stream=end_of_stream)
            outcome = await self._check(answer.text)
            return self._conclude(outcome, end_of_stream=end_of_stream, answer=answer)
        complete = self._answer.complete
        self._summarise_stream(complete=complete)
        if not complete:
            outcome = CheckOutcome(None, Unchecked.STREAM_INCOMPLETE)
            return self._conclude(outcome, end_of_stream=end_of_stream)
        answer = self._answer.answer()
        outcome = await self._check(answer.text)
        return self._conclude(outcome, end_of_stream=end_of_stream, answer=answer)

    def _conclude(
        self,
        outcome: CheckOutcome,
        *,
        end_of_stream: bool,
        answer: AnswerText | None = None,
    ) -> list[ProcessingResponse]:
        """Apply the decision to a held response: release it, or refuse it; `answer`
        (the checked text and where each choice lies) places the report's spans."""
        decision = self._record(outcome)
        metadata = self._metadata(outcome, decision)
        verdict_header = {messages.VERDICT_HEADER: decision.verdict_header}
        redactions = _redactions(answer, decision.redact) if answer and decision.redact else {}
        report = self._report(outcome, decision, answer, redactions)
        # Progressive delivery sent the headers before the verdict: the metadata then
        # rides on the last body message (Envoy's access log is written after it).
        late_metadata = metadata if self._headers_sent else None
        if decision.refusal is not None:
            self.finished = True
            if self.mode is ResponseMode.SSE:
                # The client gets the final chunk only (progressive: after what was
                # verified and released already).
                final = content_filter_chunk(self._answer, report) + done_event()
                return [
                    *self._headers(verdict_header, metadata),
                    messages.streamed_response_body(
                        final, end_of_stream=True, metadata=late_metadata
                    ),
                ]
            return [self._refuse(decision.refusal, decision.verdict_header, metadata, report)]
        held, self._held = self._held, []
        if (report is not None or redactions) and end_of_stream and held:
            # The whole answer is here: redacted, and the report goes into it (a
            # response released early, past a byte bound, has no end here to carry one;
            # REDACT refuses a prefix instead).
            held = [self._rewritten(b"".join(held), redactions, report)]
            if self.mode is ResponseMode.JSON:
                verdict_header["content-length"] = str(len(held[0]))
        if end_of_stream:
            self.finished = True
        else:
            self.relaying = True  # released early: relay the rest as it comes
        return [
            *self._headers(verdict_header, metadata),
            *messages.streamed_response_bodies(
                held, end_of_stream=end_of_stream, metadata=late_metadata
            ),
        ]

    def _headers(
        self, set_headers: dict[str, str], metadata: dict[str, object]
    ) -> list[ProcessingResponse]:
        """The held response headers, unless progressive delivery sent them already (the
        verdict then rides in the report and the audit, not in a header)."""
        if self._headers_sent:
            return []
        self._headers_sent = True
        return [messages.continue_response_headers(set_headers, metadata)]

    # -- progressive delivery -------------------------------------------------

    def _release_verified(self) -> list[ProcessingResponse]:
        """Release what the check of the stream's settled prefix allows
        (`decision.progressive_release`: BLOCK up to the first ungrounded claim, then
        the end; REDACT all of it, without its ungrounded claims).

        The grades come from checks of settled prefixes of the answer from its start
        (`CheckPreparation.verified`), which grade every claim exactly as the check of
        the whole answer will.  A stream of several choices waits for the end.
        """
        verified = self._preparation.verified if self._preparation is not None else None
        if verified is None or len(self._answer.parts) > 1:
            return []
        length, result = verified
        if self._release_plan is None or self._release_plan[0] != length:
            # Decided once per newly settled prefix; later chunks only complete events.
            plan = progressive_release(self.policy.action, self._answer.text(), result, length)
            self._release_plan = (length, plan)
        plan = self._release_plan[1]
        if plan is None:
            return []
        out: list[ProcessingResponse] = []
        if plan.upto > self._released_chars:
            joined = b"".join(self._held)
            count, chars = releasable(joined, plan.upto - self._released_chars)
            if count:
                self._held = [joined[count:]] if count < len(joined) else []
                part = joined[:count]
                if plan.removed:
                    part = without_ranges(part, {0: plan.removed}, {0: self._released_chars})
                self._released_chars += chars
                out += self._headers({messages.DELIVERY_HEADER: Delivery.PROGRESSIVE.value}, {})
                out.append(messages.streamed_response_body(part, end_of_stream=False))
        if plan.refuse:
            self._summarise_stream(complete=False)
            out += self._conclude(CheckOutcome(result), end_of_stream=True, answer=None)
        return out

    def _report(
        self,
        outcome: CheckOutcome,
        decision: Decision,
        answer: AnswerText | None,
        redactions: Mapping[int, Redaction] | None = None,
    ) -> dict[str, object] | None:
        locate = answer.locate if answer is not None else self._answer.answer().locate
        return grounding_report(self.report, outcome, decision, self.trace_id, locate, redactions)

    def _rewritten(
        self, body: bytes, redactions: Mapping[int, Redaction], report: dict[str, object] | None
    ) -> bytes:
        """A whole held body with its redactions applied and its report added."""
        if self.mode is ResponseMode.JSON:
            if redactions:
                body = with_contents(body, {i: r.text for i, r in redactions.items()})
            return with_report(body, report) if report is not None else body
        if redactions:
            # Progressive delivery released the start already: the rest begins there.
            starts = {0: self._released_chars} if self._released_chars else None
            body = without_ranges(body, {i: r.removed for i, r in redactions.items()}, starts)
        return with_report_in_final_chunk(body, report) if report is not None else body

    # -- immediate delivery ---------------------------------------------------

    def _relay_and_copy(self, chunk: bytes, end: bool) -> list[ProcessingResponse]:
        room = self._ctx.limits.max_stream_bytes - self._retained_bytes
        if not self._scan_incomplete:
            if len(chunk) > room:
                self._scan_incomplete = True
                chunk_copy = chunk[:room]
            else:
                chunk_copy = chunk
            self._retained_bytes += len(chunk_copy)
            self._parse(chunk_copy)
            if self.report is not ReportLevel.NONE and self._answer.complete:
                self._holding_end = True  # this chunk ends the answer: it waits
        if self._holding_end:
            self._held.append(chunk)
            return []
        if end:
            self.finished = True
            self._spawn_after_delivery_check()
        return [messages.streamed_response_body(chunk, end_of_stream=end)]

    async def _release_end_with_report(self, *, end_of_stream: bool) -> list[ProcessingResponse]:
        """The held end of an immediately delivered stream, once its verdict is known,
        with the report in its final chunk (LOG and FLAG deliver whatever it says)."""
        self._summarise_stream(complete=True)
        answer = self._answer.answer()
        outcome = await self._check(answer.text, truncated=self._scan_incomplete)
        decision = self._record(outcome)
        report = self._report(outcome, decision, answer)
        held, self._held = self._held, []
        self.finished = True
        joined = b"".join(held)
        body = with_report_in_final_chunk(joined, report) if report is not None else joined
        return [messages.streamed_response_body(body, end_of_stream=end_of_stream)]

    def _spawn_after_delivery_check(self) -> None:
        text = self._answer.text()  # joined once, now, before the buffers go away
        complete = self._answer.complete
        self._summarise_stream(complete=complete)
        truncated = self._scan_incomplete or not complete
        preparation, self._preparation = self._preparation, None

        async def check_and_record() -> None:
            self._record(await self._check(text, truncated=truncated, preparation=preparation))

        self._ctx.checks.spawn(check_and_record())

    # -- helpers --------------------------------------------------------------

    def _parse(self, chunk: bytes) -> None:
        events = self._sse.feed(chunk)
        for event in events:
            self._events += 1
            self._answer.add(event)
        if events and self._preparation is not None:
            self._preparation.answer_grew(self._answer.text)

    async def _check(
        self,
        answer: str,
        *,
        truncated: bool = False,
        preparation: CheckPreparation | None = None,
    ) -> CheckOutcome:
        """The check of `answer`, consuming this exchange's preparation (`preparation`
        for a check that outlives the exchange: it took it already)."""
        if preparation is None:
            preparation, self._preparation = self._preparation, None
        sources = self.request.sources if self.request and self.request.sources else ()
        return await self._ctx.checks.run(
            answer, sources, self.policy, truncated=truncated, preparation=preparation
        )

    def _record(self, outcome: CheckOutcome) -> Decision:
        decision = decide(outcome, self.policy, self.trace_id)
        unchecked = outcome.unchecked
        self.trace.record_check(
            outcome.result,
            seconds=outcome.seconds,
            unchecked=unchecked.value if unchecked else None,
        )
        event = CheckEvent(
            workspace_id=self.workspace_id,
            action=self.policy.action,
            streaming=self.mode is ResponseMode.SSE,
            delivery=self.delivery,
            outcome=outcome,
            decision=decision,
            trace_id=self.trace_id,
            source_count=self.request.source_count if self.request else 0,
            claim_policy=self.policy.claim_policy,
        )
        self._notify(lambda o: o.on_check(event))
        return decision

    def _summarise_stream(self, *, complete: bool) -> None:
        summary = StreamSummary(
            workspace_id=self.workspace_id,
            action=self.policy.action,
            delivery=self.delivery,
            bytes_seen=self._bytes_seen,
            bytes_retained=self._retained_bytes or self._held_bytes,
            events=self._events,
            scan_incomplete=self._scan_incomplete,
            complete=complete,
            trace_id=self.trace_id,
        )
        self._notify(lambda o: o.on_stream_summary(summary))

    def _metadata(self, outcome: CheckOutcome, decision: Decision) -> dict[str, object]:
        return messages.dynamic_metadata(
            workspace_id=self.workspace_id,
            policy=self.policy,
            outcome=outcome,
            decision=decision,
            source_count=self.request.source_count if self.request else 0,
        )

    def _refuse_request(self, refusal: Refusal) -> ProcessingResponse:
        """Refuse at the request body, before the upstream is called; reported."""
        self.finished = True
        refused = RequestRefusal(
            self.workspace_id, self.policy.action, refusal, self.policy.claim_policy
        )
        self._notify(lambda o: o.on_request_refused(refused))
        return self._refuse(refusal)

    def _refuse(
        self,
        refusal: Refusal,
        verdict_header: str | None = None,
        metadata: dict[str, object] | None = None,
        report: dict[str, object] | None = None,
    ) -> ProcessingResponse:
        """An immediate reply; refusals of a checked answer carry its verdict header,
        and its report when one is due."""
        headers = {"content-type": "application/json"}
        if verdict_header is not None:
            headers[messages.VERDICT_HEADER] = verdict_header
        body = refusal.body()
        return messages.immediate_response(
            refusal.status,
            with_report(body, report) if report is not None else body,
            headers=headers,
            details=refusal.code.details,
            metadata=metadata,
        )

    def _notify(self, call: Callable[[GroundingObserver], None]) -> None:
        try:
            call(self._ctx.observer)
        except Exception:  # an observer bug must never break delivery
            log.exception("grounding observer failed")


def _status(text: str) -> int:
    try:
        return int(text)
    except ValueError:
        return 0


def _redactions(answer: AnswerText, spans: Sequence[tuple[int, int]]) -> dict[int, Redaction]:
    """REDACT's removals per choice, from the removed claims' spans in the answer."""
    by_choice: dict[int, list[tuple[int, int]]] = {}
    for start, end in spans:
        where = answer.locate(start, end)
        if where is not None:
            by_choice.setdefault(where[0], []).append((where[1], where[2]))
    contents = {c.index: answer.text[c.start : c.end] for c in answer.choices}
    return {index: redact(contents[index], local) for index, local in by_choice.items()}
