"""A directory laid out and updated the way the kubelet updates a mounted ConfigMap.

Files live in a `..<timestamp>` directory; `..data` links to it; each visible name
links through `..data`.  `publish` writes a new timestamped directory and swaps
`..data` with one atomic rename, then removes the old one, as the atomic writer does.
For tests and local experiments with `policy-dir`.
"""

from __future__ import annotations

import os
import shutil
from collections.abc import Mapping
from itertools import count
from pathlib import Path

_stamp = count()


class ConfigMapDir:
    def __init__(self, root: Path) -> None:
        self.root = root
        root.mkdir(parents=True, exist_ok=True)

    def publish(self, files: Mapping[str, str]) -> None:
        stamp = self.root / f"..2025_01_01_00_00_{next(_stamp):02d}.{os.getpid()}"
        stamp.mkdir()
        for name, text in files.items():
            (stamp / name).write_text(text, encoding="utf-8")
        data = self.root / "..data"
        old = os.readlink(data) if data.is_symlink() else None
        tmp = self.root / "..data_tmp"
        tmp.symlink_to(stamp.name)
        os.replace(tmp, data)  # the atomic swap
        for name in files:
            link = self.root / name
            if not link.is_symlink():
                link.symlink_to(f"..data/{name}")
        if old is not None:
            shutil.rmtree(self.root / old)
