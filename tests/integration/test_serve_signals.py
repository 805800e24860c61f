"""`serve` stops on SIGTERM even when its parent started it with the signal blocked
(a blocked signal mask survives exec; `devtools.demo` blocks it for its own sigwait)."""

from __future__ import annotations

import signal
import subprocess
import sys


def _block_shutdown_signals() -> None:
    signal.pthread_sigmask(signal.SIG_BLOCK, {signal.SIGTERM, signal.SIGINT})


def test_serve_exits_cleanly_on_sigterm_inherited_blocked() -> None:
    command = [sys.executable, "-m", "grounding_sidecar", "serve", "--embedder", "hash"]
    command += ["--port", "0", "--metrics-port", "0", "--grace-seconds", "1"]
    process = subprocess.Popen(
        command,
        stdout=subprocess.PIPE,
        stderr=subprocess.DEVNULL,
        text=True,
        preexec_fn=_block_shutdown_signals,
    )
    try:
        assert process.stdout is not None
        line = process.stdout.readline()
        assert line.startswith("serving port="), line
        process.send_signal(signal.SIGTERM)
        assert process.wait(timeout=20) == 0
    finally:
        if process.poll() is None:
            process.kill()
            process.wait()
