"""What `benchmarks.rag_traffic` runs against: a sidecar per detector (from this
checkout, or from another with `--before`), a real Envoy in front of each, and an
Envoy without ext_proc as the baseline; all on loopback, ports chosen at run time."""

from __future__ import annotations

import sys
from collections.abc import Iterator
from contextlib import ExitStack, contextmanager
from dataclasses import dataclass

from devtools.envoy_process import start_envoy_without_ext_proc, start_loopback_envoy
from devtools.mock_upstream import MockUpstream
from devtools.serving import ServingProcess, start_serving

DETECTORS = {
    "hash": ("--embedder", "hash", "--verifier", "off"),
    "minilm": ("--embedder", "minilm", "--verifier", "off"),
    "minilm+verifier": ("--embedder", "minilm", "--verifier", "on"),
    "minilm-fp32+verifier": ("--embedder", "minilm", "--precision", "fp32", "--verifier", "on"),
    "hash+verifier": ("--embedder", "hash", "--verifier", "on"),
}


@dataclass
class Target:
    name: str
    port: int
    sidecar: ServingProcess | None


def rss_mb(sidecar: ServingProcess) -> float | None:
    try:
        return sidecar.memory_mib()
    except (OSError, RuntimeError):  # the process is gone
        return None


@contextmanager
def environment(
    upstream: MockUpstream,
    detectors: list[str],
    deliveries: tuple[str, ...] = ("deferred",),
    before: str | None = None,
) -> Iterator[list[Target]]:
    """A sidecar and an Envoy per detector and BLOCK delivery (targets named
    `detector` for deferred, `detector/progressive` otherwise), and the bare Envoy.
    With `before` (a checkout of other code, e.g. `git worktree add /tmp/before REV`),
    each detector also runs from that tree, as `before:detector`."""
    trees = [("", None)] + ([("before:", before)] if before else [])
    with ExitStack() as running:
        targets: list[Target] = []
        for (prefix, tree), name, delivery in (
            (t, n, d) for t in trees for n in detectors for d in deliveries
        ):
            # `-m` puts the working directory first on the path: run from the tree.
            python = ["env", "-C", tree, sys.executable] if tree else [sys.executable]
            sidecar = running.enter_context(start_serving(
                [*python, "-m", "grounding_sidecar", "serve", "--port", "0",
                 *DETECTORS[name], "--enabled", "--action", "BLOCK", "--delivery", delivery,
                 "--log-level", "WARNING", "--metrics-port", "0"]
            ))  # fmt: skip
            envoy = start_loopback_envoy(upstream.port, sidecar.port(), log_level="error")
            label = prefix + (name if delivery == "deferred" else f"{name}/{delivery}")
            targets.append(Target(label, running.enter_context(envoy).port, sidecar))
        bare = start_envoy_without_ext_proc(upstream.port, log_level="error")
        targets.append(Target("no_ext_proc", running.enter_context(bare).port, None))
        yield targets
