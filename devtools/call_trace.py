"""How often following one ext_proc stream comes back into the exchange module.

`python -m devtools.call_trace` drives representative exchanges through the servicer
(`ExternalProcessor.Process`) in process, with the hash grader checking inline so that
every run takes the same path, under `sys.setprofile`, and prints per exchange:

- re-entries: how many times the call stack comes back into
  `grounding_sidecar/extproc/exchange.py` from another file of the package (a call, or
  a coroutine resumed, from another file into it; a return into it from another file);
- calls: Python function calls made in the package, the distinct functions among
  them, and the files they lie in.

Detection (`grounding_sidecar/detection/`) is left out: it never calls the transport
back, and its calls would drown those of the path this measures.  `--verbose` lists
each re-entry with the function the stack came from.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import sys
from collections import Counter
from collections.abc import AsyncIterator, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from types import FrameType
from typing import Any, NamedTuple

from envoy.config.core.v3 import base_pb2
from envoy.service.ext_proc.v3 import external_processor_pb2 as ext_proc

from devtools.mock_upstream import DEFAULT_ANSWER, completion, sse_chunk
from grounding_sidecar.app.checks import CheckRunner
from grounding_sidecar.decision import (
    Action,
    GroundingPolicy,
    HeldStreams,
    ReportLevel,
    StaticPolicyTable,
    WorkspaceOverride,
)
from grounding_sidecar.detection import Grader, HashEmbedder
from grounding_sidecar.extproc.exchange import ExchangeContext
from grounding_sidecar.extproc.servicer import ExternalProcessor

PACKAGE = Path(__file__).resolve().parents[1] / "grounding_sidecar"
LEFT_OUT = PACKAGE / "detection"
EXCHANGE = "extproc/exchange.py"


class Scenario(NamedTuple):
    """One exchange: the workspace (its policy) and whether the answer streams."""

    name: str
    workspace: str
    stream: bool
    answer: str = DEFAULT_ANSWER


SCENARIOS = (
    Scenario("sse-block", "block", stream=True),
    Scenario("json-block", "block", stream=False),
    Scenario("sse-log-report", "log-report", stream=True),
    Scenario("sse-progressive", "progressive", stream=True),
)


@dataclass
class Trace:
    reentries: list[str] = field(default_factory=list)  # the function each came from
    calls: Counter[str] = field(default_factory=Counter)  # "file:function" -> calls
    _started: set[int] = field(default_factory=set)  # frames already entered once
    _frames: list[FrameType] = field(default_factory=list)  # keeps their ids unique

    def profile(self, frame: FrameType, event: str, arg: Any) -> None:
        if event == "call":
            self._on_call(frame)
        elif event == "return":
            self._on_return(frame)

    def _on_call(self, frame: FrameType) -> None:
        here = _file(frame)
        if here is None:
            return
        if id(frame) not in self._started:  # a coroutine resumed is not a new call
            self._started.add(id(frame))
            self._frames.append(frame)
            self.calls[f"{here}:{frame.f_code.co_name}"] += 1
        caller = _caller(frame)
        if here == EXCHANGE and caller is not None and _file(caller) != EXCHANGE:
            self.reentries.append(f"call from {_file(caller)}:{caller.f_code.co_name}")

    def _on_return(self, frame: FrameType) -> None:
        here = _file(frame)
        if here is None or here == EXCHANGE:
            return
        caller = _caller(frame)
        if caller is not None and _file(caller) == EXCHANGE:
            self.reentries.append(f"return from {here}:{frame.f_code.co_name}")


def _file(frame: FrameType) -> str | None:
    """The frame's file relative to the package, None outside it (or in detection)."""
    path = Path(frame.f_code.co_filename)
    if not path.is_relative_to(PACKAGE) or path.is_relative_to(LEFT_OUT):
        return None
    return path.relative_to(PACKAGE).as_posix()


def _caller(frame: FrameType) -> FrameType | None:
    """The nearest frame below this one that runs the package's code."""
    back = frame.f_back
    while back is not None and _file(back) is None:
        back = back.f_back
    return back


