"""start_serving: the port line, and everything printed after it drained."""

from __future__ import annotations

import sys

from devtools.serving import start_serving

# Ready, then far more than a pipe holds (64 KiB on Linux), then done.
CHATTY = (
    "import sys; print('serving port=7 other=8', flush=True); "
    "[sys.stdout.write('x' * 1023 + '\\n') for _ in range(2048)]; sys.stdout.flush()"
)


def test_the_serving_line_gives_the_ports_and_later_output_never_blocks_the_child() -> None:
    served = start_serving([sys.executable, "-c", CHATTY], timeout=30)
    try:
        assert (served.port(), served.port("other")) == (7, 8)
        assert served.process.wait(timeout=30) == 0  # 2 MiB after the line went somewhere
    finally:
        served.stop()  # this child only, by its pid
