"""Progressive delivery (a workspace that may refuse and asked for it): a held stream
whose start goes out as it is verified.

What the check of the stream's settled prefix allows is released as it comes
(`decision.progressive_release`: BLOCK up to the first ungrounded claim, then the end;
REDACT all of it, without its ungrounded claims).  The grades come from checks of
settled prefixes of the answer from its start (`CheckPreparation.verified`), which
grade every claim exactly as the check of the whole answer will.  A stream of several
choices waits for the end; the end always waits for the verdict on the whole answer.
"""

from __future__ import annotations

from grounding_sidecar.decision import CheckOutcome, Delivery, Release, progressive_release
from grounding_sidecar.extproc import messages
from grounding_sidecar.extproc.answer_check import AnswerCheck
from grounding_sidecar.extproc.delivery import Progress
from grounding_sidecar.extproc.held import HeldDelivery
from grounding_sidecar.extproc.messages import ProcessingResponse
from grounding_sidecar.openai import releasable, without_ranges
from grounding_sidecar.openai.answer_body import StreamAnswerBody


class ProgressiveDelivery(HeldDelivery):
    def __init__(self, check: AnswerCheck, max_bytes: int) -> None:
        self._stream = StreamAnswerBody()
        super().__init__(check, self._stream, max_bytes)
        # What the latest settled prefix allows: (its length, the release or None).
        self._plan: tuple[int, Release | None] | None = None

    async def on_body(self, chunk: bytes, end: bool) -> list[ProcessingResponse]:
        out = await super().on_body(chunk, end)
        if self.progress is Progress.OPEN:
            out += self._release_verified()
        return out

    def _release_verified(self) -> list[ProcessingResponse]:
        preparation = self._check.preparation
        verified = preparation.verified if preparation is not None else None
        if verified is None or self._stream.choices > 1:
            return []
        length, result = verified
        if self._plan is None or self._plan[0] != length:
            # Decided once per newly settled prefix; later chunks only complete events.
            action = self._check.policy.action
            self._plan = (length, progressive_release(action, self._stream.text(), result, length))
        plan = self._plan[1]
        if plan is None:
            return []
        out = self._release(plan) if plan.upto > self._released_chars else []
        if plan.refuse:
            self._summarise(complete=False)
            out += self.conclude(CheckOutcome(result), end_of_stream=True)
        return out

    def _release(self, plan: Release) -> list[ProcessingResponse]:
        """The whole events of the held start whose content `plan` allows."""
        joined = b"".join(self._held)
        count, chars = releasable(joined, plan.upto - self._released_chars)
        if not count:
            return []
        self._held = [joined[count:]] if count < len(joined) else []
        part = joined[:count]
        if plan.removed:
            part = without_ranges(part, {0: plan.removed}, {0: self._released_chars})
        self._released_chars += chars
        return [
            *self._headers({messages.DELIVERY_HEADER: Delivery.PROGRESSIVE.value}, {}),
            messages.streamed_response_body(part, end_of_stream=False),
        ]
