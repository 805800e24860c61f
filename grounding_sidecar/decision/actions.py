"""What a workspace does with a verdict, and how that shapes delivery."""

from __future__ import annotations

from enum import StrEnum


class Action(StrEnum):
    LOG = "LOG"  # deliver unchanged; record
    FLAG = "FLAG"  # deliver unchanged; record under its own label (warn-before-block)
    BLOCK = "BLOCK"  # the client never sees an ungrounded answer
    # The answer without its ungrounded claims; as BLOCK when none is grounded.
    REDACT = "REDACT"

    @property
    def may_refuse(self) -> bool:
        """Whether the answer is held until its verdict and may not reach the client."""
        return self in (Action.BLOCK, Action.REDACT)


class UnknownHandling(StrEnum):
    """What BLOCK does with an `unknown` verdict (evidence missing, truncated, ...)."""

    DELIVER = "deliver"
    BLOCK = "block"


class Delivery(StrEnum):
    DEFERRED = "deferred"  # hold headers and body until the verdict
    IMMEDIATE = "immediate"  # relay at once, keep a bounded copy, check at the end
    # Hold, and release each part of the stream once every claim in it is verified.
    PROGRESSIVE = "progressive"


class HeldStreams(StrEnum):
    """How a workspace that may refuse releases a stream (`delivery`)."""

    DEFERRED = "deferred"  # all at once, after the verdict on the whole answer
    PROGRESSIVE = "progressive"  # sentence by sentence, as each is verified


def delivery_for(
    action: Action, *, streaming: bool, held: HeldStreams = HeldStreams.DEFERRED
) -> Delivery:
    """JSON answers are always held (a partial JSON body is useless to a client, and
    holding lets every action carry `x-grounding-verdict`); streams are held only when
    the action may refuse them, and released as they are verified when the workspace
    asks."""
    if not streaming:
        return Delivery.DEFERRED
    if action.may_refuse and held is HeldStreams.PROGRESSIVE:
        return Delivery.PROGRESSIVE
    return Delivery.DEFERRED if action.may_refuse else Delivery.IMMEDIATE


class ReportLevel(StrEnum):
    """How much of the verdict the answer itself carries (docs/contract.md#the-grounding-report)."""

    NONE = "none"
    SUMMARY = "summary"  # verdict, reasons, version, trace id
    CLAIMS = "claims"  # and one entry per claim: span, verdict, class, evidence, scores

    @property
    def rank(self) -> int:
        return _REPORT_RANKS[self]

    def at_most(self, requested: ReportLevel | None) -> ReportLevel:
        """What a request that asked for `requested` gets: never more than this level."""
        if requested is None or requested.rank >= self.rank:
            return self
        return requested


_REPORT_RANKS = {ReportLevel.NONE: 0, ReportLevel.SUMMARY: 1, ReportLevel.CLAIMS: 2}
