"""A no-op ext_proc server (the benchmark's baseline): continues every phase unchanged.

`python -m devtools.noop_extproc --port 0` prints `serving port=N`.
It speaks the same protocol as the sidecar under the same Envoy settings: request
body BUFFERED (continued as is), response body FULL_DUPLEX_STREAMED (each chunk
echoed at once), so the difference measured is the sidecar's own work.
"""

from __future__ import annotations

import argparse
import asyncio
import signal
from collections.abc import AsyncIterator
from typing import Any

import grpc
from envoy.service.ext_proc.v3 import external_processor_pb2_grpc

from grounding_sidecar.app.grpc_server import SERVER_OPTIONS
from grounding_sidecar.extproc.passthrough import PASSTHROUGH


class NoopProcessor(external_processor_pb2_grpc.ExternalProcessorServicer):  # type: ignore[misc]
    """Every stream through the sidecar's own pass-through exchange."""

    async def Process(
        self, request_iterator: AsyncIterator[Any], context: Any
    ) -> AsyncIterator[Any]:
        async for request in request_iterator:
            for response in PASSTHROUGH.handle(request):
                yield response


async def serve(host: str, port: int) -> None:
    server = grpc.aio.server(options=SERVER_OPTIONS)
    external_processor_pb2_grpc.add_ExternalProcessorServicer_to_server(NoopProcessor(), server)
    bound = server.add_insecure_port(f"{host}:{port}")
    await server.start()
    print(f"serving port={bound}", flush=True)
    stop = asyncio.Event()
    for sig in (signal.SIGTERM, signal.SIGINT):
        asyncio.get_running_loop().add_signal_handler(sig, stop.set)
    await stop.wait()
    await server.stop(0)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--host", default="127.0.0.1")
    parser.add_argument("--port", type=int, default=0)
    args = parser.parse_args()
    asyncio.run(serve(args.host, args.port))


if __name__ == "__main__":
    main()
