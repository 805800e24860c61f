"""A `GroundingObserver` that keeps what the sidecar reported, for tests to read."""

from __future__ import annotations

import threading

from grounding_sidecar.decision import CheckEvent, GroundingObserver, StreamSummary
from tests.support.eventually import eventually


class Recorder(GroundingObserver):
    """Thread-safe record of checks, stream summaries and detector-unavailable reports.

    Used by the exchange unit tests and by the in-process sidecar of the Envoy suites,
    whose checks of relayed streams finish after delivery (`wait_for_check`).
    """

    def __init__(self) -> None:
        self._lock = threading.Lock()
        self.checks: list[CheckEvent] = []
        self.summaries: list[StreamSummary] = []
        self.unavailable = 0
        self.unknown_workspaces: list[str] = []

    def on_check(self, event: CheckEvent) -> None:
        with self._lock:
            self.checks.append(event)

    def on_stream_summary(self, summary: StreamSummary) -> None:
        with self._lock:
            self.summaries.append(summary)

    def on_detector_unavailable(self, workspace_id: str | None) -> None:
        with self._lock:
            self.unavailable += 1

    def on_unknown_workspace(self, workspace_id: str) -> None:
        with self._lock:
            self.unknown_workspaces.append(workspace_id)

    def check_for(self, trace_id: str) -> CheckEvent | None:
        """The first check recorded for `trace_id`, if any yet."""
        with self._lock:
            return next((event for event in self.checks if event.trace_id == trace_id), None)

    def wait_for_check(self, trace_id: str, timeout: float = 10.0) -> CheckEvent:
        """Checks of relayed streams finish after delivery: wait for this one."""
        return eventually(
            lambda: self.check_for(trace_id), timeout=timeout, what=f"a check of trace {trace_id}"
        )
