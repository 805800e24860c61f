"""The one test detector of the request path: the real hash grader, observable and tunable."""

from __future__ import annotations

import threading
import time
from collections.abc import Sequence

from grounding_sidecar.detection import Grader, load_embedder
from grounding_sidecar.detection.contract import CheckResult, ClaimPolicy
from grounding_sidecar.detection.text.passages import SourceLimits

GRADER = Grader(load_embedder("hash"))
# Answers holding this are checked slowly by a `FakeDetector(slow_marker=SLOW_MARKER)`.
SLOW_MARKER = "SLOW-CHECK"


class FakeDetector:
    """The hash grader, remembering which thread ran each check.

    `sleep` delays every check, or only answers holding `slow_marker` when one is given;
    `fail` makes every check raise (a detector bug).  It declares itself not cheap unless
    told otherwise, as any detector the server does not know would.
    """

    def __init__(
        self,
        *,
        sleep: float = 0.0,
        fail: bool = False,
        slow_marker: str | None = None,
        cheap: bool = False,
    ) -> None:
        self.threads: list[int] = []
        self.sleep = sleep
        self.fail = fail
        self.slow_marker = slow_marker
        self.is_cheap = cheap

    def version(self, policy: ClaimPolicy = ClaimPolicy.STRICT) -> str:
        return GRADER.version(policy)

    def check(
        self,
        answer: str,
        sources: Sequence[str],
        *,
        limits: SourceLimits | None = None,
        policy: ClaimPolicy = ClaimPolicy.STRICT,
        references: Sequence[str] = (),
    ) -> CheckResult:
        self.threads.append(threading.get_ident())
        if self.sleep and (self.slow_marker is None or self.slow_marker in answer):
            time.sleep(self.sleep)
        if self.fail:
            raise RuntimeError("detector bug")
        return GRADER.check(answer, sources, limits=limits, policy=policy, references=references)
