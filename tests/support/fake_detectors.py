"""A test detector for the request path: the real hash grader, observable and tunable."""

from __future__ import annotations

import threading
import time
from collections.abc import Sequence

from grounding_sidecar.detection import Grader, load_embedder
from grounding_sidecar.detection.contract import CheckResult, ClaimPolicy
from grounding_sidecar.detection.text.passages import SourceLimits

GRADER = Grader(load_embedder("hash"))


class ThreadRecorder:
    """The hash grader, remembering which thread ran each check; optionally slow or broken."""

    def __init__(self, *, sleep: float = 0.0, fail: bool = False) -> None:
        self.threads: list[int] = []
        self.sleep = sleep
        self.fail = fail

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
        if self.sleep:
            time.sleep(self.sleep)
        if self.fail:
            raise RuntimeError("detector bug")
        return GRADER.check(answer, sources, limits=limits, policy=policy, references=references)
