"""One observer that forwards to several (the exchange holds exactly one)."""

from __future__ import annotations

import logging
from collections.abc import Callable, Sequence

from grounding_sidecar.decision.observer import (
    CheckEvent,
    GroundingObserver,
    RequestRefusal,
    StreamSummary,
)

log = logging.getLogger(__name__)


class ObserverFanout(GroundingObserver):
    """Calls each observer in order; one that raises does not stop the others."""

    def __init__(self, observers: Sequence[GroundingObserver]) -> None:
        self.observers = tuple(observers)

    def on_check(self, event: CheckEvent) -> None:
        self._each(lambda o: o.on_check(event))

    def on_stream_summary(self, summary: StreamSummary) -> None:
        self._each(lambda o: o.on_stream_summary(summary))

    def on_detector_unavailable(self, workspace_id: str | None) -> None:
        self._each(lambda o: o.on_detector_unavailable(workspace_id))

    def on_stream_cancelled(self, workspace_id: str | None, phase: str) -> None:
        self._each(lambda o: o.on_stream_cancelled(workspace_id, phase))

    def on_unknown_workspace(self, workspace_id: str) -> None:
        self._each(lambda o: o.on_unknown_workspace(workspace_id))

    def on_request_refused(self, refusal: RequestRefusal) -> None:
        self._each(lambda o: o.on_request_refused(refusal))

    def _each(self, call: Callable[[GroundingObserver], None]) -> None:
        for observer in self.observers:
            try:
                call(observer)
            except Exception:
                log.exception("grounding observer %s failed", type(observer).__name__)
