"""One BLAS thread per process for `serve`.

The detector's matrix work is small (claims x passages); OpenBLAS still starts one
spinning thread per core for it.  Measured on 2 cores: two grading processes side by
side ran at 0.3x the throughput of one, and the check worker pool (several threads
calling BLAS at once) oversubscribes the cores the same way.  So `serve` limits BLAS
to one thread and gets its parallelism from the worker pool instead.

This does not touch onnxruntime: the MiniLM embedder sets its own intra-op thread
count on its session, which neither these variables nor threadpoolctl change.
"""

from __future__ import annotations

import logging
import os

log = logging.getLogger(__name__)

BLAS_THREAD_VARIABLES = ("OPENBLAS_NUM_THREADS", "OMP_NUM_THREADS")


def limit_blas_threads() -> int | None:
    """Default the BLAS thread count to 1 (an operator's explicit setting wins).

    The variables only act on a BLAS library loaded after them (and on child
    processes); numpy is usually imported already, so the running library is also
    limited through threadpoolctl.  Returns the limit applied, or None when the
    operator set OPENBLAS_NUM_THREADS themselves.
    """
    operator_set = "OPENBLAS_NUM_THREADS" in os.environ
    for variable in BLAS_THREAD_VARIABLES:
        os.environ.setdefault(variable, "1")
    if operator_set:
        return None
    from threadpoolctl import threadpool_limits

    threadpool_limits(limits=1, user_api="blas")
    return 1
