"""Run the sidecar's gRPC server in a background thread with its own event loop.

For tests that need to inject a detector or an observer; the demo and the
benchmark run the real `grounding-sidecar serve` process instead.  The server is
built by the same composition root as `serve` (`grounding_sidecar.app.wiring`); with
`operations=True` it also runs what `serve` runs beside it (metrics endpoint, audit
writer, tracing, ConfigMap watcher from the same `Settings`), and the given observer
sees every event as well.
"""

from __future__ import annotations

import asyncio
import threading
from typing import Any

from grounding_sidecar.app.grpc_server import BoundAddresses, GroundingServer
from grounding_sidecar.app.wiring import Detection, Operations, build_server, start_operations
from grounding_sidecar.decision import NOOP_OBSERVER, GroundingObserver
from grounding_sidecar.detection import Grader
from grounding_sidecar.settings import Settings


class InProcessSidecar:
    def __init__(
        self,
        settings: Settings,
        detector: Grader | Detection | None,
        observer: GroundingObserver = NOOP_OBSERVER,
        *,
        operations: bool = False,
    ) -> None:
        self._settings = settings
        # A Detection as `build_detection` makes it (with the embedders' queue and cache),
        # or a detector used as is, warmed up as `build_detection` warms its own (the
        # contrast table loaded now, never inside a check with a deadline).
        self._detection = detector if isinstance(detector, Detection) else Detection(detector)
        if isinstance(detector, Grader):
            detector.warm_up()
        self._observer = observer
        self._operations = operations
        self.ops: Operations | None = None
        self._loop = asyncio.new_event_loop()
        self._thread = threading.Thread(target=self._loop.run_forever, daemon=True)
        self.server: GroundingServer | None = None
        self.bound: BoundAddresses | None = None

    def _run(self, coroutine: Any, timeout: float = 30.0) -> Any:
        return asyncio.run_coroutine_threadsafe(coroutine, self._loop).result(timeout)

    def start(self) -> InProcessSidecar:
        if self._operations:
            self.ops = start_operations(self._settings, self._detection)
        self._thread.start()

        async def start() -> BoundAddresses:
            # grpc.aio objects bind to the loop they are created on.
            self.server = build_server(
                self._settings, self._detection, ops=self.ops, observer=self._observer
            )
            return await self.server.start()

        self.bound = self._run(start())
        return self

    @property
    def port(self) -> int:
        assert self.bound is not None and self.bound.port is not None
        return self.bound.port

    @property
    def metrics_port(self) -> int:
        assert self.ops is not None and self.ops.metrics_server is not None
        return self.ops.metrics_server.port

    def stop(self, grace: float = 0.0) -> None:
        if self.server is not None:
            self._run(self.server.stop(grace))
        self._loop.call_soon_threadsafe(self._loop.stop)
        self._thread.join(timeout=10)
        if self.ops is not None:
            self.ops.close()
