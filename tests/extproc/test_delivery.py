"""What every delivery mode shares: its progress, and the counts its stream summary
reports (bytes seen, bytes kept to be checked, events read)."""

from __future__ import annotations

import asyncio

from envoy.service.ext_proc.v3 import external_processor_pb2 as ext_proc

from grounding_sidecar.app.checks import CheckRunner
from grounding_sidecar.extproc.deliveries import open_delivery
from grounding_sidecar.extproc.delivery import Progress, ResponseDelivery
from grounding_sidecar.extproc.exchange import ExchangeContext
from grounding_sidecar.extproc.request import RequestReader
from tests.support.exchange import GROUNDED, headers_msg, make_context, request_body, sse_body
from tests.support.recorder import Recorder

SSE, MIB = "text/event-stream", 1024 * 1024


def opened(context: ExchangeContext, workspace: str, *, max_stream_bytes: int) -> ResponseDelivery:
    """The delivery of a streamed answer to a request with sources in `workspace`."""
    reader = RequestReader(context.requests)
    reader.on_headers(headers_msg({":path": "/v1/chat/completions", "x-workspace-id": workspace}))
    reader.on_body(ext_proc.HttpBody(body=request_body(stream=True), end_of_stream=True))
    assert reader.check is not None
    return open_delivery(
        reader.check,
        content_type=SSE,
        empty=False,
        max_response_bytes=MIB,
        max_stream_bytes=max_stream_bytes,
    )


async def deliver(delivery: ResponseDelivery, chunks: list[bytes]) -> list[Progress]:
    """Every chunk, the last with the end of stream; the progress after each."""
    progress = []
    for i, chunk in enumerate(chunks):
        await delivery.on_body(chunk, i == len(chunks) - 1)
        progress.append(delivery.progress)
    return progress


def test_a_delivery_is_open_until_its_answer_ends_and_counts_what_it_held() -> None:
    async def scenario() -> None:
        recorder = Recorder()
        delivery = opened(make_context(observer=recorder), "block", max_stream_bytes=MIB)
        chunks = sse_body(GROUNDED)
        progress = await deliver(delivery, chunks)
        assert progress == [Progress.OPEN] * (len(chunks) - 1) + [Progress.FINISHED]
        (summary,) = recorder.summaries
        size = len(b"".join(chunks))
        assert (summary.bytes_seen, summary.bytes_retained) == (size, size)
        assert summary.events == len(chunks)  # one event a chunk, [DONE] included
        assert summary.complete and not summary.scan_incomplete

    asyncio.run(scenario())


def test_the_summary_tells_the_bytes_seen_from_the_bytes_kept() -> None:
    async def scenario() -> None:
        recorder = Recorder()
        context = make_context(observer=recorder)
        runner = context.checks
        assert isinstance(runner, CheckRunner)
        delivery = opened(context, "default", max_stream_bytes=300)  # LOG: copied, bounded
        chunks = sse_body(GROUNDED)
        await deliver(delivery, chunks)
        await runner.drain(5)  # the check after delivery
        (summary,) = recorder.summaries
        assert summary.bytes_seen == len(b"".join(chunks))
        assert summary.bytes_retained == 300 and summary.scan_incomplete

    asyncio.run(scenario())
