"""`serve` stops on SIGTERM even when its parent started it with the signal blocked
(a blocked signal mask survives exec; `devtools.demo` blocks it for its own sigwait)."""

from __future__ import annotations

import signal
import subprocess
import sys
import tempfile

# The mask is blocked in a launcher that then execs `serve`, not in a `preexec_fn`:
# forking the test process, where gRPC threads of earlier tests may still run, and
# running Python in the child before exec can hang or kill the child.
LAUNCHER = (
    "import os, signal, sys; "
    "signal.pthread_sigmask(signal.SIG_BLOCK, {signal.SIGTERM, signal.SIGINT}); "
    "os.execv(sys.executable, [sys.executable, *sys.argv[1:]])"
)


def test_serve_exits_cleanly_on_sigterm_inherited_blocked() -> None:
    command = [sys.executable, "-c", LAUNCHER, "-m", "grounding_sidecar", "serve"]
    command += ["--embedder", "hash", "--port", "0", "--metrics-port", "0"]
    command += ["--grace-seconds", "1"]
    with tempfile.TemporaryFile(mode="w+") as stderr:
        process = subprocess.Popen(command, stdout=subprocess.PIPE, stderr=stderr, text=True)
        try:
            assert process.stdout is not None
            line = process.stdout.readline()
            stderr.seek(0)
            assert line.startswith("serving port="), stderr.read()[-2000:]
            process.send_signal(signal.SIGTERM)
            assert process.wait(timeout=20) == 0
        finally:
            if process.poll() is None:
                process.kill()
                process.wait()
