"""How long a check will take, estimated before it runs.

Admission needs a cost before the work starts, and the detector's work grows with the
text it reads, so the estimate is seconds per character of that text (`checked_chars`),
learnt from the checks that completed.
"""

from __future__ import annotations

import statistics
import threading
from collections import deque
from collections.abc import Sequence

from grounding_sidecar.decision import GroundingPolicy


class CostModel:
    """Seconds of detector work per character of checked text: the median of the last
    `window` completed checks (one stalled check must not make the server shed), or
    `seconds_per_char` until the first one completes (0: unknown, nothing is shed)."""

    def __init__(self, seconds_per_char: float = 0.0, *, window: int = 31) -> None:
        self._rates: deque[float] = deque(maxlen=window)
        self._median = seconds_per_char
        self._lock = threading.Lock()

    def estimate(self, chars: int) -> float:
        return self._median * chars

    def observe(self, chars: int, seconds: float) -> None:
        if chars <= 0:
            return
        with self._lock:
            self._rates.append(seconds / chars)
            self._median = statistics.median(self._rates)


def checked_chars(answer: str, sources: Sequence[str], policy: GroundingPolicy) -> int:
    """The text the detector reads: the answer, the sources its limits keep (past
    `max_sources` or over `max_source_length` they are dropped), the references."""
    kept = [s for s in sources[: policy.max_sources] if len(s) <= policy.max_source_length]
    return len(answer) + sum(map(len, kept)) + sum(map(len, policy.references))
