"""How long a check will take, estimated before it runs.

Admission needs a cost before the work starts, and the detector's work grows with the
text it reads, so the estimate is seconds per character of that text (`checked_chars`),
learnt from the work that completed.  Two readings: the median of all work (the checks
and the preparation steps ahead of them: what a queue takes, on average) and the tail
of the checks alone (what one check may take: checks of the same size differ by the
claims the verifier reads, and a check started with only its median cost left misses
its deadline whenever it runs slower).  A step reads one sentence or one source, and
its cost per character ranges far wider than a check's (a sentence the verifier reads
costs several times what a check does per character), so steps stay out of the
checks' tail.
"""

from __future__ import annotations

import math
import statistics
import threading
from collections import deque
from collections.abc import Sequence

from grounding_sidecar.decision import GroundingPolicy

# The share of completed checks whose cost the tail estimate covers, and the checks the
# window must hold before it is read (with fewer, its upper end is the first checks'
# cold start, and the median stands in).
TAIL_SHARE = 0.9
TAIL_MIN_CHECKS = 10


class CostModel:
    """Seconds of detector work per character of checked text: the median of the last
    `window` pieces of work that completed (one stalled check must not make the server
    shed), and the 90th percentile of the last `window` checks; `seconds_per_char` for
    both until the first piece completes (0: unknown, nothing is shed)."""

    def __init__(self, seconds_per_char: float = 0.0, *, window: int = 31) -> None:
        self._rates: deque[float] = deque(maxlen=window)
        self._check_rates: deque[float] = deque(maxlen=window)
        self._median = seconds_per_char
        self._tail = seconds_per_char
        self._lock = threading.Lock()

    def estimate(self, chars: int) -> float:
        """The median cost of work over `chars` characters."""
        return self._median * chars

    def estimate_tail(self, chars: int) -> float:
        """The cost nine checks in ten of `chars` characters stay under."""
        return self._tail * chars

    def observe(self, chars: int, seconds: float, *, check: bool) -> None:
        """A piece of work that completed: a check, or a step ahead of one.  Every
        caller says which: a step counted as a check would widen the checks' tail."""
        if chars <= 0:
            return
        with self._lock:
            self._rates.append(seconds / chars)
            self._median = statistics.median(self._rates)
            if check:
                self._check_rates.append(seconds / chars)
            self._tail = _tail_of(sorted(self._check_rates), self._median)


def _tail_of(rates: list[float], median: float) -> float:
    """The `TAIL_SHARE` quantile of the checks' sorted `rates` (nearest rank); `median`
    (of all work) while there are fewer than `TAIL_MIN_CHECKS`."""
    if len(rates) < TAIL_MIN_CHECKS:
        return median
    return rates[math.ceil(TAIL_SHARE * len(rates)) - 1]


def checked_chars(answer: str, sources: Sequence[str], policy: GroundingPolicy) -> int:
    """The text the detector reads: the answer, the sources its limits keep (past
    `max_sources` or over `max_source_length` they are dropped), the references."""
    kept = [s for s in sources[: policy.max_sources] if len(s) <= policy.max_source_length]
    return len(answer) + sum(map(len, kept)) + sum(map(len, policy.references))
