"""Run the sidecar's gRPC server in a background thread with its own event loop.

For tests that need to inject a detector or an observer; the demo and the
benchmark run the real `grounding-sidecar serve` process instead.
"""

from __future__ import annotations

import asyncio
import threading
from typing import Any

from sidecar.decision import NOOP_OBSERVER, GroundingObserver
from sidecar.extproc.checks import Detector
from sidecar.extproc.config import ServeConfig
from sidecar.extproc.serve import build_server
from sidecar.extproc.server import BoundAddresses, GroundingServer


class InProcessSidecar:
    def __init__(
        self,
        config: ServeConfig,
        detector: Detector | None,
        observer: GroundingObserver = NOOP_OBSERVER,
    ) -> None:
        self._config = config
        self._detector = detector
        self._observer = observer
        self._loop = asyncio.new_event_loop()
        self._thread = threading.Thread(target=self._loop.run_forever, daemon=True)
        self.server: GroundingServer | None = None
        self.bound: BoundAddresses | None = None

    def _run(self, coroutine: Any, timeout: float = 30.0) -> Any:
        return asyncio.run_coroutine_threadsafe(coroutine, self._loop).result(timeout)

    def start(self) -> InProcessSidecar:
        self._thread.start()

        async def start() -> BoundAddresses:
            # grpc.aio objects bind to the loop they are created on.
            self.server = build_server(self._config, self._detector, self._observer)
            return await self.server.start()

        self.bound = self._run(start())
        return self

    @property
    def port(self) -> int:
        assert self.bound is not None and self.bound.port is not None
        return self.bound.port

    def stop(self, grace: float = 0.0) -> None:
        if self.server is not None:
            self._run(self.server.stop(grace))
        self._loop.call_soon_threadsafe(self._loop.stop)
        self._thread.join(timeout=10)
