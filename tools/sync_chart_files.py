"""Copy the shared monitoring files into the Helm chart before it is rendered or packaged.

Helm can only read files inside the chart directory, and the rule file must be the one
`promtool test rules` checks (deploy/observability/prometheus), not a second copy kept
by hand.  So the chart's files/ folder is filled from there at render time (tests/deploy,
`make helm-files`), and git ignores the copies.  Run: `python tools/sync_chart_files.py`.
"""

from __future__ import annotations

import shutil
import sys
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]
CHART_FILES = REPO / "deploy" / "helm" / "grounding-sidecar" / "files"
# chart files/ subfolder -> glob of its sources (relative to the repo)
SOURCES = {
    "prometheus": "deploy/observability/prometheus/grounding-rules.yaml",
    "grafana": "deploy/observability/grafana/*.json",
}


def sync() -> list[str]:
    """Replace each subfolder with fresh copies; return the globs that matched nothing."""
    missing = []
    for folder, pattern in SOURCES.items():
        target = CHART_FILES / folder
        shutil.rmtree(target, ignore_errors=True)  # never render a stale copy
        matches = sorted(REPO.glob(pattern))
        if not matches:
            missing.append(pattern)
            continue
        target.mkdir(parents=True)
        for source in matches:
            shutil.copyfile(source, target / source.name)
    return missing


if __name__ == "__main__":
    absent = sync()
    for path in absent:
        print(f"sync_chart_files: missing {path}", file=sys.stderr)
    sys.exit(1 if absent else 0)
