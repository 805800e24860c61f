"""Real check results (hash embedder) and check events for the observability tests."""

from __future__ import annotations

import shutil
import subprocess
from collections.abc import Sequence
from dataclasses import replace
from pathlib import Path

from grounding_sidecar.decision import (
    Action,
    CheckEvent,
    CheckOutcome,
    GroundingPolicy,
    Unchecked,
    decide,
    delivery_for,
)
from grounding_sidecar.detection import Grader, HashEmbedder
from grounding_sidecar.detection.contract import CheckResult

TRACE = "4bf92f3577b34da6a3ce929d0e0e4736"
SOURCE = (
    "The refund window for annual plans is 30 days from the purchase date. "
    "Refunds are paid to the original payment method within five business days."
)
GROUNDED_ANSWER = "The refund window for annual plans is 30 days from the purchase date."
UNGROUNDED_ANSWER = (
    "The refund window for annual plans is 30 days from the purchase date. "
    "Every customer also receives a free laptop with the premium subscription bundle."
)
UNGROUNDED_CLAIM = (
    "Every customer also receives a free laptop with the premium subscription bundle."
)


def check(
    answer: str, sources: Sequence[str] = (SOURCE,), grader: Grader | None = None
) -> CheckResult:
    return (grader or Grader(HashEmbedder())).check(answer, sources)


def event(
    outcome: CheckOutcome,
    *,
    action: Action = Action.LOG,
    streaming: bool = False,
    workspace_id: str | None = "acme",
    unknown_blocks: bool = False,
) -> CheckEvent:
    from grounding_sidecar.decision import UnknownHandling

    policy = GroundingPolicy(
        enabled=True,
        action=action,
        unknown=UnknownHandling.BLOCK if unknown_blocks else UnknownHandling.DELIVER,
    )
    return CheckEvent(
        workspace_id=workspace_id,
        action=action,
        streaming=streaming,
        delivery=delivery_for(action, streaming=streaming),
        outcome=outcome if outcome.result is None else replace(outcome, seconds=0.01),
        decision=decide(outcome, policy, TRACE),
        trace_id=TRACE,
        source_count=1,
    )


def unchecked(reason: Unchecked) -> CheckOutcome:
    return CheckOutcome(None, reason)


def promtool(
    *args: str, stdin: str | None = None, cwd: Path | None = None
) -> subprocess.CompletedProcess[str]:
    """Run the real promtool (installed by `make tools`)."""
    path = shutil.which("promtool")
    assert path, "promtool is missing: run `make tools` (Debian package prometheus)"
    return subprocess.run(
        [path, *args],
        input=stdin,
        capture_output=True,
        text=True,
        timeout=120,
        check=False,
        cwd=cwd,
    )
