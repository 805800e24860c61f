"""Unreadable delivery: a checked answer whose body is not its text, decided at its headers.

A 2xx answer that carries a `content-encoding` (gzip, br, zstd, ...) holds compressed
bytes: the shipped Envoy configurations ask the upstream for an uncompressed answer
(docs/extproc.md#compressed-answers), so one that arrives encoded came from an upstream
that compresses regardless, or through an Envoy that passes the client's
Accept-Encoding on.  Nothing of it can be checked, and nothing of it needs to be held:
the verdict (`unknown`) is known now.  BLOCK refuses it under
`unverifiable: block` (the default: a client's Accept-Encoding can ask for it) before
any byte goes out; otherwise its headers go out with the verdict and its body is relayed
exactly as the upstream sent it.
"""

from __future__ import annotations

from grounding_sidecar.decision import CheckOutcome, Unchecked
from grounding_sidecar.extproc.answer_check import AnswerCheck
from grounding_sidecar.extproc.held import HeldDelivery
from grounding_sidecar.extproc.messages import ProcessingResponse
from grounding_sidecar.openai.answer_body import JsonAnswerBody


class UnreadableDelivery(HeldDelivery):
    """Concludes at the headers: refused whole (a JSON envelope, since no byte went out),
    or released with its verdict and relayed as it is."""

    def __init__(self, check: AnswerCheck, unchecked: Unchecked) -> None:
        # The JSON body: its refusal replaces the whole response, whatever the format.
        super().__init__(check, JsonAnswerBody(), max_bytes=0)
        self._unchecked = unchecked

    def on_headers(self, *, end_of_stream: bool) -> list[ProcessingResponse]:
        outcome = CheckOutcome(None, self._unchecked)
        return self.conclude(outcome, end_of_stream=end_of_stream)
