"""serve limits BLAS to one thread per process unless the operator chose a count."""

import os
import subprocess
import sys

PROBE = """
import numpy, threadpoolctl
from grounding_sidecar.common.threads import limit_blas_threads
applied = limit_blas_threads()
blas = [i["num_threads"] for i in threadpoolctl.threadpool_info() if i["user_api"] == "blas"]
print(applied, blas, os.environ["OPENBLAS_NUM_THREADS"], os.environ["OMP_NUM_THREADS"])
"""


def probe(**env: str) -> str:
    clean = {
        k: v for k, v in os.environ.items() if k not in ("OPENBLAS_NUM_THREADS", "OMP_NUM_THREADS")
    }
    done = subprocess.run(
        [sys.executable, "-c", "import os\n" + PROBE],
        env={**clean, **env},
        capture_output=True,
        text=True,
        timeout=60,
        check=True,
    )
    return done.stdout.strip()


def test_numpy_already_loaded_is_limited_to_one_thread() -> None:
    # numpy is imported before the call, as in serve: the variables alone would be too late.
    assert probe() == "1 [1] 1 1"


def test_an_operator_setting_wins() -> None:
    # OpenBLAS caps an explicit count at the cores it sees.
    kept = min(2, os.cpu_count() or 1)
    assert probe(OPENBLAS_NUM_THREADS="2") == f"None [{kept}] 2 1"
