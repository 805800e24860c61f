"""Progressive delivery: how much of a held stream may go out while it still arrives
(docs/contract.md#progressive-delivery).

The exchange hands over the check of the stream's settled prefix, graded from its
start (so every claim has the grade the whole answer's check will give it); this
module decides what that allows: BLOCK releases up to the first ungrounded claim and
then ends the stream; REDACT releases everything settled, without its ungrounded
claims, once a grounded one is there.
"""

from __future__ import annotations

from dataclasses import dataclass

from grounding_sidecar.decision.actions import Action
from grounding_sidecar.decision.redaction import redact, stable_end
from grounding_sidecar.detection.contract import CheckResult, Reason


@dataclass(frozen=True, slots=True)
class Release:
    """What may go out of the first choice's content: its first `upto` characters,
    without the `removed` ranges; `refuse`: then end the stream as BLOCK does."""

    upto: int
    removed: tuple[tuple[int, int], ...] = ()
    refuse: bool = False


def progressive_release(
    action: Action, received: str, settled: CheckResult, settled_length: int
) -> Release | None:
    """The release `settled` (the check of `received`'s first `settled_length`
    characters) allows under `action`; None while nothing may go out."""
    if action is Action.REDACT:
        if not settled.has_supported_claim:
            return None  # the whole answer may yet be refused
        redaction = redact(received, [g.span for g in settled.claims if g.is_ungrounded])
        return Release(stable_end(received, redaction, settled_length), redaction.removed)
    if Reason.UNSUPPORTED_LANGUAGE in settled.reasons:
        return None  # nothing was graded: nothing is verified to go out
    ungrounded = next((g for g in settled.claims if g.is_ungrounded), None)
    if ungrounded is None:
        return Release(settled_length)
    return Release(ungrounded.span[0], refuse=True)
