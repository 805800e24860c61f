"""Audit events as JSON lines, written off the request path.

`AuditWriter` owns a bounded queue and one writer thread: `submit` never blocks and
never raises; when the queue is full (a slow disk, a blocked stdout pipe) the event
is dropped and counted, because holding a client's answer for an audit line would
turn a logging problem into an outage.  `AuditObserver` decides which events exist.
"""

from __future__ import annotations

import json
import logging
import queue
import sys
import threading
from collections.abc import Callable, Mapping
from pathlib import Path
from typing import Any, TextIO

from grounding_sidecar.decision.observer import (
    CheckEvent,
    GroundingObserver,
    RequestRefusal,
    StreamSummary,
)
from grounding_sidecar.detection.contract import ClaimPolicy
from grounding_sidecar.observability.audit_events import (
    AuditType,
    detection_payload,
    detection_type,
    envelope,
    request_refusal_payload,
    summary_is_audited,
    summary_payload,
    workspace_update_payload,
)
from grounding_sidecar.settings.configmap import KeyChange, PolicyListener

log = logging.getLogger(__name__)

_STOP = object()


def open_sink(sink: str) -> TextIO:
    """`stdout`, `stderr`, or a file path opened for appending (line-buffered)."""
    if sink == "stdout":
        return sys.stdout
    if sink == "stderr":
        return sys.stderr
    path = Path(sink)
    path.parent.mkdir(parents=True, exist_ok=True)
    return path.open("a", encoding="utf-8", buffering=1)


class AuditWriter:
    def __init__(
        self,
        stream: TextIO,
        *,
        queue_size: int = 10_000,
        on_written: Callable[[str], None] | None = None,
        on_dropped: Callable[[], None] | None = None,
        close_stream: bool = False,
    ) -> None:
        self._stream = stream
        self._queue: queue.Queue[object] = queue.Queue(maxsize=queue_size)
        self._on_written = on_written
        self._on_dropped = on_dropped
        self._close_stream = close_stream
        self.dropped = 0
        self.written = 0
        self._thread = threading.Thread(target=self._run, name="grounding-audit", daemon=True)
        self._thread.start()

    def submit(self, event: Mapping[str, Any]) -> bool:
        """Queue one event; False (and counted) when it had to be dropped."""
        try:
            self._queue.put_nowait(event)
        except queue.Full:
            self._drop()
            return False
        return True

    def flush(self, timeout: float = 5.0) -> None:
        """Wait until every queued event is written (tests, shutdown)."""
        done = threading.Event()
        self._queue.put(done, timeout=timeout)
        done.wait(timeout)

    def close(self, timeout: float = 5.0) -> None:
        try:
            self._queue.put(_STOP, timeout=timeout)
        except queue.Full:
            log.error("audit queue still full at shutdown; remaining events are lost")
        self._thread.join(timeout)
        if self._close_stream:
            self._stream.close()

    def _run(self) -> None:
        while True:
            item = self._queue.get()
            if item is _STOP:
                return
            if isinstance(item, threading.Event):
                item.set()
                continue
            assert isinstance(item, Mapping)
            self._write(item)

    def _write(self, event: Mapping[str, Any]) -> None:
        try:
            line = json.dumps(event, ensure_ascii=False, separators=(",", ":"))
            self._stream.write(line + "\n")
            if self._queue.empty():  # flush per burst, not per line
                self._stream.flush()
        except (OSError, ValueError, TypeError):
            log.exception("audit event could not be written")
            self._drop()
            return
        self.written += 1
        if self._on_written is not None:
            self._on_written(str(event.get("type", "")))

    def _drop(self) -> None:
        self.dropped += 1
        if self._on_dropped is not None:
            try:
                self._on_dropped()
            except Exception:
                log.exception("audit drop counter failed")


class AuditObserver(GroundingObserver, PolicyListener):
    """Turns exchange and policy events into audit lines (docs/contract.md#audit-events)."""

    def __init__(
        self,
        writer: AuditWriter,
        *,
        definition_version: str | None = None,
        version_for: Callable[[ClaimPolicy], str] | None = None,
        policy_dir: str | None = None,
    ) -> None:
        self._writer = writer
        # Used where a check produced no result (deadline missed, stream incomplete):
        # the version the check would have run under, with the workspace's claim policy
        # when `version_for` (the detector's) is known, else the global one.
        self.definition_version = definition_version
        self._version_for = version_for
        self._policy_dir = policy_dir

    def on_check(self, event: CheckEvent) -> None:
        event_type = detection_type(event)
        if event_type is None:
            return
        version = (
            self._version_for(event.claim_policy)
            if self._version_for is not None
            else self.definition_version
        )
        payload = detection_payload(event, version)
        self._writer.submit(envelope(event_type, event.workspace_id, payload))

    def on_request_refused(self, refusal: RequestRefusal) -> None:
        version = (
            self._version_for(refusal.claim_policy)
            if self._version_for is not None
            else self.definition_version
        )
        payload = request_refusal_payload(refusal, version)
        self._writer.submit(envelope(AuditType.REQUEST_REFUSED, refusal.workspace_id, payload))

    def on_stream_summary(self, summary: StreamSummary) -> None:
        if not summary_is_audited(summary):
            return
        payload = summary_payload(summary, self.definition_version)
        self._writer.submit(
            envelope(AuditType.STREAMING_ENFORCEMENT_SUMMARY, summary.workspace_id, payload)
        )

    def on_workspace_changed(self, workspace_id: str, changes: Mapping[str, KeyChange]) -> None:
        payload = workspace_update_payload(changes, self._policy_dir)
        self._writer.submit(envelope(AuditType.WORKSPACE_METADATA_UPDATED, workspace_id, payload))
