"""The soak's traffic: which request index `i` sends, and whether its response is right.

Every property of request `i` is drawn from its own seeded generator, so a run is the
same run every time and any request can be rebuilt from its index: JSON or SSE, a BLOCK
or a LOG workspace, grounded or not, one of ten repeating source/answer pairs or texts
never seen before, and (a share of streams) a client that hangs up mid-stream.  Each
request carries a W3C `traceparent` whose trace id is `i`; its response must name the
same trace id and the verdict its case expects (docs/clients.md): a grounded answer
passes whole; an ungrounded one is refused under BLOCK (403, or one `content_filter`
chunk) and delivered with `verdict == "fail"` under LOG.
"""

from __future__ import annotations

import json
import random
from dataclasses import dataclass
from enum import StrEnum
from typing import Any

CITIES = ["Rotterdam", "Lyon", "Gdansk", "Porto", "Leipzig", "Turin", "Ghent", "Bilbao"]
REPEATING_PAIRS = 10
WORKSPACES = {"block": "BLOCK", "log": "LOG"}  # id -> action (soak_workspaces)


class Outcome(StrEnum):
    RIGHT = "right"  # the verdict and trace id the case expects
    WRONG = "wrong"  # anything else: a lost, crossed or mis-verdicted response
    HUNG_UP = "hung_up"  # the client left mid-stream on purpose: nothing to check


@dataclass(frozen=True, slots=True)
class Case:
    index: int
    streaming: bool
    workspace: str
    grounded: bool
    unique: bool
    hangs_up: bool

    @property
    def trace_id(self) -> str:
        return f"{self.index + 1:032x}"  # all-zero ids are invalid

    @property
    def refused(self) -> bool:
        return WORKSPACES[self.workspace] == "BLOCK" and not self.grounded

    def texts(self) -> tuple[str, str]:
        """The source and the answer."""
        key = self.index if self.unique else self.index % REPEATING_PAIRS
        city = CITIES[key % len(CITIES)]
        source = (
            f"Order {key} left the {city} warehouse on {key % 28 + 1} June by rail freight. "
            f"It holds {key % 90 + 10} pallets of steel coils insured up to {key * 7} euros."
        )
        if self.grounded:
            return source, f"Order {key} left the {city} warehouse on {key % 28 + 1} June."
        return source, f"Order {key} was eaten by a purple dragon over the Atlantic Ocean."


def case_for(index: int, *, seed: int, hang_up_share: float) -> Case:
    rng = random.Random(seed * 1_000_003 + index)
    streaming = rng.random() < 0.5
    return Case(
        index=index,
        streaming=streaming,
        workspace="block" if rng.random() < 0.5 else "log",
        grounded=rng.random() < 0.75,
        unique=rng.random() < 0.5,
        hangs_up=streaming and rng.random() < hang_up_share,
    )


def soak_workspaces() -> dict[str, Any]:
    """The policy-dir file the soak's sidecar reads: one workspace per action."""
    return {
        "workspaces": [
            {
                "id": w,
                "metadata": {
                    "grounding.enabled": "true",
                    "grounding.action": action,
                    "grounding.report": "summary",  # the verdict and trace id in the body
                },
            }
            for w, action in WORKSPACES.items()
        ]
    }


def request_of(case: Case) -> tuple[bytes, dict[str, str]]:
    """The chat completion's body and headers."""
    source, answer = case.texts()
    body: dict[str, Any] = {
        "model": "mock-1",
        "messages": [{"role": "user", "content": "Where is my order?"}],
        "metadata": {"grounding.sources": [source]},
    }
    headers = {
        "content-type": "application/json",
        "x-workspace-id": case.workspace,
        "x-mock-answer": answer,
        "traceparent": f"00-{case.trace_id}-00000000000000a1-01",
    }
    if case.streaming:
        body["stream"] = True
        headers["x-mock-chunks"] = "4"
    if case.hangs_up:
        # Slow enough that the client leaves while the upstream is still sending.
        headers |= {"x-mock-delay": "0.02", "x-mock-chunks": "10"}
    return json.dumps(body).encode(), headers


def judge(case: Case, status: int, body: bytes) -> Outcome:
    try:
        right = (
            _streamed_right(case, status, body)
            if case.streaming
            else _json_right(case, status, body)
        )
    except (ValueError, KeyError, IndexError, TypeError):
        right = False  # a body that does not parse is a wrong response
    return Outcome.RIGHT if right else Outcome.WRONG


def _json_right(case: Case, status: int, body: bytes) -> bool:
    document = json.loads(body)
    if case.refused:
        error = document["error"]
        return (
            status == 403
            and error["code"] == "hallucination_detected"
            and error["trace_id"] == case.trace_id
        )
    report = document["grounding"]
    content = document["choices"][0]["message"]["content"]
    return (
        status == 200
        and content == case.texts()[1]
        and report["verdict"] == ("pass" if case.grounded else "fail")
        and report["trace_id"] == case.trace_id
    )


def _streamed_right(case: Case, status: int, body: bytes) -> bool:
    chunks = [
        json.loads(line[len(b"data: ") :])
        for line in body.splitlines()
        if line.startswith(b"data: ") and line != b"data: [DONE]"
    ]
    final = [c for c in chunks if c["choices"] and c["choices"][0].get("finish_reason")][-1]
    report = final["grounding"]
    if case.refused:
        return (
            status == 200
            and final["choices"][0]["finish_reason"] == "content_filter"
            and report["trace_id"] == case.trace_id
        )
    text = "".join(c["choices"][0]["delta"].get("content") or "" for c in chunks if c["choices"])
    return (
        status == 200
        and text == case.texts()[1]
        and report["verdict"] == ("pass" if case.grounded else "fail")
        and report["trace_id"] == case.trace_id
    )
