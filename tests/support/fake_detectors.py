"""The one test detector of the request path: the real hash grader, observable and tunable."""

from __future__ import annotations

import threading
import time
from collections.abc import Sequence
from typing import Any

from grounding_sidecar.detection import Grader, GraderSettings, HashEmbedder
from grounding_sidecar.detection.contract import CheckResult

GRADER = Grader(HashEmbedder())
# Answers holding this are checked slowly by a `FakeDetector(slow_marker=SLOW_MARKER)`.
SLOW_MARKER = "SLOW-CHECK"


class FakeDetector(Grader):
    """The hash grader, remembering which thread ran each check.

    `sleep` delays every check, or only answers holding `slow_marker` when one is given;
    `fail` makes every check raise (a detector bug).  It declares itself not cheap unless
    told otherwise, so the server runs it in the pool as it would any model.
    """

    def __init__(
        self,
        *,
        sleep: float = 0.0,
        fail: bool = False,
        slow_marker: str | None = None,
        cheap: bool = False,
        short_answers_with_question: bool = False,
    ) -> None:
        super().__init__(
            HashEmbedder(), GraderSettings(short_answers_with_question=short_answers_with_question)
        )
        self.threads: list[int] = []
        self.sleep = sleep
        self.fail = fail
        self.slow_marker = slow_marker
        self._cheap = cheap

    @property
    def is_cheap(self) -> bool:
        return self._cheap

    def check(self, answer: str, sources: Sequence[str], **options: Any) -> CheckResult:
        self.threads.append(threading.get_ident())
        if self.sleep and (self.slow_marker is None or self.slow_marker in answer):
            time.sleep(self.sleep)
        if self.fail:
            raise RuntimeError("detector bug")
        return super().check(answer, sources, **options)


class GatedDetector(FakeDetector):
    """Blocks every check on `gate` until a test opens it."""

    def __init__(self) -> None:
        super().__init__()
        self.gate = threading.Event()
        self.entered = threading.Event()

    def check(self, answer: str, sources: Sequence[str], **options: Any) -> CheckResult:
        self.entered.set()
        assert self.gate.wait(timeout=30)
        return super().check(answer, sources, **options)
