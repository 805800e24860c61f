"""Reading a request: who asks, and whether the answer will be checked.

The request headers name the workspace (and so its policy) and the trace; the body
carries the sources.  A request whose answer will be checked gets its `AnswerCheck`
here, with the work on its sources begun; one whose body cannot be read, or whose
sources cannot be checked, is refused before the upstream is called.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from enum import Enum

from envoy.service.ext_proc.v3 import external_processor_pb2 as ext_proc

from grounding_sidecar.decision import (
    CheckService,
    Delivery,
    GroundingObserver,
    PolicySource,
    RequestRefusal,
    delivery_for,
    grounding_unavailable,
    invalid_request_body,
    invalid_sources,
    report_level,
)
from grounding_sidecar.decision.envelopes import Refusal
from grounding_sidecar.extproc import messages
from grounding_sidecar.extproc.answer_check import AnswerCheck, notify
from grounding_sidecar.extproc.messages import ProcessingResponse, is_encoded
from grounding_sidecar.observability.tracing import TRACE_HEADERS, ExchangeTrace, Tracing
from grounding_sidecar.openai import (
    ChatRequest,
    InvalidSources,
    MalformedRequest,
    is_chat_completions_path,
    parse_chat_request,
)

# The only request headers read (the rest are never decoded), with the workspace's.
REQUEST_HEADERS = frozenset({":path", "content-encoding", *TRACE_HEADERS})


@dataclass(frozen=True, slots=True)
class RequestSettings:
    """What reading a request needs from its server."""

    policies: PolicySource
    checks: CheckService
    observer: GroundingObserver
    tracing: Tracing
    workspace_header: str
    header_names: frozenset[str] = field(init=False)

    def __post_init__(self) -> None:
        object.__setattr__(self, "header_names", REQUEST_HEADERS | {self.workspace_header})


class RequestOutcome(Enum):
    CHECK = "check"  # the answer will be checked (`RequestReader.check`)
    RELAY = "relay"  # nothing to check: the rest goes as it is
    REFUSED = "refused"  # refused before the upstream was called


class RequestReader:
    def __init__(self, settings: RequestSettings) -> None:
        self._settings = settings
        self.workspace_id: str | None = None
        self.policy = settings.policies.policy_for(None)
        self.trace = ExchangeTrace("")
        self.check: AnswerCheck | None = None
        self._content_encoding = ""

    def on_headers(self, headers: ext_proc.HttpHeaders) -> bool:
        """Who asks; whether the request is a chat completion (its body is read)."""
        settings = self._settings
        values = messages.header_values(headers, settings.header_names)
        self.workspace_id = workspace_id = values.get(settings.workspace_header) or None
        self.policy = settings.policies.policy_for(workspace_id)
        if workspace_id is not None and not settings.policies.knows(workspace_id):
            notify(settings.observer, lambda o: o.on_unknown_workspace(workspace_id))
        self.trace = settings.tracing.begin_exchange(values)
        self._content_encoding = values.get("content-encoding", "")
        return is_chat_completions_path(values.get(":path", ""))

    def on_body(self, body: ext_proc.HttpBody) -> tuple[RequestOutcome, ProcessingResponse]:
        trace_id = self.trace.trace_id
        if is_encoded(self._content_encoding):
            # Compressed: as unreadable as malformed JSON, and said plainly.
            problem = (
                f"the request body is compressed (content-encoding: {self._content_encoding[:40]});"
                " send chat completions uncompressed"
            )
            return self._refuse(invalid_request_body(problem, trace_id))
        try:
            request = parse_chat_request(body.body)
        except MalformedRequest as exc:
            # Whatever the workspace: the sources key cannot be taken out of a body that
            # cannot be read, so it must not go upstream.
            return self._refuse(invalid_request_body(str(exc), trace_id))
        except InvalidSources as exc:
            if self.policy.enabled:
                return self._refuse(invalid_sources(str(exc), trace_id))
            return RequestOutcome.RELAY, messages.replace_request_body(exc.stripped_body)
        outcome = RequestOutcome.RELAY
        if self.policy.enabled and request.sources:
            if not self._settings.checks.available:
                workspace_id = self.workspace_id
                notify(self._settings.observer, lambda o: o.on_detector_unavailable(workspace_id))
                return self._refuse(grounding_unavailable(trace_id))
            self.check = self._answer_check(request)
            outcome = RequestOutcome.CHECK
        if request.rewritten:
            return outcome, messages.replace_request_body(request.body)
        return outcome, messages.continue_request_body()

    def _answer_check(self, request: ChatRequest) -> AnswerCheck:
        """The check of this request's answer, its work on the sources begun now."""
        settings, policy = self._settings, self.policy
        progressive = request.stream and (
            delivery_for(policy.action, streaming=True, held=policy.delivery)
            is Delivery.PROGRESSIVE
        )
        return AnswerCheck(
            settings.checks,
            settings.observer,
            policy=policy,
            workspace_id=self.workspace_id,
            trace=self.trace,
            request=request,
            report=report_level(policy.report, request.report),
            preparation=settings.checks.begin(
                request.sources or (), policy, progressive=progressive
            ),
        )

    def _refuse(self, refusal: Refusal) -> tuple[RequestOutcome, ProcessingResponse]:
        """Refuse at the request body, before the upstream is called; reported."""
        policy = self.policy
        refused = RequestRefusal(self.workspace_id, policy.action, refusal, policy.claim_policy)
        notify(self._settings.observer, lambda o: o.on_request_refused(refused))
        return RequestOutcome.REFUSED, messages.refusal_response(refusal, refusal.body())
