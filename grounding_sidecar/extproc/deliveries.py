"""Which delivery a checked answer gets, chosen once when its 2xx headers arrive."""

from __future__ import annotations

from grounding_sidecar.decision import Delivery, Unchecked, delivery_for
from grounding_sidecar.extproc.answer_check import AnswerCheck
from grounding_sidecar.extproc.delivery import ResponseDelivery
from grounding_sidecar.extproc.held import HeldDelivery
from grounding_sidecar.extproc.immediate import ImmediateDelivery
from grounding_sidecar.extproc.messages import is_encoded
from grounding_sidecar.extproc.progressive import ProgressiveDelivery
from grounding_sidecar.extproc.unreadable import UnreadableDelivery
from grounding_sidecar.openai.answer_body import JsonAnswerBody, StreamAnswerBody


def open_delivery(
    check: AnswerCheck,
    *,
    content_type: str,
    content_encoding: str = "",
    empty: bool,
    max_response_bytes: int,
    max_stream_bytes: int,
) -> ResponseDelivery:
    """The delivery for an answer of `content_type`; `empty`: the headers ended the
    response, and an answer with no body is concluded as a held one (nothing of it
    went out); a body in a `content_encoding` other than identity is not its text."""
    streaming = "text/event-stream" in content_type.lower()
    policy = check.policy
    mode = delivery_for(policy.action, streaming=streaming, held=policy.delivery)
    check.answer_arrives(streaming=streaming, delivery=mode)
    if is_encoded(content_encoding) and not empty:
        return UnreadableDelivery(check, Unchecked.ENCODED_RESPONSE)
    if mode is Delivery.IMMEDIATE and not empty:
        return ImmediateDelivery(check, max_stream_bytes)
    if mode is Delivery.PROGRESSIVE and not empty:
        return ProgressiveDelivery(check, max_stream_bytes)
    if streaming:
        return HeldDelivery(check, StreamAnswerBody(), max_stream_bytes)
    return HeldDelivery(check, JsonAnswerBody(), max_response_bytes)
