"""The `envoy.service.ext_proc.v3.ExternalProcessor` gRPC service."""

from __future__ import annotations

import asyncio
import logging
from collections.abc import AsyncIterator
from typing import Any

from envoy.service.ext_proc.v3 import external_processor_pb2_grpc

from grounding_sidecar.extproc import messages
from grounding_sidecar.extproc.exchange import Exchange, ExchangeContext
from grounding_sidecar.extproc.messages import ProcessingResponse

log = logging.getLogger(__name__)


class ExternalProcessor(external_processor_pb2_grpc.ExternalProcessorServicer):  # type: ignore[misc]
    """Runs one `Exchange` per stream and relays its replies in order."""

    def __init__(self, context: ExchangeContext) -> None:
        self._context = context

    async def Process(
        self, request_iterator: AsyncIterator[Any], context: Any
    ) -> AsyncIterator[ProcessingResponse]:
        exchange = Exchange(self._context)
        try:
            async for request in request_iterator:
                for response in await exchange.handle(request):
                    yield response
                if messages.ends_exchange(request):
                    # End the RPC now, with an OK status, rather than wait for Envoy's
                    # reset: a grpc.aio call cancelled before its status is sent leaks
                    # native memory (docs/benchmarks.md#memory-a-300000-request-soak).
                    break
        except asyncio.CancelledError:
            # Envoy resets every stream when its exchange ends: normal, not an error.
            raise
        finally:
            exchange.on_cancelled()
            reader = exchange.request
            reader.trace.finish({"grounding.workspace": reader.workspace_id or ""})