def make_context(checks: CheckRunner) -> ExchangeContext:
    """Checks run inline (`checks`): the same steps in the same order on every run."""
    table = StaticPolicyTable(
        GroundingPolicy(enabled=True, action=Action.LOG),
        {
            "block": WorkspaceOverride(action=Action.BLOCK),
            "log-report": WorkspaceOverride(action=Action.LOG, report=ReportLevel.CLAIMS),
            "progressive": WorkspaceOverride(
                action=Action.BLOCK, report=ReportLevel.CLAIMS, delivery=HeldStreams.PROGRESSIVE
            ),
        },
    )
    return ExchangeContext(policies=table, checks=checks)


def _headers(pairs: dict[str, str]) -> ext_proc.HttpHeaders:
    values = [base_pb2.HeaderValue(key=k, raw_value=v.encode()) for k, v in pairs.items()]
    return ext_proc.HttpHeaders(headers=base_pb2.HeaderMap(headers=values))


def stream_of(scenario: Scenario) -> list[ext_proc.ProcessingRequest]:
    """What Envoy sends for one chat completion answered with `scenario.answer`."""
    document: dict[str, Any] = {
        "model": "m",
        "messages": [{"role": "user", "content": "q"}],
        "metadata": {"grounding.sources": [DEFAULT_ANSWER]},
        "stream": scenario.stream,
    }
    path = {":path": "/v1/chat/completions", "x-workspace-id": scenario.workspace}
    content_type = "text/event-stream" if scenario.stream else "application/json"
    if scenario.stream:
        words = scenario.answer.split(" ")
        chunks = [sse_chunk(w if i == 0 else " " + w) for i, w in enumerate(words)]
        chunks += [sse_chunk(None, finish="stop"), b"data: [DONE]\n\n"]
    else:
        raw = completion(scenario.answer)
        chunks = [raw[: len(raw) // 2], raw[len(raw) // 2 :]]
    body = json.dumps(document).encode()
    return [
        ext_proc.ProcessingRequest(request_headers=_headers(path)),
        ext_proc.ProcessingRequest(request_body=ext_proc.HttpBody(body=body, end_of_stream=True)),
        ext_proc.ProcessingRequest(
            response_headers=_headers({":status": "200", "content-type": content_type})
        ),
        *(
            ext_proc.ProcessingRequest(
                response_body=ext_proc.HttpBody(body=chunk, end_of_stream=i == len(chunks) - 1)
            )
            for i, chunk in enumerate(chunks)
        ),
    ]


async def _requests(stream: Sequence[ext_proc.ProcessingRequest]) -> AsyncIterator[Any]:
    for request in stream:
        yield request


async def trace(scenario: Scenario) -> Trace:
    checks = CheckRunner(
        Grader(HashEmbedder()), deadline_seconds=30, workers=1, inline_max_chars=1_000_000
    )
    context = make_context(checks)
    processor = ExternalProcessor(context)
    result = Trace()
    replies = processor.Process(_requests(stream_of(scenario)), None)
    sys.setprofile(result.profile)
    try:
        async for _ in replies:
            pass
    finally:
        sys.setprofile(None)
    await checks.drain(5)
    checks.close()
    return result


def main(argv: Sequence[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--verbose", action="store_true", help="list every re-entry")
    args = parser.parse_args(argv)
    print(f"{'exchange':<17}{'re-entries':>11}{'calls':>7}{'functions':>10}{'files':>7}")
    total = Trace()
    for scenario in SCENARIOS:
        result = asyncio.run(trace(scenario))
        files = {name.split(":")[0] for name in result.calls}
        print(
            f"{scenario.name:<17}{len(result.reentries):>11}{result.calls.total():>7}"
            f"{len(result.calls):>10}{len(files):>7}"
        )
        if args.verbose:
            for origin, count in Counter(result.reentries).most_common():
                print(f"    {count:>4}  {origin}")
        total.reentries += result.reentries
        total.calls += result.calls
    files = {name.split(":")[0] for name in total.calls}
    print(
        f"{'all':<17}{len(total.reentries):>11}{total.calls.total():>7}"
        f"{len(total.calls):>10}{len(files):>7}"
    )


if __name__ == "__main__":
    main()
